import Foundation

extension FlowSection {
  /// Whether section `a` equals section `b` (`==`), compared field by field through the
  /// pointers for two `.fixed` sections — what a self-sizing view's sections at the estimate
  /// are (FLOW-26) — and by `==` otherwise. The derived `==` on sections read whole copied
  /// both first (160 bytes each), about 75 instructions a section in all.
  @inline(__always)
  static func equal(_ a: UnsafePointer<FlowSection>, _ b: UnsafePointer<FlowSection>) -> Bool {
    guard case .fixed(let count, let itemSize) = a.pointee.itemSizing,
      case .fixed(let otherCount, let otherItemSize) = b.pointee.itemSizing
    else { return a.pointee == b.pointee }
    return count == otherCount && itemSize == otherItemSize
      && a.pointee.sectionInset == b.pointee.sectionInset
      && a.pointee.minimumInteritemSpacing == b.pointee.minimumInteritemSpacing
      && a.pointee.minimumLineSpacing == b.pointee.minimumLineSpacing
      && a.pointee.headerReferenceSize == b.pointee.headerReferenceSize
      && a.pointee.footerReferenceSize == b.pointee.footerReferenceSize
  }
}
