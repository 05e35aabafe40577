import Foundation

/// The mosaic layout of Apple's "Customizing collection view layouts" sample: one vertical
/// section whose items fill segments 200 points tall spanning the bounds width, each segment
/// cut in one of four styles (`MosaicSegmentStyle`) and starting 1 point below the previous
/// segment's last frame.
///
/// `prepare()` computes every frame once into flat arrays; item lookups index them; rect
/// queries search them with the chosen `MosaicQueryStrategy`. Cells only: a mosaic has no
/// headers or footers.
public struct MosaicLayout: CollectionViewLayout {
  public private(set) var model: MosaicLayoutModel
  /// How rect queries search the prepared frames.
  public let query: MosaicQueryStrategy
  private var cache: MosaicAttributesCache?
  public private(set) var workCounters = LayoutWorkCounters()

  /// A layout of `model` answering rect queries with `query`, not yet prepared. Throws if the
  /// model holds bad input.
  ///
  /// - Complexity: O(1).
  public init(
    model: MosaicLayoutModel, query: MosaicQueryStrategy = .reference
  ) throws(LayoutError) {
    try model.validate()
    self.model = model
    self.query = query
  }

  /// The query strategy's name.
  public var name: String { query.strategyName }

  public var collectionView: CollectionViewEnvironment { model.collectionView }

  /// - Complexity: O(n) after an invalidation that changed the width; O(1) otherwise.
  public mutating func prepare() {
    if cache == nil {
      let built = MosaicAttributesCache(model)
      workCounters.framesComputed += built.frames.count
      cache = built
    }
  }

  public mutating func resetWorkCounters() { workCounters = LayoutWorkCounters() }

  private var prepared: MosaicAttributesCache {
    guard let cache else { preconditionFailure("query before prepare()") }
    return cache
  }

  /// The smallest size, from the origin, that covers every frame; zero without items.
  ///
  /// - Complexity: O(1).
  public var collectionViewContentSize: CGSize { prepared.contentSize }

  /// - Complexity: O(log s + k) with `.segmentSearch`, s segments, k the items of the segments
  ///   that meet the rect vertically; O(log n + w) with `.sampleQuery`, w the items it walks.
  public func layoutAttributesForElements(
    in rect: CGRect, counting counters: inout LayoutWorkCounters
  ) -> [LayoutAttributes] {
    let rect = rect.standardized
    switch query {
    case .segmentSearch: return prepared.segmentSearchCells(in: rect, counting: &counters)
    case .sampleQuery: return prepared.sampleQueryCells(in: rect, counting: &counters)
    }
  }

  /// - Complexity: O(1).
  public func layoutAttributesForItem(at indexPath: LayoutIndexPath) -> LayoutAttributes? {
    prepared.attributesForItem(at: indexPath)
  }

  /// Always nil: a mosaic has no headers or footers.
  ///
  /// - Complexity: O(1).
  public func layoutAttributesForSupplementaryView(
    ofKind kind: ElementKind, at indexPath: LayoutIndexPath
  ) -> LayoutAttributes? {
    nil
  }

  /// True when the width changes: frames depend on nothing else. (The sample answers true for
  /// any size change because its content size starts from the bounds size; this one does not.)
  ///
  /// - Complexity: O(1).
  public func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
    newBounds.width != model.collectionView.bounds.width
  }

  /// Drops the frames when everything is invalidated or the width changed; a scroll or a
  /// height change keeps them.
  ///
  /// - Complexity: O(1).
  public mutating func invalidateLayout(
    with context: LayoutInvalidationContext
  ) throws(LayoutError) {
    // The mosaic's data is an item count with no delegate: contexts that carry changed data or
    // sizes do not apply to it, and are refused rather than silently ignored.
    if context.delegateMetrics != nil || !context.invalidatedItems.isEmpty
      || context.batchUpdate?.changesData == true
    {
      throw LayoutError(
        field: "batch", "the mosaic layout takes bounds changes only, not data or size changes")
    }
    var context = context
    if let batch = context.batchUpdate, batch.boundsSize != nil || batch.contentOffset != nil {
      var bounds = context.newBounds ?? model.collectionView.bounds
      if let size = batch.boundsSize { bounds.size = size }
      if let offset = batch.contentOffset { bounds.origin = offset }
      context.newBounds = bounds
    }
    if context.contentOffsetAdjustment != .zero {
      var bounds = context.newBounds ?? model.collectionView.bounds
      bounds.origin.x += context.contentOffsetAdjustment.x
      bounds.origin.y += context.contentOffsetAdjustment.y
      context.newBounds = bounds
    }
    if let newBounds = context.newBounds {
      let environment = try model.collectionView.withBounds(newBounds)
      if environment.bounds.width != model.collectionView.bounds.width { cache = nil }
      model.collectionView = environment
    }
    if context.invalidateEverything { cache = nil }
  }
}
