import Foundation

/// One section's metrics with the delegate's overrides (FLOW-3), the header/footer rule
/// (FLOW-4) and the inset reference (FLOW-7) applied, in logical terms.
struct FlowSectionMetrics {
  /// Section insets along the line (left/right for rows) and along the scroll axis.
  let lead: Double
  let trail: Double
  let before: Double
  let after: Double
  let interitemSpacing: Double
  let lineSpacing: Double
  let headerLength: Double
  let footerLength: Double
  /// FLOW-6's `A`: the main length a line may fill. May be negative with large insets.
  let available: Double
  /// FLOW-8: the one size of a uniform section, or nil for a mixed one.
  let uniformSize: CGSize?

  /// Where the first line starts, relative to the section's start (FLOW-16).
  var linesStart: Double { headerLength + before }

  /// The section's length given where its last line ends (or `linesStart` with no lines).
  func length(linesEnd: Double) -> Double { linesEnd + after + footerLength }

  /// FLOW-16: where the line after one that starts at `start` (relative to the section) starts.
  /// The one formula for it: FLOW-21 rounds the sum, so a line moved by an incremental update
  /// must start at exactly the bits a full layout gives it.
  @inline(__always)
  func lineStart(after start: Double, thickness: Double) -> Double {
    start + (thickness + lineSpacing)
  }

  /// The metrics of section `index` of `model`, its fields read in place: a section passed
  /// whole from the model's array is copied first (a retain and a release of its arrays,
  /// about 100 instructions), as an update that needs one section's metrics would.
  init(section index: Int, of model: FlowLayoutModel, geometry: FlowGeometry) {
    self = model.sections.withUnsafeBufferPointer { sections in
      guard let base = sections.baseAddress, sections.indices.contains(index) else {
        preconditionFailure("section \(index) of \(sections.count)")
      }
      return Self(at: base + index, in: model, geometry: geometry)
    }
  }

  @inline(__always)
  private init(
    at section: UnsafePointer<FlowSection>, in model: FlowLayoutModel, geometry: FlowGeometry
  ) {
    let layout = model.layout
    var inset = section.pointee.sectionInset ?? layout.sectionInset
    let contentInset = model.collectionView.adjustedContentInset
    // FLOW-7: only the two cross-axis insets move; each by its reference's excess over the
    // content inset on that side.
    if let reference = layout.sectionInsetReference.referenceInsets(in: model.collectionView) {
      if geometry.isVertical {
        inset.left = max(inset.left + reference.left - contentInset.left, 0)
        inset.right = max(inset.right + reference.right - contentInset.right, 0)
      } else {
        inset.top = max(inset.top + reference.top - contentInset.top, 0)
        inset.bottom = max(inset.bottom + reference.bottom - contentInset.bottom, 0)
      }
    }
    if geometry.isVertical {
      (lead, trail, before, after) = (inset.left, inset.right, inset.top, inset.bottom)
    } else {
      (lead, trail, before, after) = (inset.top, inset.bottom, inset.left, inset.right)
    }
    interitemSpacing = section.pointee.minimumInteritemSpacing ?? layout.minimumInteritemSpacing
    lineSpacing = section.pointee.minimumLineSpacing ?? layout.minimumLineSpacing
    headerLength = geometry.scrollLength(
      section.pointee.headerReferenceSize ?? layout.headerReferenceSize)
    footerLength = geometry.scrollLength(
      section.pointee.footerReferenceSize ?? layout.footerReferenceSize)
    available = geometry.lineDimension - lead - trail

    // FLOW-8: uniform when every item has one size and sizes are not estimated.
    if layout.estimatedItemSize.isEnabled {
      uniformSize = nil
    } else {
      switch section.pointee.itemSizing {
      case .fixed(_, let itemSize):
        uniformSize = itemSize ?? layout.itemSize
      case .fixedWithExceptions(let count, let itemSize, let exceptions):
        // As `.perItem` judges the same sizes: item 0's size, if every size equals it.
        let fixed = itemSize ?? layout.itemSize
        let first = exceptions.first.flatMap { $0.item == 0 ? $0.size : nil } ?? fixed
        let fixedDiffers = exceptions.count < count && first != fixed
        uniformSize = !fixedDiffers && exceptions.allSatisfy { $0.size == first } ? first : nil
      case .perItem(let sizes):
        let first = sizes.first ?? layout.itemSize
        uniformSize = sizes.allSatisfy { $0 == first } ? first : nil
      }
    }
  }
}

/// The sizes of a section's items, read without a switch per item.
struct FlowItemSizes {
  private let storage: Storage
  private let fixedSize: CGSize
  let count: Int

  /// Where the sizes are: one reference at most (a multi-payload enum of references takes one
  /// word), so that the struct stays four words and costs one retain where it is passed.
  private enum Storage {
    /// `count` items of `fixedSize`.
    case fixed
    case perItem(ContiguousArray<CGSize>)
    /// `fixedSize`, but for these items (sorted, each once).
    case exceptions(ContiguousArray<FlowSection.SizeException>)
  }

  /// The sizes of section `index` of `sections`, read in place: inlined, and only the
  /// section's sizing loaded (one retain of its sizes). Passing the section out of line, or
  /// reading it whole, copied it first — a retain and a release of each of its arrays, 150 to
  /// 200 instructions a query — to read one of its fields. The engine's layout loops read it
  /// out of line (`FlowLayoutEngine.itemSizes(ofSection:)`): inlined there, it cost the
  /// reference's layout 0.7 % more instructions.
  @inline(__always)
  init(section index: Int, of sections: [FlowSection], layout: FlowLayoutConfiguration) {
    self = sections.withUnsafeBufferPointer {
      precondition($0.indices.contains(index), "section \(index) of \($0.count)")
      return FlowItemSizes(sizing: $0[index].itemSizing, layout: layout)
    }
  }

  @inline(__always)
  private init(sizing: FlowSection.ItemSizing, layout: FlowLayoutConfiguration) {
    switch sizing {
    case .fixed(let count, let itemSize):
      (storage, fixedSize, self.count) = (.fixed, itemSize ?? layout.itemSize, count)
    case .fixedWithExceptions(let count, let itemSize, let exceptions):
      (storage, fixedSize, self.count) = (
        exceptions.isEmpty ? .fixed : .exceptions(exceptions), itemSize ?? layout.itemSize, count
      )
    case .perItem(let sizes):
      (storage, fixedSize, count) = (.perItem(sizes), .zero, sizes.count)
    }
  }

  private var sizes: ContiguousArray<CGSize>? {
    if case .perItem(let sizes) = storage { return sizes }
    return nil
  }

  private var exceptions: ContiguousArray<FlowSection.SizeException> {
    if case .exceptions(let exceptions) = storage { return exceptions }
    return []
  }

  /// - Complexity: O(1), or O(log exceptions) in a section of one size with exceptions.
  @inline(__always)
  subscript(item: Int) -> CGSize {
    switch storage {
    case .perItem(let sizes): sizes[item]
    case .fixed: fixedSize
    case .exceptions: exceptionalSize(of: item)
    }
  }

  /// The size of `item` in a section of one size with exceptions: out of line, so that the
  /// subscript stays small enough to inline into every strategy's loops over items.
  @inline(never)
  private func exceptionalSize(of item: Int) -> CGSize {
    guard case .exceptions(let exceptions) = storage else { return fixedSize }
    return exceptions.withUnsafeBufferPointer { exceptions in
      // Items before the first exception or after the last — most, with few — need no search.
      guard let first = exceptions.first, let last = exceptions.last,
        item >= first.item && item <= last.item
      else { return fixedSize }
      // Invariant: exceptions before the result name earlier items; one at or after it names
      // `item` or a later one (the last does), so the result is an index.
      let index = partitioningIndex(exceptions.count) { exceptions[$0].item >= item }
      return exceptions[index].item == item ? exceptions[index].size : fixedSize
    }
  }

  /// The sizes one per item, made for a loop that reads them through a buffer (the frame
  /// buffer path), where a section of one size with exceptions keeps none: nil for one size
  /// alone.
  ///
  /// - Complexity: O(1) with sizes per item; O(count) with exceptions, written once.
  var sizesPerItem: ContiguousArray<CGSize>? {
    if let sizes { return sizes }
    guard case .exceptions(let exceptions) = storage else { return nil }
    var made = ContiguousArray(repeating: fixedSize, count: count)
    for exception in exceptions { made[exception.item] = exception.size }
    return made
  }

  /// Whether the section keeps a size per item (`withUnsafeSizes` calls its body).
  var hasSizeBuffer: Bool { sizes != nil }

  /// How many items have a size of their own in a section of one size with exceptions.
  var exceptionCount: Int { exceptions.count }

  /// Calls `body` with the sizes as one flat buffer, for a loop that reads every item; nil,
  /// without calling it, when the section has one fixed size (with or without exceptions)
  /// and keeps no sizes.
  @inline(__always)
  func withUnsafeSizes<Result>(_ body: (UnsafeBufferPointer<CGSize>) -> Result) -> Result? {
    sizes?.withUnsafeBufferPointer(body)
  }

  /// Calls `body` with every size an item from `item` on may have, once or more each, as one
  /// buffer: the sizes themselves, or the one size and the exceptions' — for a loop that
  /// bounds them all.
  ///
  /// - Complexity: O(items from `item` on), or O(exceptions) for one size with exceptions.
  func withSizes<Result>(
    from item: Int, _ body: (UnsafeBufferPointer<CGSize>) -> Result
  ) -> Result {
    if let sizes { return sizes[item...].withUnsafeBufferPointer(body) }
    var distinct = ContiguousArray<CGSize>([fixedSize])
    for index in exceptions.index(atOrAfter: item)..<exceptions.count {
      distinct.append(exceptions[index].size)
    }
    return distinct.withUnsafeBufferPointer(body)
  }

  /// The end of the run of items equal in size to `item` that starts there: the first later
  /// item of another size, or `count`.
  ///
  /// - Complexity: O(1) for one size per section; O(log exceptions + exceptions passed) for
  ///   one size with exceptions; O(length of the run) otherwise.
  func endOfRun(startingAt item: Int) -> Int {
    guard let sizes else {
      if exceptions.isEmpty { return count }
      return exceptionalEndOfRun(startingAt: item)
    }
    let size = sizes[item]
    var end = item + 1
    while end < count && sizes[end] == size { end += 1 }
    return end
  }

  /// `endOfRun` over the one size and the exceptions: a stretch between two exceptions is
  /// passed at once.
  private func exceptionalEndOfRun(startingAt item: Int) -> Int {
    let size = self[item]
    var end = item + 1
    // The first exception after `end - 1`.
    var next = exceptions.index(atOrAfter: end)
    while end < count {
      if next < exceptions.count && exceptions[next].item == end {
        guard exceptions[next].size == size else { return end }
        end += 1
        next += 1
      } else {
        // Items of the one size up to the next exception (or the end).
        guard fixedSize == size else { return end }
        end = next < exceptions.count ? exceptions[next].item : count
      }
    }
    return end
  }
}
