import Foundation

/// Prepare computes every element once and keeps it in flat arrays; a rect query scans the
/// whole cache, an item lookup indexes it. The classic hand-written `UICollectionViewLayout`.
public struct CachedAttributesLayout: FlowLayoutStrategy {
  public static let strategyName = "cached-attributes"

  public private(set) var model: FlowLayoutModel
  private var cache: FlowAttributesCache?
  public private(set) var workCounters = LayoutWorkCounters()

  /// - Complexity: O(n) to validate the model.
  public init(model: FlowLayoutModel) throws(LayoutError) {
    try model.validate()
    self.model = model
  }

  /// - Complexity: O(n + s) after an invalidation that needs a relayout; O(1) otherwise.
  public mutating func prepare() {
    if cache == nil {
      cache = FlowAttributesCache(model, indexesLines: false)
      workCounters += cache!.counters
    }
  }

  public mutating func resetWorkCounters() { workCounters = LayoutWorkCounters() }

  private var prepared: FlowAttributesCache {
    guard let cache else { preconditionFailure("query before prepare()") }
    return cache
  }

  /// - Complexity: O(1).
  public var collectionViewContentSize: CGSize { prepared.contentSize }

  /// - Complexity: O(n + s): every cached frame is tested.
  public func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes] {
    var counters = LayoutWorkCounters()
    return layoutAttributesForElements(in: rect, counting: &counters)
  }

  /// - Complexity: O(n + s): every cached frame is tested.
  public func layoutAttributesForElements(
    in rect: CGRect, counting counters: inout LayoutWorkCounters
  ) -> [LayoutAttributes] {
    let rect = rect.standardized
    let cache = prepared
    var result: [LayoutAttributes] = []
    for section in cache.sections.indices {
      cache.appendCells(
        of: section, items: 0..<cache.sections[section].numberOfItems, meeting: rect, to: &result,
        counters: &counters)
    }
    cache.appendSupplementaryViews(
      of: cache.sections.indices, meeting: rect, to: &result, counters: &counters)
    return result
  }

  /// - Complexity: O(1).
  public func layoutAttributesForItem(at indexPath: LayoutIndexPath) -> LayoutAttributes? {
    prepared.attributesForItem(at: indexPath)
  }

  /// - Complexity: O(1).
  public func layoutAttributesForSupplementaryView(
    ofKind kind: ElementKind, at indexPath: LayoutIndexPath
  ) -> LayoutAttributes? {
    prepared.attributesForSupplementaryView(ofKind: kind, at: indexPath)
  }

  /// A pure scroll only moves pinned headers and footers, which are placed at query time, so
  /// it keeps the cache; any other change drops it, and the next `prepare()` recomputes all.
  ///
  /// - Complexity: O(1).
  public mutating func invalidateLayout(
    with context: LayoutInvalidationContext
  ) throws(LayoutError) {
    try applyInvalidation(context, to: &model, cache: &cache)
  }
}

/// The invalidation rule of the strategies that keep a `FlowAttributesCache`: keep it across a
/// pure scroll (FLOW-25), drop it for anything else.
func applyInvalidation(
  _ context: LayoutInvalidationContext, to model: inout FlowLayoutModel,
  cache: inout FlowAttributesCache?
) throws(LayoutError) {
  let (newModel, change) = try model.applying(context)
  model = newModel
  if change.relayoutEverything || change.bounds == .relayout || !change.sections.isEmpty {
    cache = nil
  } else if change.bounds == .scroll {
    cache?.updateVisibleBounds(from: model)
  }
}
