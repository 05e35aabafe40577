import Foundation

/// What the strategies that keep a `FlowAttributesCache` share: the model, the cache built from
/// it, what building it cost, and their invalidation rule — keep the cache across a pure scroll
/// (FLOW-25), drop it for anything else.
struct CachedFlowStorage: Sendable {
  private(set) var model: FlowLayoutModel
  private(set) var workCounters = LayoutWorkCounters()
  private var cache: FlowAttributesCache?
  /// Whether the cache keeps a line index (binary search) or not (linear scan).
  private let indexesLines: Bool

  init(model: FlowLayoutModel, indexesLines: Bool) throws(LayoutError) {
    try model.validate()
    self.model = model
    self.indexesLines = indexesLines
  }

  /// - Complexity: O(n + s) after an invalidation that dropped the cache; O(1) otherwise.
  mutating func prepare() {
    if cache == nil {
      let built = FlowAttributesCache(model, indexesLines: indexesLines)
      workCounters += built.counters
      cache = built
    }
  }

  /// The cache; querying before `prepare()` is a programmer error.
  var prepared: FlowAttributesCache {
    guard let cache else { preconditionFailure("query before prepare()") }
    return cache
  }

  mutating func resetWorkCounters() { workCounters = LayoutWorkCounters() }

  /// - Complexity: O(1) plus the cost of applying the context to the model.
  mutating func invalidate(with context: LayoutInvalidationContext) throws(LayoutError) {
    let (newModel, change) = try model.applying(context)
    model = newModel
    if change.relayoutEverything || change.bounds == .relayout || !change.sections.isEmpty {
      cache = nil
    } else if change.bounds == .scroll {
      // Pinned headers and footers are placed at query time: only the visible rect moves.
      cache?.updateVisibleBounds(from: model)
    }
  }
}
