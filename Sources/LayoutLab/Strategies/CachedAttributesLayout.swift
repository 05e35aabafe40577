import Foundation

/// Prepare computes every element once and keeps it in flat arrays; a rect query scans the
/// whole cache, an item lookup indexes it. The classic hand-written `UICollectionViewLayout`.
public struct CachedAttributesLayout: FlowLayoutStrategy {
  public static let strategyName = "cached-attributes"

  private var storage: CachedFlowStorage

  /// - Complexity: O(n) to validate the model.
  public init(model: FlowLayoutModel) throws(LayoutError) {
    storage = try CachedFlowStorage(model: model, indexesLines: false)
  }

  public var model: FlowLayoutModel { storage.model }
  public var workCounters: LayoutWorkCounters { storage.workCounters }
  public mutating func resetWorkCounters() { storage.resetWorkCounters() }

  /// - Complexity: O(n + s) after an invalidation that needs a relayout; O(1) otherwise.
  public mutating func prepare() { storage.prepare() }

  /// - Complexity: O(1).
  public var collectionViewContentSize: CGSize { storage.prepared.contentSize }

  /// - Complexity: O(n + s): every cached frame is tested.
  public func layoutAttributesForElements(
    in rect: CGRect, counting counters: inout LayoutWorkCounters
  ) -> [LayoutAttributes] {
    let rect = rect.standardized
    let cache = storage.prepared
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
    storage.prepared.attributesForItem(at: indexPath)
  }

  /// - Complexity: O(1).
  public func layoutAttributesForSupplementaryView(
    ofKind kind: ElementKind, at indexPath: LayoutIndexPath
  ) -> LayoutAttributes? {
    storage.prepared.attributesForSupplementaryView(ofKind: kind, at: indexPath)
  }

  /// A pure scroll only moves pinned headers and footers, which are placed at query time, so
  /// it keeps the cache; any other change drops it, and the next `prepare()` recomputes all.
  ///
  /// - Complexity: O(1) plus the cost of applying the context to the model.
  public mutating func invalidateLayout(
    with context: LayoutInvalidationContext
  ) throws(LayoutError) {
    try storage.invalidate(with: context)
  }
}

extension CachedAttributesLayout {
  /// The strategy in `LayoutRegistry`.
  public static let descriptor = LayoutDescriptor.flow(
    CachedAttributesLayout.self, summary: "prepare into flat arrays; a rect query scans them all",
    complexity: LayoutComplexity(
      prepare: "O(n)", rectQuery: "O(n)", itemLookup: "O(1)", update: "O(n)"))
}
