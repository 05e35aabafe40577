import Foundation

/// What the strategies that keep a `FlowAttributesCache` share: the model, the cache built from
/// it, what building it cost, and their invalidation rule — keep the cache across a pure scroll
/// (FLOW-25), drop it for anything else.
struct CachedFlowStorage: Sendable {
  private(set) var model: FlowLayoutModel
  private(set) var workCounters = LayoutWorkCounters()
  /// The cache, or an empty one (no block allocated) while `isPrepared` is false. Not an
  /// Optional: reading a stored optional's payload copied it whole (see `prepared`).
  private var cache: FlowAttributesCache
  private var isPrepared = false
  /// Whether the cache keeps a line index (binary search) or not (linear scan).
  private let indexesLines: Bool

  /// The unit every scroll-axis summand of the model is a whole number of, while `Double`
  /// sums of positions can be proved exact (`FlowLayoutModel.scrollAxisExactUnit`); nil for
  /// the slow path. Found with the model's validation, kept up to date by each invalidation
  /// from the sizes it brings.
  private var exactUnit: Int?

  init(model: FlowLayoutModel, indexesLines: Bool) throws(LayoutError) {
    try model.validate()
    self.init(validated: model, indexesLines: indexesLines)
  }

  /// Storage for a model already validated (FLOW-28).
  init(validated model: FlowLayoutModel, indexesLines: Bool) {
    self.model = model
    self.indexesLines = indexesLines
    exactUnit = model.scrollAxisExactUnit
    cache = FlowAttributesCache(unpreparedFor: model, indexesLines: indexesLines)
  }

  /// - Complexity: O(n + s) after an invalidation that dropped the cache; O(1) otherwise.
  mutating func prepare() {
    if !isPrepared {
      cache = FlowAttributesCache(
        model, indexesLines: indexesLines, exactPositions: exactUnit == nil)
      workCounters += cache.counters
      let length = cache.geometry.isVertical ? cache.contentSize.height : cache.contentSize.width
      if let unit = exactUnit, !ExactSums.lengthIsExact(length, unit: unit) {
        // Content too long for the argument: laid out again, exactly.
        exactUnit = nil
        cache = FlowAttributesCache(model, indexesLines: indexesLines, exactPositions: true)
        workCounters += cache.counters
      }
      isPrepared = true
    }
  }

  /// The cache; querying before `prepare()` is a programmer error.
  ///
  /// Lent in place, not returned: unwrapping an optional cache copied it whole (184 bytes) into
  /// two stack temporaries on every lookup — a header lookup's largest cost, and one whose time
  /// moved with the struct's size (A/B: 32 → 41 ns when it shrank from 200 to 184 bytes).
  var prepared: FlowAttributesCache {
    _read {
      precondition(isPrepared, "query before prepare()")
      yield cache
    }
  }

  mutating func resetWorkCounters() { workCounters = LayoutWorkCounters() }

  /// - Complexity: O(1) plus the cost of applying the context to the model.
  mutating func invalidate(with context: LayoutInvalidationContext) throws(LayoutError) {
    let (newModel, change) = try model.applying(context)
    model = newModel
    exactUnit = ExactSums.unit(exactUnit, after: context, model: model)
    if change.relayoutEverything || change.bounds == .relayout || !change.sections.isEmpty {
      // Dropped now, not at the next prepare: its blocks are freed at once.
      cache = FlowAttributesCache(unpreparedFor: model, indexesLines: indexesLines)
      isPrepared = false
    } else if change.bounds == .scroll && isPrepared {
      // Pinned headers and footers are placed at query time: only the visible rect moves.
      cache.updateVisibleBounds(from: model)
    }
  }
}
