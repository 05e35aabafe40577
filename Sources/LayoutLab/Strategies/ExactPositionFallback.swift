import Foundation

/// The slow path of exact positions (docs/FlowRules.md, "Exact positions") for a strategy that
/// keeps positions as `Double` sums grouped its own way (run-length: a tree of section starts,
/// k · pitch over a run): where the model's scroll-axis sums cannot be proved exact
/// (`FlowLayoutModel.scrollAxisSumsAreExact`), the layout is kept as `incremental` keeps it,
/// in exact positions, and answers every query. There an update costs what it costs
/// `incremental` — O(items on the re-broken lines + lines after them in the section +
/// sections after it) — rather than the O(n) of laying everything out again; on the fast
/// path — every benchmark dataset — this holds a flag and an empty array.
struct ExactPositionFallback: Sendable {
  /// The unit every scroll-axis summand of the model is a whole number of, while `Double`
  /// sums of positions can be proved exact (`FlowLayoutModel.scrollAxisExactUnit`); nil for
  /// the slow path. Found with the model's validation, kept up to date by `invalidate` from
  /// the sizes each change brings.
  private(set) var unit: Int?
  /// The layout that answers while the fallback is in use: none or one (one word, copied on
  /// write).
  private var layouts: ContiguousArray<IncrementalLayout> = []

  /// - Complexity: O(sections + items with a size of their own); with `repeats`, the model's
  ///   runs of equal sections, O(runs + items with a size of their own in a run's first).
  init(_ model: FlowLayoutModel, repeats: SectionRepeats? = nil) {
    unit = repeats.map { model.scrollAxisExactUnit(repeats: $0) } ?? model.scrollAxisExactUnit
  }

  /// The layout answering queries, if the fallback is in use.
  @inline(__always)
  var layout: IncrementalLayout? { unit != nil || layouts.isEmpty ? nil : layouts[0] }

  /// Follows a change of the model to `model`, which `context` made (`change`: what changed).
  /// Returns whether the fallback was in use and no longer is, in which case the strategy's
  /// own state is stale and must be laid out in full.
  ///
  /// - Complexity: O(sizes the context brings); O(n) with new delegate metrics; and while the
  ///   fallback is in use, that of `IncrementalLayout.invalidateLayout(with:)` — less the
  ///   model's part for a batch that inserts or deletes, whose model it takes as it is.
  mutating func invalidate(
    with context: LayoutInvalidationContext, model: FlowLayoutModel, change: FlowModelChange
  ) throws(LayoutError) -> Bool {
    unit = ExactSums.unit(unit, after: context, model: model)
    guard !layouts.isEmpty else { return false }
    if unit != nil {
      layouts = []
      return true
    }
    if Self.takesAppliedModel(context) {
      layouts[0].invalidateLayout(with: context, applied: model, change: change)
    } else {
      // A resize writes a size in place into arrays the model holds alone; shared with the
      // strategy's model, each resize would copy the section's sizes (O(items in it)).
      try layouts[0].invalidateLayout(with: context)
    }
    return false
  }

  /// Before the strategy applies `context` to its model: a batch that inserts or deletes is
  /// then handed to the layout as applied (`invalidate`), so the layout lets go of the
  /// sections first — otherwise the two share the array, and the strategy's apply copies
  /// every section (O(s): 14 µs a batch with 10,000 sections) to change one. `didNotApply`
  /// gives them back where the apply fails.
  ///
  /// - Complexity: O(1).
  mutating func willApply(_ context: LayoutInvalidationContext) {
    guard !layouts.isEmpty, Self.takesAppliedModel(context) else { return }
    layouts[0].releaseSections()
  }

  /// Whether the layout takes the strategy's model as applied after `context`, rather than
  /// applying `context` itself: a batch that inserts or deletes builds its sections' arrays
  /// anew, which the layout takes as they are rather than building a second set.
  private static func takesAppliedModel(_ context: LayoutInvalidationContext) -> Bool {
    guard let batch = context.batchUpdate else { return false }
    return !batch.onlyResizesItems
  }

  /// After `willApply(_:)`, where the strategy's apply failed: its model, unchanged, is the
  /// layout's again.
  mutating func didNotApply(_ model: FlowLayoutModel) {
    guard !layouts.isEmpty else { return }
    layouts[0].restoreModel(model)
  }

  /// Prepares the fallback if the model needs it, adding its work to `counters`; returns
  /// whether it is in use (and the strategy has nothing to prepare).
  ///
  /// - Complexity: O(1) on the fast path; O(n) to lay out a model off the grid, then that of
  ///   `IncrementalLayout.prepare()` for what changed.
  mutating func prepare(_ model: FlowLayoutModel, counters: inout LayoutWorkCounters) -> Bool {
    guard unit == nil else { return false }
    if layouts.isEmpty { layouts = [IncrementalLayout(validated: model, unit: nil)] }
    layouts[0].prepare()
    counters += layouts[0].workCounters
    counters.exactPositionFallbacks += 1
    layouts[0].resetWorkCounters()
    return true
  }

  /// After the strategy laid out a model on the grid: if its content length is too long for
  /// the grid's argument (`ExactSums.lengthIsExact`), the fallback takes over.
  ///
  /// - Complexity: O(1), or O(n) to lay the model out again exactly.
  mutating func check(
    contentSize: CGSize, of model: FlowLayoutModel, counters: inout LayoutWorkCounters
  ) {
    let length =
      model.layout.scrollDirection == .vertical ? contentSize.height : contentSize.width
    guard let unit, !ExactSums.lengthIsExact(length, unit: unit) else { return }
    self.unit = nil
    _ = prepare(model, counters: &counters)
  }
}
