import Foundation

/// Recomputes only what a change affects. Each section is kept relative to its own start (its
/// lines, with where each starts; no cell: a query places a line's cells from the model's
/// sizes), so:
///
/// - a resize, insertion or deletion in section s re-breaks lines of s from the line before
///   the change until a line starts where an old one did, keeps the old lines after it and
///   moves them by the one distance (`IncrementalSection.update`, which resumes the engine's
///   own line loop) — where a resize leaves every line in its block of 64, the rest of its
///   block one by one and the blocks after it through a Fenwick tree of block shifts
///   (`IncrementalSection.blockShifts`): O(64 + log lines), not O(lines after it);
/// - a batch's changes far apart in one section (more than `ChangedItemSpan.gap` items) are
///   re-broken span by span, the lines between them kept and moved
///   (`IncrementalSection.update(by:section:spans:counters:)`); a re-break that has not
///   realigned by the next span runs on through it;
/// - later sections move through a Fenwick tree of section starts (`SectionStarts`): O(log s)
///   nodes, no item touched;
/// - a pure scroll touches only pinned headers and footers, which are placed at query time;
/// - a cross-axis bounds change (a rotation) lays everything out again.
///
/// Frames are rebuilt at query time from the kept lines with the engine's own formulas, so
/// they equal a full layout's bit for bit, pixel rounding included. Moving lines by a distance
/// and restacking sections regroup the additions a full layout makes, which a last bit can
/// round to another pixel (FLOW-21) — unless no grouping can round: positions are `Double`s
/// where the model's sums are proved exact in them (the grid, `FlowLayoutModel.
/// scrollAxisExactUnit`: every benchmark dataset), exact sums elsewhere (`ExactPosition`:
/// thirds from scale-3 self-sizing, a spacing of 0.1), each rounded once per frame
/// (docs/FlowRules.md, "Exact positions"). The same code keeps both (`IncrementalState`); a
/// change that takes the model off the grid, or back, lays everything out again in the other.
public struct IncrementalLayout: FlowLayoutStrategy {
  public static let strategyName = "incremental"

  public private(set) var model: FlowLayoutModel
  public private(set) var workCounters = LayoutWorkCounters()
  /// What the layout keeps: positions as `Double`s on the grid (`unit` not nil), as exact sums
  /// off it. At most one of the two is set.
  private var grid: IncrementalState<Double>?
  private var exact: IncrementalState<ExactPosition>?
  /// What changed since the state was prepared, if it can be applied incrementally.
  private var pending: FlowModelChange?
  private var needsFullLayout = true
  /// The unit every scroll-axis summand of the model is a whole number of, while `Double` sums
  /// of positions are proved exact (`FlowLayoutModel.scrollAxisExactUnit`); nil off the grid.
  private var unit: Int?

  /// - Complexity: O(n) to validate the model and find its unit.
  public init(model: FlowLayoutModel) throws(LayoutError) {
    try model.validate()
    self.init(validated: model, unit: model.scrollAxisExactUnit)
  }

  /// A layout of `model`, which its caller validated, whose scroll-axis unit is `unit`
  /// (`FlowLayoutModel.scrollAxisExactUnit`): nil keeps exact sums from the first layout on,
  /// as `ExactPositionFallback` wants — it is in use only where the grid's proof failed, the
  /// content-length bound included, which a layout in `Double`s would find only after one.
  ///
  /// - Complexity: O(1).
  init(validated model: FlowLayoutModel, unit: Int?) {
    self.model = model
    self.unit = unit
  }

  /// Applies what changed since the last `prepare()`: everything after a relayout-class change,
  /// otherwise only the sections and lines the change touched.
  ///
  /// - Complexity: O(n + s) for a full layout (O(s) + the first of each run of equal sections);
  ///   for a change inside one mixed section, O(items on the re-broken lines + lines after them
  ///   in that section + log s) — for a resize that re-breaks as many lines as it replaces,
  ///   O(items on the re-broken lines + 64 + log lines + log s).
  public mutating func prepare() {
    if needsFullLayout || (grid == nil && exact == nil) {
      fullLayout()
    } else if let change = pending {
      applyIncrementally(change)
    }
    pending = nil
    needsFullLayout = false
    // On the grid, the sums are proved exact only below a length the unit sets: past it, the
    // layout is made again in exact sums.
    if let unit, let grid, !ExactSums.lengthIsExact(grid.contentLength, unit: unit) {
      self.unit = nil
      fullLayout()
    }
  }

  private mutating func fullLayout() {
    let engine = FlowLayoutEngine(model)
    var counters = engine.measuringCounters
    if unit != nil {
      exact = nil
      grid = IncrementalState(laidOutBy: engine, counters: &counters)
    } else {
      grid = nil
      exact = IncrementalState(laidOutBy: engine, counters: &counters)
    }
    workCounters += counters
  }

  private mutating func applyIncrementally(_ change: FlowModelChange) {
    // The state's arrays are changed in place only if `self` no longer holds them too: it is
    // taken out first.
    if var grid = grid.take(), !grid.geometry.isEmpty {
      apply(change, to: &grid)
      self.grid = grid
    } else if var exact = exact.take(), !exact.geometry.isEmpty {
      apply(change, to: &exact)
      self.exact = exact
    } else {
      fullLayout()
    }
  }

  private mutating func apply<Position>(
    _ change: FlowModelChange, to state: inout IncrementalState<Position>
  ) {
    let engine = FlowLayoutEngine(model, measuringMirrorWidth: false)
    var counters = LayoutWorkCounters()
    state.apply(change, engine: engine, counters: &counters)
    workCounters += counters
  }

  public mutating func resetWorkCounters() { workCounters = LayoutWorkCounters() }

  /// Traps if a prepared section breaks its invariants or sections do not follow each other
  /// (debug builds only; see `IncrementalSection.checkInvariants()`). Tests call it after
  /// updates.
  ///
  /// - Complexity: O(lines) in debug builds.
  func checkInvariants() {
    grid?.checkInvariants()
    exact?.checkInvariants()
    precondition(grid == nil || exact == nil, "positions kept two ways")
  }

  /// Whether positions are kept as exact sums: the model is off the grid.
  var keepsExactSums: Bool { exact != nil }

  /// Traps on a query before `prepare()`. The queries then read the state in place: a copy of
  /// it (a `prepared` property) cost an item lookup a tenth of its instructions.
  @inline(__always)
  private func checkPrepared() {
    // `case .none`, not `== nil`, which copies the optional out first: a `memcpy` of a state.
    var hasState = true
    if case .none = grid, case .none = exact { hasState = false }
    var hasPending = true
    if case .none = pending { hasPending = false }
    precondition(hasState && !hasPending && !needsFullLayout, "query before prepare()")
  }

  /// - Complexity: O(1).
  public var collectionViewContentSize: CGSize {
    checkPrepared()
    return grid?.contentSize ?? exact?.contentSize ?? .zero
  }

  /// - Complexity: O(log s + log l + k), like `BinarySearchLayout`: sections, then lines,
  ///   binary-searched; k counts the items of the lines that meet the rect along the scroll axis.
  public func layoutAttributesForElements(
    in rect: CGRect, counting counters: inout LayoutWorkCounters
  ) -> [LayoutAttributes] {
    checkPrepared()
    // Optional chaining reads the state where it is stored; binding it (`if let`) copied it
    // out first here, about 30 instructions a query.
    if case .some = grid {
      return grid?.elements(in: rect, model: model, counting: &counters) ?? []
    }
    return exact?.elements(in: rect, model: model, counting: &counters) ?? []
  }

  /// - Complexity: O(log s + log l + items on its line): the section's start, then the item's
  ///   line, then its cells up to the item.
  public func layoutAttributesForItem(at indexPath: LayoutIndexPath) -> LayoutAttributes? {
    checkPrepared()
    // Read in place, as above: `if let` copied the state out first.
    if case .some = grid { return grid?.item(at: indexPath, model: model) }
    return exact?.item(at: indexPath, model: model)
  }

  /// - Complexity: O(log s): the section's start.
  public func layoutAttributesForSupplementaryView(
    ofKind kind: ElementKind, at indexPath: LayoutIndexPath
  ) -> LayoutAttributes? {
    checkPrepared()
    if let grid { return grid.supplementaryView(ofKind: kind, at: indexPath) }
    return exact?.supplementaryView(ofKind: kind, at: indexPath)
  }

  /// Records what changed for the next `prepare()`: a pure scroll or a data change is applied
  /// incrementally; everything else — new delegate metrics, a cross-axis bounds change, or a
  /// second change before `prepare()` — lays everything out again, and so does a change that
  /// takes the model off the grid or back onto it.
  ///
  /// - Complexity: that of `FlowLayoutModel.apply(_:)`: O(k log k) for k resizes; O(n) with
  ///   new delegate metrics.
  public mutating func invalidateLayout(
    with context: LayoutInvalidationContext
  ) throws(LayoutError) {
    let change = try model.apply(context)
    record(change, of: context)
  }

  /// `invalidateLayout(with:)` for a caller that already applied `context` to this layout's
  /// model: `model` is what it made, `change` what changed (`FlowLayoutModel.apply(_:)`).
  /// `ExactPositionFallback` follows its strategy's model so, instead of applying each batch
  /// to a second copy (a second set of size arrays); the two share their arrays.
  ///
  /// - Complexity: O(sizes the context brings), as `invalidateLayout(with:)` less the model's
  ///   part.
  mutating func invalidateLayout(
    with context: LayoutInvalidationContext, applied model: FlowLayoutModel,
    change: FlowModelChange
  ) {
    self.model = model
    record(change, of: context)
  }

  /// Lets go of the model's sections until `invalidateLayout(with:applied:change:)` or
  /// `restoreModel(_:)` gives the layout a model again: `ExactPositionFallback`'s strategy
  /// applies a batch to arrays the two share, in place only where nothing else holds them.
  ///
  /// - Complexity: O(1).
  mutating func releaseSections() { model.sections = [] }

  /// The model as it was before `releaseSections()`, after a batch that failed to apply.
  mutating func restoreModel(_ model: FlowLayoutModel) { self.model = model }

  /// Records `change`, which `context` made to the model, for the next `prepare()`.
  private mutating func record(_ change: FlowModelChange, of context: LayoutInvalidationContext) {
    FlowModelChange.record(
      change, hasLayout: grid != nil || exact != nil, pending: &pending,
      needsFullLayout: &needsFullLayout)
    let wasOnTheGrid = unit != nil
    unit = ExactSums.unit(unit, after: context, model: model)
    if (unit != nil) != wasOnTheGrid { needsFullLayout = true }
  }
}

extension IncrementalLayout {
  /// The strategy in `LayoutRegistry`.
  public static let descriptor = LayoutDescriptor.flow(
    IncrementalLayout.self, summary: "relative cache; an update recomputes only what changed",
    complexity: LayoutComplexity(
      prepare: "O(n); a run of equal sections once", rectQuery: "O(log s + log lines + answer)",
      itemLookup: "O(log s + log lines + line)",
      update: "only what changed + O(log s)"))
}
