import Foundation

/// A collection view whose cells size themselves (FLOW-26, FLOW-27), driving any flow strategy
/// the way UIKit drives a layout with `estimatedItemSize`: items start at the estimate; a cell
/// is measured when a rect query first returns it; a measured size that differs from the
/// current one invalidates the layout from that item on; and the content offset moves so that
/// the first visible item keeps its place on screen when items before it change length.
///
/// The layout's own queries stay read-only: measuring is the collection view's business, as in
/// UIKit (`preferredLayoutAttributesFitting(_:)` then an invalidation).
public struct SelfSizingCollectionView: Sendable {
  /// The layout, holding the current (estimated or measured) sizes.
  public private(set) var layout: any FlowLayoutStrategy
  /// The sizes the cells report when measured: the delegate's real answers.
  public private(set) var measuredSizes: [ContiguousArray<CGSize>]
  /// Which items have been measured, per section.
  public private(set) var isMeasured: [ContiguousArray<Bool>]
  public private(set) var measuredCount = 0
  /// Σ of measured sizes, for `automaticSize`'s running average.
  private var measuredWidth = 0.0
  private var measuredHeight = 0.0

  /// A collection view over `model`, whose sections give the sizes cells report when measured,
  /// laid out by `strategy`. Every item starts at the estimate (FLOW-26). Throws if the model
  /// holds bad input or has no estimated size.
  public init(
    model: FlowLayoutModel, strategy: any FlowLayoutStrategy.Type
  ) throws(LayoutError) {
    try model.validate()
    guard model.layout.estimatedItemSize.isEnabled else {
      throw LayoutError(field: "layout.estimatedItemSize", "self-sizing needs an estimated size")
    }
    measuredSizes = model.sections.map { section in
      ContiguousArray(
        (0..<section.numberOfItems).map { section.itemSize(at: $0, layout: model.layout) })
    }
    isMeasured = model.sections.map { ContiguousArray(repeating: false, count: $0.numberOfItems) }
    var estimated = model
    let estimate = Self.estimate(model.layout.estimatedItemSize, width: 0, height: 0, count: 0)
    for index in estimated.sections.indices {
      estimated.sections[index].itemSizing = .perItem(
        ContiguousArray(repeating: estimate, count: model.sections[index].numberOfItems))
    }
    layout = try FlowStrategies.make(strategy, model: estimated)
    layout.prepare()
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

  public var totalItems: Int { measuredSizes.reduce(0) { $0 + $1.count } }

  /// Every item has been measured: frames now equal a layout given the measured sizes.
  public var isFullyMeasured: Bool { measuredCount == totalItems }

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
      let fresh = answer.filter {
        $0.kind == .cell && !isMeasured[$0.indexPath.section][$0.indexPath.item]
      }
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

  /// Measures every item not yet measured, as if each had appeared.
  public mutating func measureAll() throws(LayoutError) {
    var all: [LayoutIndexPath] = []
    for (section, flags) in isMeasured.enumerated() {
      for (item, measured) in flags.enumerated() where !measured {
        all.append(LayoutIndexPath(item: item, section: section))
      }
    }
    if !all.isEmpty { try measure(all) }
  }

  /// Marks `paths` measured and gives the layout their real sizes — and, with
  /// `automaticSize`, every unmeasured item the new average — keeping the first visible item
  /// where it is on screen (FLOW-27). Throws, changing nothing, if the layout refuses a size.
  private mutating func measure(_ paths: [LayoutIndexPath]) throws(LayoutError) {
    let before = (measuredCount, measuredWidth, measuredHeight)
    var resizes: [BatchUpdate.ItemResize] = []
    for path in paths {
      isMeasured[path.section][path.item] = true
      let size = measuredSizes[path.section][path.item]
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
      for (section, flags) in isMeasured.enumerated() {
        for (item, measured) in flags.enumerated() where !measured {
          let path = LayoutIndexPath(item: item, section: section)
          if currentSize(of: path) != average {
            resizes.append(BatchUpdate.ItemResize(at: path, size: average))
          }
        }
      }
    }
    do {
      try apply(resizes)
    } catch {
      for path in paths { isMeasured[path.section][path.item] = false }
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
      guard isMeasured.indices.contains(path.section),
        isMeasured[path.section].indices.contains(path.item), isMeasured[path.section][path.item]
      else { throw LayoutError(field: "resizes[\(index)].at", "\(path) is not a measured item") }
      guard named.insert(path).inserted else {
        throw LayoutError(field: "resizes[\(index)].at", "\(path) is named twice")
      }
      try checkSize(resize.size, "resizes[\(index)].size")
    }
    for resize in resizes { measuredSizes[resize.at.section][resize.at.item] = resize.size }
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
