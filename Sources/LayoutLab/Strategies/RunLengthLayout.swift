import Foundation

/// Lays out runs of equally sized items as arithmetic and keeps no frame: each section is a few
/// runs of lines (`FlowLayoutEngine.LineRun`) — one for a uniform section (FLOW-10), one per run
/// of equal sizes in a mixed section, one per other line — and frames are rebuilt at query time
/// with the engine's own formulas, so they equal the reference's bit for bit.
///
/// - a uniform section costs O(1) to prepare, whatever its size;
/// - a mixed section costs one pass over its items, which breaks the lines outside runs
///   without a branch on where they break, and one broken line per run: with estimated sizes
///   (FLOW-26), every unmeasured stretch is one run; every section's runs share one block;
/// - a rect query binary-searches sections, runs, then the lines of a run arithmetically;
/// - a change re-lays out the sections it touched — a resize, insert or delete in a mixed
///   section only the lines it moves, each stretch of changes on its own, where the lines after
///   them provably move by one exact delta (`FlowLayoutEngine.lineRuns(ofSection:changing:…)`)
///   — then recomputes where later sections start (prefix sums or the engine's additions:
///   `SectionStarts`).
public struct RunLengthLayout: FlowLayoutStrategy {
  public static let strategyName = "run-length"

  public private(set) var model: FlowLayoutModel
  public private(set) var workCounters = LayoutWorkCounters()
  /// The layout, once `hasState`: not an optional, so that a query borrows it where it is
  /// stored (binding an optional's value copied it, retaining each of its arrays).
  private var state: State
  private var hasState = false
  /// What changed since `state` was prepared, if only some sections need laying out again.
  private var pending: FlowModelChange?
  private var needsFullLayout = true
  /// The model's runs of equal sections, found by `init` while validating, for the first full
  /// layout if the model has not changed by then (`invalidateLayout(with:)` drops them).
  private var startRepeats: SectionRepeats?
  /// Where sums of positions cannot be proved exact in `Double`s, the layout that answers
  /// instead (docs/FlowRules.md, "Exact positions").
  private(set) var exact: ExactPositionFallback

  struct State: Sendable {
    var geometry: FlowGeometry
    /// Plain data (`LineRunList` says why): copied and read with no reference counted.
    var sections: ContiguousArray<Section>
    /// What holds section k's runs, once an update has laid a section out again: the storage
    /// they are in, held once per section (several sections may share one storage; the runs
    /// change in place only where it is held once: `LineRunList.withUniqueRuns`) — or nil
    /// where they are in `fullLayoutRuns`. Empty until then (`changeSection`): a full layout
    /// allocates no array for it.
    private(set) var holders: ContiguousArray<FlowLayoutEngine.LineRunStorage?>
    /// The runs of every section of the last full layout, in one block: held once for all of
    /// them, not once per section (a count per section cost a self-sizing view's first screen
    /// an atomic increment per section, and one more to free them). A section's runs in it are
    /// never changed in place — `withUniqueRuns` sees no holder and copies them — but where the
    /// layout is that one section and `holders` is empty: it is then the section's own holder.
    private(set) var fullLayoutRuns: FlowLayoutEngine.LineRunStorage?
    /// Where each section starts along the scroll axis (logical coordinates): read them
    /// through `start(of:)`.
    var starts: SectionStarts<Double>
    var contentSize: CGSize

    /// No section: what a layout holds before its first `prepare()`.
    init(empty geometry: FlowGeometry) {
      self.init(
        geometry: geometry, sections: [], holders: [], fullLayoutRuns: nil,
        starts: SectionStarts(origin: 0, count: 0) { _ in 0 }, contentSize: .zero)
    }

    init(
      geometry: FlowGeometry, sections: ContiguousArray<Section>,
      holders: ContiguousArray<FlowLayoutEngine.LineRunStorage?>,
      fullLayoutRuns: FlowLayoutEngine.LineRunStorage?, starts: SectionStarts<Double>,
      contentSize: CGSize
    ) {
      (self.geometry, self.sections, self.holders) = (geometry, sections, holders)
      (self.fullLayoutRuns, self.starts, self.contentSize) = (fullLayoutRuns, starts, contentSize)
    }

    /// `body`'s answer, given section `index` and its holder to change (`LineRunList`): its
    /// entry of `holders`, made at the first call after a full layout — all nil, the runs in
    /// `fullLayoutRuns` — or, in a layout of that one section, `fullLayoutRuns` itself.
    mutating func changeSection<Result>(
      _ index: Int, _ body: (inout Section, inout FlowLayoutEngine.LineRunStorage?) -> Result
    ) -> Result {
      if holders.isEmpty {
        if sections.count == 1 && index == 0 { return body(&sections[0], &fullLayoutRuns) }
        // Each written as the literal nil, which is not retained (`repeating: nil` retained
        // each copy: about 17 instructions a section, at a self-sizing view's first update).
        holders = ContiguousArray(unsafeUninitializedCapacity: sections.count) {
          buffer, initialized in
          for slot in buffer.indices { buffer.initializeElement(at: slot, to: nil) }
          initialized = buffer.count
        }
      }
      return body(&sections[index], &holders[index])
    }

    /// New sections, after a change of structure, and their holders (`holders`).
    mutating func replaceSections(
      with sections: ContiguousArray<Section>,
      holders: ContiguousArray<FlowLayoutEngine.LineRunStorage?>
    ) {
      precondition(holders.count == sections.count)
      (self.sections, self.holders) = (sections, holders)
    }
  }

  /// One section, relative to its start: its runs of lines and what rebuilding them needs.
  typealias Section = FlowLayoutEngine.SectionRuns

  /// - Complexity: O(n) to validate the model; O(1) for a section equal to the one before.
  public init(model: FlowLayoutModel) throws(LayoutError) {
    startRepeats = try model.validateFindingRepeats()
    self.model = model
    exact = ExactPositionFallback(model, repeats: startRepeats)
    state = State(empty: FlowGeometry(model))
  }

  /// Lays out what changed since the last `prepare()`: everything after a relayout-class
  /// change, otherwise only the sections a change touched.
  ///
  /// - Complexity: O(s) plus, per section laid out, O(1) if uniform and O(items) comparisons
  ///   plus O(items on lines outside runs) if mixed (`FlowLayoutEngine.lineRuns`) — O(e log e)
  ///   for one size with e exceptions (a resized item of a uniform section); a section
  ///   equal to the one before it is counted, O(1), not laid out, then copied once.
  public mutating func prepare() {
    if exact.unit == nil, exact.prepare(model, counters: &workCounters) {
      pending = nil
      return
    }
    if needsFullLayout || !hasState {
      fullLayout()
    } else if let change = pending.take() {
      // Taken, not bound: binding copied the change (a retain and a release of its arrays).
      applyIncrementally(change)
    }
    pending = nil
    needsFullLayout = false
    if hasState, exact.unit != nil {
      exact.check(contentSize: state.contentSize, of: model, counters: &workCounters)
    }
  }

  private mutating func fullLayout() {
    // The mirror width of a horizontal right-to-left layout is the content length, which
    // restacking computes: no measuring pass.
    let engine = FlowLayoutEngine(model, measuringMirrorWidth: false)
    var counters = LayoutWorkCounters()
    var sections = ContiguousArray<Section>()
    var fullLayoutRuns: FlowLayoutEngine.LineRunStorage?
    // A section equal to the one before lays out alike relative to its start: only the first
    // of each run of equal sections is laid out, and copied for the others.
    let repeats = startRepeats.take() ?? SectionRepeats(of: model.sections)
    if !engine.geometry.isEmpty {
      // Every section's runs in one array: one allocation, not one per section.
      var runs = FlowLayoutEngine.LineRunBuffer(capacity: Self.runsBound(of: model, repeats))
      var laidOut = ContiguousArray<Section>()
      laidOut.reserveCapacity(repeats.runCount)
      var index = 0
      for run in 0..<repeats.runCount {
        laidOut.append(engine.lineRuns(ofSection: index, into: &runs, counters: &counters))
        index += repeats.count(ofRun: run)
      }
      let kept = runs.finish()
      if repeats.eachSectionStandsAlone {
        for index in laidOut.indices { laidOut[index].runs.keep(kept) }
        sections = laidOut
      } else {
        // Each repeat written straight into the array's uninitialized room, its runs kept
        // once: an append per section checked the capacity, and copying each section out of
        // the array and into it again cost a self-sizing view's first prepare about 300
        // instructions a section.
        sections = ContiguousArray(unsafeUninitializedCapacity: model.sections.count) {
          buffer, initialized in
          guard let base = buffer.baseAddress else { return }
          for run in laidOut.indices {
            var section = laidOut[run]
            section.runs.keep(kept)
            let count = repeats.count(ofRun: run)
            // The runs count every section once: they fill the room exactly.
            precondition(count >= 1 && initialized + count <= buffer.count)
            (base + initialized).initialize(repeating: section, count: count)
            initialized += count
          }
        }
      }
      fullLayoutRuns = kept
    }
    var state = State(
      geometry: engine.geometry, sections: sections, holders: [],
      fullLayoutRuns: fullLayoutRuns, starts: SectionStarts(origin: 0, count: 0) { _ in 0 },
      contentSize: .zero)
    state.restack(engine: engine, counters: &counters)
    self.state = state
    hasState = true
    workCounters += counters
  }

  /// How many runs a full layout of `model` may make, so that their buffer is allocated once:
  /// one for a section of one fixed size (FLOW-10), a few per exception for one size with
  /// exceptions, else a line per item and FLOW-11's empty line — for the first section of
  /// each run of `repeats`, the one laid out. (Under estimates, or with exceptions, a fixed
  /// size whose line starts are not exact makes a run per line: the buffer then grows.)
  ///
  /// - Complexity: O(runs of equal sections).
  private static func runsBound(of model: FlowLayoutModel, _ repeats: SectionRepeats) -> Int {
    let estimated = model.layout.estimatedItemSize.isEnabled
    // Each section read in place: a section read whole is copied first.
    return model.sections.withUnsafeBufferPointer { sections in
      var (bound, index) = (0, 0)
      for run in 0..<repeats.runCount where index < sections.count {
        bound += runsBound(of: sections[index].itemSizing, estimated: estimated)
        index += repeats.count(ofRun: run)
      }
      return bound
    }
  }

  /// `runsBound(of:)` for a section sized by `sizing`.
  @inline(__always)
  private static func runsBound(of sizing: FlowSection.ItemSizing, estimated: Bool) -> Int {
    switch sizing {
    case .fixed:
      // Under estimates, one size is a run of equal sizes: FLOW-11's empty line, the first
      // line, the run of lines alike and the last line, when the run's starts are exact.
      return estimated ? 4 : 1
    case .fixedWithExceptions(_, _, let exceptions):
      // Runs of the one size between exceptions, each the run of lines alike and the lines
      // broken around an exception, as `mixedLineRuns` reserves.
      return 4 * exceptions.count + 4
    case .perItem(let sizes): return sizes.count + 2
    }
  }

  /// The sections an incremental update lays out again, their runs collected in one buffer,
  /// kept together once all are laid out (`keep(in:)`): one allocation for a batch over many
  /// sections, not one per section, and none when every section is re-broken in place.
  private struct Relaid: ~Copyable {
    /// Made when the first section is laid out, with room for the runs of every section the
    /// change names.
    var runs: FlowLayoutEngine.LineRunBuffer?
    /// The sections whose runs are in `runs`.
    var indexes: [Int] = []

    /// Section `index` laid out, its runs to be kept by `keep(in:)`.
    mutating func laidOut(
      _ index: Int, of change: FlowSectionChanges, by engine: FlowLayoutEngine,
      counters: inout LayoutWorkCounters
    ) -> Section {
      var buffer: FlowLayoutEngine.LineRunBuffer
      if let made = runs.take() {
        buffer = made
      } else {
        // Sized at the first section laid out, not before: a resize re-broken in place needs
        // no room (sizing it read every changed section of the model: about 300 instructions).
        let (bound, changed) = Self.room(for: change, in: engine.model)
        indexes.reserveCapacity(changed)
        buffer = FlowLayoutEngine.LineRunBuffer(capacity: bound)
      }
      indexes.append(index)
      let section = engine.lineRuns(ofSection: index, into: &buffer, counters: &counters)
      runs = consume buffer
      return section
    }

    /// How many runs the sections `change` names may make, and how many sections it names.
    ///
    /// - Complexity: O(sections changed).
    private static func room(for change: FlowSectionChanges, in model: FlowLayoutModel)
      -> (runs: Int, sections: Int)
    {
      let estimated = model.layout.estimatedItemSize.isEnabled
      var (bound, changed) = (0, 0)
      // Each section's sizing read in place: a section read whole is copied first.
      model.sections.withUnsafeBufferPointer { sections in
        change.forEachChange { index, _ in
          precondition(sections.indices.contains(index), "section \(index) of \(sections.count)")
          bound += RunLengthLayout.runsBound(of: sections[index].itemSizing, estimated: estimated)
          changed += 1
        }
      }
      return (bound, changed)
    }

    /// Gives the sections laid out their runs, and the runs' storage as their holder.
    consuming func keep(in state: inout State) {
      guard let buffer = runs.take() else { return }
      let kept = buffer.finish()
      for index in indexes {
        state.changeSection(index) { section, holder in section.runs.keep(kept, holder: &holder) }
      }
    }
  }

  private mutating func applyIncrementally(_ change: FlowModelChange) {
    guard hasState, !state.geometry.isEmpty else { return fullLayout() }
    let engine = FlowLayoutEngine(model, measuringMirrorWidth: false)
    var counters = LayoutWorkCounters()
    // The state changed where it is stored: its arrays are held once, and changed in place
    // (a copy taken out and stored back cost a resize about 250 instructions).
    Self.apply(change, to: &state, engine: engine, counters: &counters)
    workCounters += counters
  }

  /// `applyIncrementally(_:)` on `state`.
  private static func apply(
    _ change: FlowModelChange, to state: inout State, engine: FlowLayoutEngine,
    counters: inout LayoutWorkCounters
  ) {
    var anyMoved = false
    var relaid = Relaid()
    if change.sections.structureChanged {
      var sections = ContiguousArray<Section>()
      var holders = ContiguousArray<FlowLayoutEngine.LineRunStorage?>()
      sections.reserveCapacity(change.sections.sections.count)
      holders.reserveCapacity(change.sections.sections.count)
      for (index, origin) in change.sections.sections.enumerated() {
        switch origin {
        case .inserted:
          sections.append(
            relaid.laidOut(index, of: change.sections, by: engine, counters: &counters))
          holders.append(nil)  // until `relaid.keep(in:)`
        case .existing(let old, _, _, _):
          sections.append(state.sections[old])
          holders.append(state.holders.isEmpty ? nil : state.holders[old])
        }
      }
      state.replaceSections(with: sections, holders: holders)
    }
    // Inserted sections were laid out above; changed ones are laid out again, moved ones kept.
    let keepsStarts = !change.sections.structureChanged
    var spansCursor = 0
    change.sections.forEachChange { index, origin in
      if case .existing(let was, let first?, let last, let itemDelta) = origin {
        let old = state.sections[index].length
        // Changes far apart span more than the gap between spans: only then are spans looked
        // up (which copies the change's list of them; a resize's or an insert's has none).
        let spans =
          last - first > FlowSectionChanges.ChangedItemSpan.gap
          ? change.sections.itemSpans(ofSection: index, cursor: &spansCursor) : nil
        // Items resized, inserted or deleted in place: only the lines they move are broken
        // again, when that is provably what a full layout of the section gives (never a
        // section of one size, whose one run is laid out again in O(1), nor items far apart
        // in one range: see `mayRebreak`, `reline(_:spans:…)`).
        // (Checked before the section is taken to change: the first change after a full layout
        // makes every section's holder.)
        let relined =
          keepsStarts && was == index
          && (spans.map { Self.mayReline(state.sections[index], spans: $0) }
            ?? Self.mayRebreak(state.sections[index], first, max(last, first)))
          && state.changeSection(index) { section, holder in
            if let spans {
              return Self.reline(
                &section, holder: &holder, index, spans: spans, engine: engine,
                counters: &counters)
            }
            return engine.lineRuns(
              ofSection: index, changing: first, through: last, itemDelta: itemDelta,
              in: &section, holder: &holder, counters: &counters) == .rebroken
          }
        if !relined {
          state.sections[index] = relaid.laidOut(
            index, of: change.sections, by: engine, counters: &counters)
        }
        if keepsStarts {
          state.starts.setLength(
            state.sections[index].length, was: old, of: index, counters: &counters)
        }
      }
      anyMoved = true
    }
    relaid.keep(in: &state)
    // New geometry: FLOW-24's visible rect may have moved.
    let mirrorWidth = state.geometry.mirrorWidth
    state.geometry = engine.geometry
    if change.sections.structureChanged
      || state.starts.origin.bitPattern != engine.geometry.paddingBefore.bitPattern
    {
      state.restack(engine: engine, counters: &counters)
    } else if anyMoved {
      state.restackChanged(engine: engine, counters: &counters)
    } else if !state.geometry.isVertical && state.geometry.isRightToLeft {
      state.geometry.mirrorWidth = mirrorWidth
    }
  }

  /// Whether `reline(_:spans:…)` may be tried: in a section whose runs' starts are a tree (a
  /// chain's runs would be copied at each stretch: O(runs) a stretch), nor with so many
  /// stretches that laying the section out costs less — more than one per 512 items (a stretch
  /// costs O(log runs) plus its lines, some 1–2 µs; laying out, a few nanoseconds an item).
  private static func mayReline(
    _ section: Section, spans: ArraySlice<FlowSectionChanges.ChangedItemSpan>
  ) -> Bool {
    section.startSums != nil && spans.count <= section.numberOfItems / 512
  }

  /// Section `index` after a batch that changed items far apart in it (`spans`, by item: two
  /// or more), its lines broken again around each stretch of changes, from the first: each
  /// stretch whose lines reach the next stretch's changes is joined to it. False — the
  /// caller lays the section out again — where a stretch cannot be re-broken, or where the
  /// section's runs stop being a tree (each stretch would copy them).
  ///
  /// - Complexity: O(stretches · log runs + items on the lines broken again).
  private static func reline(
    _ section: inout Section, holder: inout FlowLayoutEngine.LineRunStorage?, _ index: Int,
    spans: ArraySlice<FlowSectionChanges.ChangedItemSpan>, engine: FlowLayoutEngine,
    counters: inout LayoutWorkCounters
  ) -> Bool {
    // The spans' count changes are the section's up to each: `before` is that of the spans
    // done.
    var (next, before) = (spans.startIndex, 0)
    while next < spans.endIndex {
      // A stretch that had to turn the tree back into a chain (a thickness off its grid)
      // leaves the rest to a full layout.
      guard section.startSums != nil else { return false }
      var through = next
      while true {
        let nextChange = through + 1 < spans.endIndex ? spans[through + 1].first : nil
        let outcome = engine.lineRuns(
          ofSection: index, changing: spans[next].first, through: spans[through].last,
          itemDelta: spans[through].itemDelta - before, before: nextChange, in: &section,
          holder: &holder, counters: &counters)
        if outcome == .rebroken { break }
        guard outcome == .reachesNextChange else { return false }
        through += 1
      }
      before = spans[through].itemDelta
      next = through + 1
    }
    // Where the last line now starts and how thick it is, once every stretch is in.
    section.length = engine.length(ofSection: index, section)
    return true
  }

  /// Whether re-breaking only the lines of items `first…last` of `section` can succeed: not
  /// in a section of one size, and not when more than twice
  /// `FlowLayoutEngine.rebreakLimit` old runs — each at least a line — lie between them. A
  /// batch that deletes and inserts items far apart in a section keeps its number of items
  /// and so looks like a resize of everything between; re-breaking that would give up after
  /// `rebreakLimit` lines (as it may, rarely, when many lines shrink into few), so the
  /// section is laid out at once. Either way the frames are the same.
  ///
  /// - Complexity: O(1) for one item, else O(log runs).
  private static func mayRebreak(_ section: Section, _ first: Int, _ last: Int) -> Bool {
    // One item resized lies in one run: no search (two cost a resize about 400 instructions).
    guard section.columns == nil, first != last else { return section.columns == nil }
    let apart = section.runIndex(holding: last) - section.runIndex(holding: first)
    return apart <= 2 * FlowLayoutEngine.rebreakLimit
  }

  public mutating func resetWorkCounters() { workCounters = LayoutWorkCounters() }

  /// `body`'s answer from the prepared state, borrowed where it is stored: returning a copy
  /// (as a computed property does) retained and released each of its arrays, about 150
  /// instructions a query.
  @inline(__always)
  func withPrepared<Answer>(_ body: (State) -> Answer) -> Answer {
    // `case .none`, not `== nil`, which copied the pending change out: about 90 instructions.
    guard case .none = pending, !needsFullLayout, hasState else {
      preconditionFailure("query before prepare()")
    }
    return body(state)
  }

  /// `body`'s answer from pointers to the prepared state and the model, for a query that
  /// reads them throughout (`RectQuery`). Each is copied once, to a temporary the pointer
  /// points to (a query does not mutate the layout, so it cannot point into it); taking the
  /// state through `withPrepared` and then a pointer to it measured three copies, 64
  /// instructions a rect query more.
  @inline(__always)
  func withPreparedPointers<Answer>(
    _ body: (UnsafePointer<State>, UnsafePointer<FlowLayoutModel>) -> Answer
  ) -> Answer {
    guard case .none = pending, !needsFullLayout, hasState else {
      preconditionFailure("query before prepare()")
    }
    return withUnsafePointer(to: state) { state in
      withUnsafePointer(to: model) { model in body(state, model) }
    }
  }

  /// A copy of the prepared state, for tests: queries borrow it (`withPrepared`).
  var prepared: State { withPrepared { $0 } }

  /// - Complexity: O(1).
  public var collectionViewContentSize: CGSize {
    if exact.unit == nil, let fallback = exact.layout { return fallback.collectionViewContentSize }
    return withPrepared { $0.contentSize }
  }

  /// Records what changed for the next `prepare()`: a pure scroll or a data change lays out
  /// only the sections it touched; everything else — new delegate metrics, a cross-axis bounds
  /// change, or a second change before `prepare()` — lays everything out again.
  ///
  /// - Complexity: that of `FlowLayoutModel.apply(_:)`: O(k log k) for k resized items and a
  ///   scroll, whatever the number of items and sections.
  public mutating func invalidateLayout(
    with context: LayoutInvalidationContext
  ) throws(LayoutError) {
    exact.willApply(context)
    let change: FlowModelChange
    do { change = try model.apply(context) } catch {
      exact.didNotApply(model)
      throw error
    }
    startRepeats = nil
    FlowModelChange.record(
      change, hasLayout: hasState, pending: &pending, needsFullLayout: &needsFullLayout)
    // The fallback's layout follows the model too; while it answered, `state` was not kept up
    // to date.
    if try exact.invalidate(with: context, model: model, change: change) || exact.layout != nil {
      needsFullLayout = true
    }
  }
}

extension RunLengthLayout.State {
  /// Where section `index` starts along the scroll axis (logical coordinates).
  ///
  /// - Complexity: O(log s) where starts are prefix sums, O(1) where they are the engine's
  ///   chain (`SectionStarts`).
  @inline(__always)
  func start(of index: Int) -> Double { starts.start(of: index) }

  /// The sections that can meet `search` (FLOW-22): `FlowSearchRange.sections`' answer, in
  /// O(log s + sections returned) — and where the first of them starts: each later one starts
  /// where the one before it ends (`SectionStarts`: the engine's addition, the same bits), so a
  /// query reads the starts of the sections it meets in O(1) each, not O(log s).
  @inline(__always)
  func sectionsAndFirstStart(meeting search: FlowSearchRange) -> (
    sections: Range<Int>, firstStart: Double
  ) {
    let sections = self.sections
    return starts.sectionsAndFirstStart(from: search.low, through: search.high) {
      sections[$0].length
    }
  }

  /// Where section `index` ends: the same addition the engine makes.
  @inline(__always)
  func end(of index: Int) -> Double { start(of: index) + sections[index].length }

  func record(of index: Int) -> FlowSectionRecord {
    record(of: index, start: start(of: index))
  }

  /// `record(of:)` for section `index`, which starts at `start`.
  @inline(__always)
  func record(of index: Int, start: Double) -> FlowSectionRecord {
    let section = sections[index]
    return FlowSectionRecord(
      start: start, end: start + section.length, headerLength: section.metrics.headerLength,
      footerLength: section.metrics.footerLength, numberOfItems: section.numberOfItems)
  }

  /// Lays every section's start out again from the sections' lengths (`SectionStarts`), then
  /// the content size.
  ///
  /// - Complexity: O(s); no line is touched.
  mutating func restack(engine: FlowLayoutEngine, counters: inout LayoutWorkCounters) {
    let sections = self.sections
    starts = SectionStarts(origin: geometry.paddingBefore, count: sections.count) {
      sections[$0].length
    }
    finishRestack(engine: engine)
  }

  /// After `starts.setLength(_:was:of:counters:)` for every section whose length changed:
  /// moves later sections — O(log s) per change as prefix sums (done already), O(s) as the
  /// engine's chain — then the content size.
  mutating func restackChanged(engine: FlowLayoutEngine, counters: inout LayoutWorkCounters) {
    let sections = self.sections
    starts.restack(lengths: { sections[$0].length }, counters: &counters)
    finishRestack(engine: engine)
  }

  /// The content size (and, for horizontal right-to-left layouts, the mirror width: FLOW-20)
  /// from where the last section ends.
  private mutating func finishRestack(engine: FlowLayoutEngine) {
    let end = sections.isEmpty ? starts.origin : end(of: sections.count - 1)
    let length = sections.isEmpty || geometry.isEmpty ? 0 : end + geometry.paddingAfter
    if !geometry.isVertical && geometry.isRightToLeft { geometry.mirrorWidth = length }
    contentSize = engine.contentSize(length: length)
  }
}

extension RunLengthLayout {
  /// The strategy in `LayoutRegistry`.
  public static let descriptor = LayoutDescriptor.flow(
    RunLengthLayout.self,
    summary: "runs of equal sizes as arithmetic; no frame kept, frames built at query time",
    complexity: LayoutComplexity(
      prepare: "O(s) + O(1) per uniform section, O(items) per mixed one",
      rectQuery: "O(log s + log runs + answer)", itemLookup: "O(log s + log runs + line)",
      update: "the sections changed + O(log s) (exact lengths), else O(s)"))
}
