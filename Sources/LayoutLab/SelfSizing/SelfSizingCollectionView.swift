import Foundation

/// A collection view whose cells size themselves (FLOW-26, FLOW-27), driving any flow strategy
/// the way UIKit drives a layout with `estimatedItemSize`: items start at the estimate; a cell
/// is measured when a rect query first returns it; a measured size that differs from the
/// current one invalidates the layout from that item on; and the content offset moves so that
/// the first visible item keeps its place on screen when items before it change length.
///
/// The layout's own queries stay read-only: measuring is the collection view's business, as in
/// UIKit (`preferredLayoutAttributesFitting(_:)` then an invalidation).
///
/// Starting costs O(s), not O(n), as a collection view's first screen does: every section is
/// handed to the layout as "count items at the estimate" (`.fixed`, mixed while sizes are
/// estimated: FLOW-8), the sizes cells report are read from the caller's model without a copy,
/// and each is checked when its cell is measured, not before.
public struct SelfSizingCollectionView: Sendable {
  /// The layout, holding the current (estimated or measured) sizes.
  public private(set) var layout: any FlowLayoutStrategy
  /// The model the view was made with, whose sections give the sizes cells report when
  /// measured (the delegate's real answers): shared with the caller's, copied only when a
  /// measured cell reports a new size (`measuredCellsDidResize(_:)`).
  public private(set) var measuredModel: FlowLayoutModel
  /// Which items have been measured, per section, up to the last section with a measured item
  /// (empty for a section none of whose items is): a view starts with none.
  private var measuredFlags: [ContiguousArray<Bool>] = []
  public private(set) var measuredCount = 0
  /// The number of items, measured or not.
  public let totalItems: Int
  /// Σ of measured sizes, for `automaticSize`'s running average.
  private var measuredWidth = 0.0
  private var measuredHeight = 0.0

  /// A collection view over `model`, whose sections give the sizes cells report when measured,
  /// laid out by `strategy`. Every item starts at the estimate (FLOW-26). Throws if the model
  /// holds bad input or has no estimated size; a bad size a cell reports is found when the
  /// cell is measured (`layoutAttributesForElements(in:)`, `scroll(to:)`, `measureAll()`).
  ///
  /// - Complexity: O(s), plus the strategy's `init` and `prepare()` at the estimates.
  public init(
    model: FlowLayoutModel, strategy: any FlowLayoutStrategy.Type
  ) throws(LayoutError) {
    guard model.layout.estimatedItemSize.isEnabled else {
      throw LayoutError(field: "layout.estimatedItemSize", "self-sizing needs an estimated size")
    }
    let estimate = Self.estimate(model.layout.estimatedItemSize, width: 0, height: 0, count: 0)
    var sections: [FlowSection] = []
    sections.reserveCapacity(model.sections.count)
    var total = 0
    // Each section read in place, field by field through a pointer, not copied (a copy
    // retains and releases its sizes, and a section read whole is copied first), and its
    // estimate appended to a local array, not through the model's property.
    try model.sections.withUnsafeBufferPointer { flowSections throws(LayoutError) in
      guard let first = flowSections.baseAddress else { return }  // no section
      for index in flowSections.indices {
        let section = first + index
        // FLOW-28 for what the estimated model does not hold: a section's one size (per-item
        // sizes are checked as their cells are measured).
        switch section.pointee.itemSizing {
        case .fixed(_, let itemSize?):
          try checkSize(itemSize, "sections[\(index)].itemSize")
        case .fixedWithExceptions(let count, let itemSize, let exceptions):
          // Where the exceptions are, which reading a size relies on; their sizes, as per-item
          // sizes, are checked as their cells are measured.
          if let itemSize { try checkSize(itemSize, "sections[\(index)].itemSize") }
          try FlowSection.checkExceptions(exceptions, count: count, field: "sections[\(index)]")
        case .fixed, .perItem: break
        }
        let count = section.pointee.numberOfItems
        sections.append(Self.estimated(section, count: count, at: estimate))
        // Wrapping: counts are not checked yet; the sum is kept only if the layout accepts them.
        total &+= count
      }
    }
    let estimated = FlowLayoutModel(
      collectionView: model.collectionView, layout: model.layout, sections: sections)
    // The layout checks everything else (FLOW-28): the estimated model holds every value of
    // `model` but its item sizes, at the same places, so its errors name the same fields.
    layout = try FlowStrategies.make(strategy, model: estimated)
    layout.prepare()
    measuredModel = model
    totalItems = total  // exact, within LayoutLimits: the layout accepted every count
  }

  /// `section`, of `count` items, with every item at `estimate`: one size for the section,
  /// O(1) whatever its count, and mixed all the same while sizes are estimated (FLOW-8). Read
  /// through a pointer, field by field: a section read whole is copied first.
  @inline(__always)
  private static func estimated(
    _ section: UnsafePointer<FlowSection>, count: Int, at estimate: CGSize
  ) -> FlowSection {
    FlowSection(
      itemSizing: .fixed(count: count, itemSize: estimate),
      sectionInset: section.pointee.sectionInset,
      minimumInteritemSpacing: section.pointee.minimumInteritemSpacing,
      minimumLineSpacing: section.pointee.minimumLineSpacing,
      headerReferenceSize: section.pointee.headerReferenceSize,
      footerReferenceSize: section.pointee.footerReferenceSize)
  }

  /// FLOW-26: the size of an item not yet measured.
  static func estimate(_ estimated: EstimatedItemSize, width: Double, height: Double, count: Int)
    -> CGSize
  {
    switch estimated {
    case .size(let size): size
    case .automatic:
      count == 0
        ? CGSize(width: 50, height: 50)
        : CGSize(width: width / Double(count), height: height / Double(count))
    }
  }

  /// Every item has been measured: frames now equal a layout given the measured sizes.
  public var isFullyMeasured: Bool { measuredCount == totalItems }

  /// Whether the cell at `path` has been measured; false for an item that does not exist.
  ///
  /// - Complexity: O(1).
  public func isMeasured(_ path: LayoutIndexPath) -> Bool {
    guard measuredFlags.indices.contains(path.section) else { return false }
    let flags = measuredFlags[path.section]
    return flags.indices.contains(path.item) && flags[path.item]
  }

  /// The size the cell at `path` reports when measured (as given, not yet checked), or nil for
  /// an item that does not exist.
  ///
  /// - Complexity: O(1).
  public func measuredSize(of path: LayoutIndexPath) -> CGSize? {
    guard measuredModel.sections.indices.contains(path.section) else { return nil }
    let section = measuredModel.sections[path.section]
    guard (0..<section.numberOfItems).contains(path.item) else { return nil }
    return section.itemSize(at: path.item, layout: measuredModel.layout)
  }

  /// The size the cell at `path` (which exists) reports, checked as FLOW-28 checks a size and
  /// named as the model's field (`sections[0].itemSizes[5].width: -1 is negative`): a view
  /// checks each size when its cell is measured, not all of them when it is made.
  private func checkedMeasuredSize(of path: LayoutIndexPath) throws(LayoutError) -> CGSize {
    switch measuredModel.sections[path.section].itemSizing {
    case .fixed(_, let itemSize):
      // The section's one size was checked by `init`.
      return itemSize ?? measuredModel.layout.itemSize
    case .perItem(let sizes):
      let size = sizes[path.item]
      try checkSize(size, "sections[\(path.section)].itemSizes[\(path.item)]")
      return size
    case .fixedWithExceptions(_, let itemSize, let exceptions):
      let index = exceptions.index(atOrAfter: path.item)
      guard index < exceptions.count && exceptions[index].item == path.item else {
        return itemSize ?? measuredModel.layout.itemSize  // the one size, checked by `init`
      }
      let size = exceptions[index].size
      try checkSize(size, "sections[\(path.section)].exceptions[\(index)].size")
      return size
    }
  }

  /// Marks the cell at `path` measured or not, making its section's flags on first use.
  private mutating func setMeasured(_ path: LayoutIndexPath, _ measured: Bool) {
    while measuredFlags.count <= path.section { measuredFlags.append([]) }
    if measuredFlags[path.section].isEmpty {
      let count = measuredModel.sections[path.section].numberOfItems
      measuredFlags[path.section] = ContiguousArray(repeating: false, count: count)
    }
    measuredFlags[path.section][path.item] = measured
  }

  /// Calls `body` with every item not yet measured, in order.
  private func forEachUnmeasured(_ body: (LayoutIndexPath) -> Void) {
    for section in measuredModel.sections.indices {
      let flags = section < measuredFlags.count ? measuredFlags[section] : []
      let count = measuredModel.sections[section].numberOfItems
      for item in 0..<count where flags.isEmpty || !flags[item] {
        body(LayoutIndexPath(item: item, section: section))
      }
    }
  }

  /// The elements in `rect`, measuring every cell returned for the first time and laying out
  /// again until the answer holds no unmeasured cell (cells that move into the rect as others
  /// grow or shrink are measured too).
  ///
  /// - Complexity: a query per round, plus the invalidations the measured sizes cause.
  public mutating func layoutAttributesForElements(in rect: CGRect) throws(LayoutError)
    -> [LayoutAttributes]
  {
    while true {
      let answer = layout.layoutAttributesForElements(in: rect)
      let fresh = answer.filter { $0.kind == .cell && !isMeasured($0.indexPath) }
      if fresh.isEmpty { return answer }
      try measure(fresh.map(\.indexPath))
    }
  }

  /// Scrolls to `offset` (a pure scroll, FLOW-25) and returns what is visible, measured.
  /// Throws, changing nothing, for an offset the layout rejects (not finite, or farther than
  /// `LayoutLimits.maximumOffset`).
  public mutating func scroll(to offset: CGPoint) throws(LayoutError) -> [LayoutAttributes] {
    var bounds = layout.collectionView.bounds
    bounds.origin = offset
    try layout.invalidateLayout(with: .boundsChange(bounds))
    layout.prepare()
    return try layoutAttributesForElements(in: layout.collectionView.bounds)
  }

  /// Measures every item not yet measured, as if each had appeared. Throws, changing nothing,
  /// if a cell reports a bad size.
  public mutating func measureAll() throws(LayoutError) {
    var all: [LayoutIndexPath] = []
    forEachUnmeasured { all.append($0) }
    if !all.isEmpty { try measure(all) }
  }

  /// Marks `paths` measured and gives the layout their real sizes — and, with
  /// `automaticSize`, every unmeasured item the new average — keeping the first visible item
  /// where it is on screen (FLOW-27). Throws, changing nothing, if a cell reports a bad size
  /// (the first, in `paths`' order) or the layout refuses one.
  private mutating func measure(_ paths: [LayoutIndexPath]) throws(LayoutError) {
    var sizes: [CGSize] = []
    sizes.reserveCapacity(paths.count)
    for path in paths { sizes.append(try checkedMeasuredSize(of: path)) }
    let before = (measuredCount, measuredWidth, measuredHeight)
    var resizes: [BatchUpdate.ItemResize] = []
    for (path, size) in zip(paths, sizes) {
      setMeasured(path, true)
      measuredCount += 1
      measuredWidth += size.width
      measuredHeight += size.height
      if currentSize(of: path) != size {
        resizes.append(BatchUpdate.ItemResize(at: path, size: size))
      }
    }
    if case .automatic = layout.model.layout.estimatedItemSize {
      let average = Self.estimate(
        .automatic, width: measuredWidth, height: measuredHeight, count: measuredCount)
      forEachUnmeasured { path in
        if currentSize(of: path) != average {
          resizes.append(BatchUpdate.ItemResize(at: path, size: average))
        }
      }
    }
    do {
      try apply(resizes)
    } catch {
      for path in paths { setMeasured(path, false) }
      (measuredCount, measuredWidth, measuredHeight) = before
      throw error
    }
  }

  /// Measured cells now report other sizes (their content changed): the layout takes them,
  /// keeping the first visible item where it is on screen (FLOW-27). Throws, changing nothing,
  /// for an item that does not exist or has not been measured, or a bad size.
  public mutating func measuredCellsDidResize(_ resizes: [BatchUpdate.ItemResize])
    throws(LayoutError)
  {
    var named = Set<LayoutIndexPath>()
    for (index, resize) in resizes.enumerated() {
      let path = resize.at
      guard isMeasured(path) else {
        throw LayoutError(field: "resizes[\(index)].at", "\(path) is not a measured item")
      }
      guard named.insert(path).inserted else {
        throw LayoutError(field: "resizes[\(index)].at", "\(path) is named twice")
      }
      try checkSize(resize.size, "resizes[\(index)].size")
    }
    for resize in resizes {
      measuredModel.sections[resize.at.section].setItemSize(
        resize.size, at: resize.at.item, layout: measuredModel.layout)
    }
    try apply(resizes.filter { currentSize(of: $0.at) != $0.size })
  }

  private func currentSize(of path: LayoutIndexPath) -> CGSize {
    layout.model.sections[path.section].itemSize(at: path.item, layout: layout.model.layout)
  }

  /// Gives the layout new item sizes and moves the content offset so that the first visible
  /// item stays put on screen (FLOW-27). Measured sizes are checked when they are given, so the
  /// layout takes them; should it refuse one, nothing has changed.
  private mutating func apply(_ resizes: [BatchUpdate.ItemResize]) throws(LayoutError) {
    guard !resizes.isEmpty else { return }

    // FLOW-27: the first visible item is the anchor; after the change, move the content offset
    // by however far it moved, so it stays put on screen.
    let visible = layout.collectionView.bounds
    let anchor = layout.layoutAttributesForElements(in: visible).first { $0.kind == .cell }
    try layout.invalidateLayout(with: .items(resizes))
    layout.prepare()
    if let anchor, let moved = layout.layoutAttributesForItem(at: anchor.indexPath) {
      let vertical = layout.model.layout.scrollDirection == .vertical
      let shift =
        vertical ? moved.frame.minY - anchor.frame.minY : moved.frame.minX - anchor.frame.minX
      if shift != 0 {
        // The offset follows the anchor, but never past the farthest offset a layout takes
        // (LayoutLimits.maximumOffset): cells far above it can grow by more than that, and
        // then the anchor moves on screen instead. Set, not added, so the clamp is exact.
        var bounds = layout.collectionView.bounds
        let limit = LayoutLimits.maximumOffset
        if vertical {
          bounds.origin.y = min(max(bounds.origin.y + shift, -limit), limit)
        } else {
          bounds.origin.x = min(max(bounds.origin.x + shift, -limit), limit)
        }
        try layout.invalidateLayout(with: .boundsChange(bounds))
        layout.prepare()
      }
    }
  }
}
