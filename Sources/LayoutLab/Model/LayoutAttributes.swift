import Foundation

/// What an element of a collection view is: a cell, or a section's header or footer
/// (UIKit's `representedElementCategory` plus `elementKindSectionHeader`/`Footer`).
public enum ElementKind: String, Hashable, Sendable, CaseIterable {
  case cell
  case header
  case footer
}

/// A section and an item within it. Headers and footers use item 0, as UIKit does.
/// A plain pair of integers rather than Foundation's `IndexPath`, whose storage may be a
/// heap array: attributes are built in hot loops.
public struct LayoutIndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var section: Int
  public var item: Int

  public init(item: Int, section: Int) {
    self.section = section
    self.item = item
  }

  public static func < (a: Self, b: Self) -> Bool {
    (a.section, a.item) < (b.section, b.item)
  }

  public var description: String { "[\(section), \(item)]" }
}

/// The layout information of one element (`UICollectionViewLayoutAttributes`).
public struct LayoutAttributes: Hashable, Sendable {
  public var kind: ElementKind
  public var indexPath: LayoutIndexPath
  public var frame: CGRect
  public var zIndex: Int

  public init(kind: ElementKind, indexPath: LayoutIndexPath, frame: CGRect, zIndex: Int) {
    self.kind = kind
    self.indexPath = indexPath
    self.frame = frame
    self.zIndex = zIndex
  }

  /// FLOW-23: the zIndex of headers and footers. Above the cells' 0 because UIKit's flow layout
  /// draws its supplementary views over the cells — a pinned header covers the cells that
  /// scroll under it (FLOW-24).
  public static let supplementaryViewZIndex = 10

  /// FLOW-23: cells sit at zIndex 0, headers and footers above them.
  public static func zIndex(for kind: ElementKind) -> Int {
    kind == .cell ? 0 : supplementaryViewZIndex
  }
}
