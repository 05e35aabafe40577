import Foundation

extension FlowLayoutEngine {
  /// Consecutive lines of one section that share one shape, kept as arithmetic instead of line
  /// by line: line k holds items `firstItem + k · itemsPerLine …` and starts at
  /// `lineStart(k, lineSpacing:)`, relative to the section. A uniform section is one run (FLOW-10); in a
  /// mixed section, the lines that start inside a run of equally sized items, and end before
  /// it does, break alike (FLOW-9) and are one run; every other line is a run of one.
  struct LineRun: Sendable {
    // 16 bytes, since a mixed section keeps one per line outside runs: what a line holds and
    // how thick it is are recomputed from the item sizes when a query needs them
    // (`SectionRuns.shape(ofRun:_:_:)`). Int32 is enough: a layout holds at most 10,000,000
    // items (FLOW-28).
    /// Where the first line starts, relative to the section's start — or, in a section whose
    /// starts are a tree (`SectionRuns.startSums`), that tree's node: read a run through
    /// `SectionRuns.run(_:)`.
    let start: Double
    private let storedFirstItem: Int32
    private let storedLineCount: Int32

    init(start: Double, firstItem: Int, lineCount: Int) {
      self.start = start
      storedFirstItem = Int32(firstItem)
      storedLineCount = Int32(lineCount)
    }

    /// A line of its own, for the flat line loop, which writes one per item: `firstItem` is an
    /// item of a validated layout, so below FLOW-28's bound, which Int32 holds.
    @inline(__always)
    init(start: Double, validItem firstItem: Int) {
      self.start = start
      storedFirstItem = Int32(truncatingIfNeeded: firstItem)
      storedLineCount = 1
    }

    /// A slot that holds no line, where a section whose starts are a tree keeps room for
    /// runs to come (`SectionRuns.makeStartTree()`): it holds the items and start of the run
    /// after it, so that every search by item or start passes it by, and the runs before it
    /// end where they did.
    static func emptySlot(before run: LineRun) -> LineRun {
      LineRun(start: run.start, firstItem: run.firstItem, lineCount: 0)
    }

    /// The first item of the first line (FLOW-11's empty line: the next run's first item too)
    /// — or, in a section whose starts are a tree, that tree's node of item counts: read a run
    /// through `SectionRuns.run(_:)`.
    var firstItem: Int { Int(storedFirstItem) }

    /// Where the stored first item sits in a run, for the tree's passes over every run
    /// (`SectionRuns.makeTree(of:)`), which read and write it in place.
    static var firstItemOffset: Int? { MemoryLayout<Self>.offset(of: \.storedFirstItem) }
    var lineCount: Int { Int(storedLineCount) }
    /// Whether this is an empty slot (`emptySlot(before:)`), no lines.
    var isEmptySlot: Bool { storedLineCount == 0 }
  }

  /// What the lines of one run hold and how they sit, rebuilt from the item sizes.
  struct LineRunShape {
    /// The items of every line but a uniform section's last, which may hold fewer.
    let itemsPerLine: Int
    /// The run's items end here.
    let endItem: Int
    /// Σ main and the thickness of each line, by the sums FLOW-9's `breakLine` makes.
    let mainLength: Double
    let thickness: Double
    let placement: Placement

    /// How the items of the run's lines sit along them.
    enum Placement {
      /// FLOW-13, FLOW-14 of a uniform section: every line in a full line's columns.
      case columns(UniformColumns)
      /// FLOW-13: complete lines of a mixed section.
      case justified
      /// FLOW-14: the incomplete last line of a mixed section.
      case leftAligned
    }

    /// The items of line k of a run whose first line starts at `firstItem`.
    @inline(__always)
    func items(ofLine line: Int, firstItem: Int) -> Range<Int> {
      let first = firstItem + line * itemsPerLine
      return first..<min(first + itemsPerLine, endItem)
    }

    /// Line k of a mixed run as FLOW-9 broke it (what FLOW-13 justifies it by).
    @inline(__always)
    func brokenLine(_ line: Int, firstItem: Int) -> BrokenLine {
      let items = items(ofLine: line, firstItem: firstItem)
      return BrokenLine(
        firstItem: items.lowerBound, itemCount: items.count, mainLength: mainLength,
        thickness: thickness, used: 0)
    }
  }

  /// One section laid out as runs of lines, relative to its start: no line is placed and no
  /// frame computed; `shape(ofRun:_:_:)` and `lineStart(_:of:thickness:)` rebuild them on
  /// demand.
  struct SectionRuns: Sendable {
    var runs: LineRunList
    var metrics: FlowSectionMetrics
    var numberOfItems: Int
    /// FLOW-10's columns and the items' thickness, for a uniform section.
    var columns: UniformColumns?
    var uniformThickness: Double
    /// FLOW-12: whether a mixed section's last line was judged complete (justified).
    var lastLineIsComplete: Bool
    /// FLOW-12a: whether every line of a mixed section holds one item (never with FLOW-11's
    /// empty line), kept so that a change to the last lines can judge the last one without
    /// counting the lines before them (`FlowLayoutEngine+LineRunsEnd.swift`). No default: a
    /// false one would leave a last line left-aligned that FLOW-12a centres.
    var everyLineHoldsOneItem: Bool
    /// The section's length along the scroll axis (FLOW-16): the same value `layoutSection`
    /// adds to the section's start.
    var length: Double
    /// nil where each run holds where it starts (the engine's chain); otherwise the runs hold a
    /// Fenwick tree of the distances from one run's start to the next, which every sum of
    /// gives exactly (this set of them shows it), so that a resize moves the runs after it in
    /// O(log runs) (`FlowLayoutEngine+LineRunStarts.swift`); its runs may then include empty
    /// slots (`LineRun.emptySlot(before:)`).
    var startSums: ExactSummands? = nil

    /// What the lines of run `index` hold and how they sit.
    ///
    /// - Complexity: O(1) in a uniform section; O(items on one line) in a mixed one.
    @inline(__always)
    func shape(ofRun index: Int, _ items: FlowItemSizes, _ geometry: FlowGeometry)
      -> LineRunShape
    {
      shape(ofRun: index, geometry, size: { items[$0] })
    }

    /// `shape(ofRun:_:_:)` with each item's size read by `size` (`FlowLayoutEngine.forEachCell`
    /// says why).
    @inline(__always)
    func shape(ofRun index: Int, _ geometry: FlowGeometry, size: (Int) -> CGSize)
      -> LineRunShape
    {
      if let columns {
        return LineRunShape(
          itemsPerLine: columns.perLine, endItem: numberOfItems, mainLength: 0,
          thickness: uniformThickness, placement: .columns(columns))
      }
      return shape(ofRun: index, run(index), endItem: endItem(ofRun: index), geometry, size: size)
    }

    /// `shape(ofRun:_:size:)` of a mixed section's run `index`, given it (`run(_:)`) and where
    /// its items end (`endItem(ofRun:)`), as a walk over the runs has them.
    ///
    /// - Complexity: O(items on one line).
    @inline(__always)
    func shape(
      ofRun index: Int, _ run: LineRun, endItem: Int, _ geometry: FlowGeometry,
      size: (Int) -> CGSize
    ) -> LineRunShape {
      // An empty slot holds no items: 0 per line (and no line to query). A run of one line —
      // most runs of a mixed section — is not divided: a division takes a query tens of
      // cycles per line.
      let items = endItem - run.firstItem
      let perLine = run.lineCount > 1 ? items / run.lineCount : items
      // The sums of `breakLine`, in its order, over the first line's items: every line of a
      // run holds items of the same sizes.
      var (mainLength, thickness) = (0.0, 0.0)
      for item in run.firstItem..<(run.firstItem + perLine) {
        let (main, itemThickness) = geometry.mainAndThickness(size(item))
        mainLength += main
        thickness = max(thickness, itemThickness)
      }
      let isLast = index == runs.count - 1
      return LineRunShape(
        itemsPerLine: perLine, endItem: endItem, mainLength: mainLength, thickness: thickness,
        placement: isLast && !lastLineIsComplete ? .leftAligned : .justified)
    }

    /// Where line k of `run` starts, relative to the section, given its lines' thickness: the
    /// engine's own closed form for a uniform section (FLOW-10); for a run of a mixed section,
    /// the sum of the engine's sequential additions, which a run holds only where
    /// `ExactArithmetic` shows them equal.
    @inline(__always)
    func lineStart(_ line: Int, of run: LineRun, thickness: Double) -> Double {
      let pitch = thickness + metrics.lineSpacing
      if columns != nil { return run.start + Double(line) * pitch }
      return line == 0 ? run.start : run.start + Double(line) * pitch
    }

    /// The run that holds `item`: the last run starting at or before it (never FLOW-11's empty
    /// line, which a run starting at the same item follows).
    ///
    /// - Complexity: O(log runs).
    func runIndex(holding item: Int) -> Int {
      guard startSums == nil else { return run(holding: item).index }
      // Invariant: runs before the result start at or before `item` (firstItem never decreases).
      return partitioningIndex(runs.count) { runs[$0].firstItem > item } - 1
    }
  }

  /// The runs of one section: a stretch of storage that may hold other sections' runs too,
  /// so that a full layout keeps the runs of every section in one allocation.
  ///
  /// Plain data, no reference: whoever stores the section holds the storage
  /// (`LineRunStorage`) — `RunLengthLayout.State` holds one per section, or one for all the
  /// sections of a full layout — and passes the section's own holder, if it has one, to
  /// whatever may change the runs (`withUniqueRuns(holder:_:)`). A section with a reference
  /// was copied through its value witness, with a retain and a release, wherever the compiler
  /// copied it: in a rect query, two or three times.
  ///
  /// The optimizer does not tie the runs to their holder: code that reads them and then
  /// replaces the holder reads them inside `withExtendedLifetime(holder)`, or an optimized
  /// build may free them first (`.ci/run` checks the updates under AddressSanitizer).
  struct LineRunList: @unchecked Sendable {
    /// Where the runs are, once kept (`keep(_:)`); nil before.
    private var base: UnsafeMutablePointer<LineRun>?
    private var offset: Int
    private(set) var count: Int

    /// The runs `offset..<offset + count` of storage to come (`keep(_:)`).
    init(offset: Int, count: Int) {
      precondition(offset >= 0 && count >= 0)
      (self.offset, self.count) = (offset, count)
    }

    /// Points at the runs in `storage`, which the caller holds for as long as the list is
    /// read (the section's holder).
    mutating func keep(_ storage: LineRunStorage) {
      precondition(offset + count <= storage.count)
      base = storage.base + offset
    }

    /// The runs `offset..<offset + count` of a new `storage`, which becomes their holder.
    mutating func keep(_ storage: LineRunStorage, holder: inout LineRunStorage?) {
      keep(storage)
      holder = storage
    }

    /// Whether the runs are kept, and in `storage`.
    func areKept(in storage: LineRunStorage) -> Bool {
      guard let base else { return false }
      return base >= storage.base && base + count <= storage.base + storage.count
    }

    @inline(__always)
    subscript(index: Int) -> LineRun {
      guard let base, index >= 0, index < count else {
        preconditionFailure("run \(index) of \(count)")
      }
      return base[index]
    }

    /// Calls `body` with the runs as one buffer, for a loop that copies them all.
    @inline(__always)
    func withUnsafeRuns<Result>(_ body: (UnsafeBufferPointer<LineRun>) -> Result) -> Result {
      body(UnsafeBufferPointer(start: base, count: base == nil ? 0 : count))
    }

    /// Calls `body` with the runs as one buffer it may change, first copying them to storage
    /// of their own, which becomes `holder`, if anything else holds theirs (another section, a
    /// copy of the layout): `holder` is the section's own hold on the storage its runs are in,
    /// or nil where it has none (the runs are then copied).
    ///
    /// - Complexity: O(1) once the runs' storage is theirs alone; else O(count) to copy them.
    mutating func withUniqueRuns<Result>(
      holder: inout LineRunStorage?, _ body: (UnsafeMutableBufferPointer<LineRun>) -> Result
    ) -> Result {
      if !isKnownUniquelyReferenced(&holder), let shared = base {
        var copy = LineRunBuffer(capacity: count)
        copy.appending { slot in
          slot.initialize(from: shared, count: count)
          return count
        }
        offset = 0
        keep(copy.finish(), holder: &holder)
      }
      return body(UnsafeMutableBufferPointer(start: base, count: base == nil ? 0 : count))
    }

    /// Calls `body` with the runs made `newCount`, the first `kept` as they were and the rest
    /// for it to write: in place where the storage is theirs alone (`holder`) and has room
    /// after them; otherwise the `kept` copied to storage of their own, with room for an
    /// eighth more, which becomes `holder`. What a section that grows at its end needs: its
    /// runs grow without a copy of them all per change.
    ///
    /// - Complexity: O(1) in place; else O(kept), once per eighth of growth.
    mutating func withRunsResized<Result>(
      to newCount: Int, keeping kept: Int, holder: inout LineRunStorage?,
      _ body: (UnsafeMutableBufferPointer<LineRun>) -> Result
    ) -> Result {
      precondition(kept >= 0 && kept <= min(count, newCount))
      let fits =
        isKnownUniquelyReferenced(&holder)
        && holder.map { storage in
          base.map { $0 >= storage.base && $0 + newCount <= storage.base + storage.count }
            ?? false
        } ?? false
      if !fits {
        var copy = LineRunBuffer(capacity: newCount + newCount / 8 + 16)
        let from = base
        // Read while `holder` holds them: the optimizer does not tie `from` to it, and keeping
        // the copy releases it (see the type's comment).
        withExtendedLifetime(holder) {
          copy.appending { slot in
            if let from { slot.initialize(from: from, count: kept) }
            // The rest is the caller's to write: plain values, nothing to initialize.
            return newCount
          }
        }
        (offset, count) = (0, newCount)
        keep(copy.finishKeepingRoom(), holder: &holder)
      }
      count = newCount
      return body(UnsafeMutableBufferPointer(start: base, count: base == nil ? 0 : count))
    }
  }

  /// The runs of a layout, in one block of exactly their size — or one section's, with room
  /// after them to grow into (`LineRunList.withRunsResized`). A class because sections share
  /// it and it frees the block; changed only through a section's own holder when that is the
  /// only one (`LineRunList.withUniqueRuns`), so a prepared layout's is safe to read from many
  /// threads.
  final class LineRunStorage: @unchecked Sendable {
    fileprivate let base: UnsafeMutablePointer<LineRun>
    let count: Int

    fileprivate init(base: UnsafeMutablePointer<LineRun>, count: Int) {
      (self.base, self.count) = (base, count)
    }

    deinit { free(base) }
  }

  /// Where runs are collected, section after section, before they are kept (`finish()`): a
  /// block with room for as many runs as the caller says the layout may have, grown if it was
  /// short, and shrunk in place to what was written (`realloc`), so nothing is copied. The flat
  /// line loop writes into it through a pointer, with no check per line.
  struct LineRunBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<LineRun>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
      self.capacity = max(capacity, 1)
      base = Self.allocated(nil, self.capacity)
    }

    deinit { if capacity > 0 { free(base) } }

    private static func allocated(_ old: UnsafeMutablePointer<LineRun>?, _ capacity: Int)
      -> UnsafeMutablePointer<LineRun>
    {
      guard let raw = realloc(old, capacity * MemoryLayout<LineRun>.stride) else {
        fatalError("out of memory for \(capacity) runs of lines")
      }
      return raw.bindMemory(to: LineRun.self, capacity: capacity)
    }

    /// Makes room for `extra` more runs, doubling the capacity if it must grow (only when a
    /// caller's bound was short).
    mutating func reserve(_ extra: Int) {
      guard count + extra > capacity else { return }
      capacity = max(count + extra, capacity * 2)
      base = Self.allocated(base, capacity)
    }

    @inline(__always)
    mutating func append(_ run: LineRun) {
      reserve(1)
      (base + count).initialize(to: run)
      count += 1
    }

    /// Lets `body` write runs at the end, given where they go: it returns how many it wrote.
    /// The caller must have reserved room for every slot it writes to.
    @inline(__always)
    mutating func appending(_ body: (UnsafeMutablePointer<LineRun>) -> Int) {
      count += body(base + count)
    }

    /// Lets `body` rewrite the runs from `first` on, given where they start, how many they are
    /// and room for `extra` more after them: it returns how many there are now.
    mutating func rewriting(
      from first: Int, extra: Int, _ body: (UnsafeMutablePointer<LineRun>, Int) -> Int
    ) {
      precondition(first >= 0 && first <= count && extra >= 0)
      reserve(extra)
      let written = body(base + first, count - first)
      precondition(written >= 0 && written <= count - first + extra)
      count = first + written
    }

    /// The runs collected, with the block's room after them (`LineRunList.withRunsResized`).
    consuming func finishKeepingRoom() -> LineRunStorage {
      let kept = base
      let room = capacity
      capacity = 0  // the block is the storage's now
      return LineRunStorage(base: kept, count: room)
    }

    /// The runs collected, in a block of exactly their number.
    consuming func finish() -> LineRunStorage {
      let kept = count == capacity ? base : Self.allocated(base, max(count, 1))
      capacity = 0  // the block is the storage's now
      return LineRunStorage(base: kept, count: count)
    }
  }

  /// Section `index` as runs of lines (FLOW-9…12, FLOW-16), the same breaks and line starts as
  /// `layoutSection` to the bit, its runs appended to `buffer`; the section's `runs` refer to
  /// them once the caller passes `buffer.finish()` to `runs.keep(_:)`.
  ///
  /// - Complexity: O(1) for a uniform section with one size; for a mixed one, O(items): one
  ///   branch-free pass over the items breaks every line outside runs of equal sizes
  ///   (`FlowLineFill`), and O(1) per run of lines, whose first line alone is broken; for one
  ///   size with e exceptions, O(e · (log e + items on a line)) where the runs' starts are exact
  ///   (`ExactArithmetic`): the runs before, around and after each exception.
  func lineRuns(
    ofSection index: Int, into buffer: inout LineRunBuffer, counters: inout LayoutWorkCounters
  ) -> SectionRuns {
    // The model's section read in place: bound to a constant, it was copied.
    let metrics = FlowSectionMetrics(section: index, of: model, geometry: geometry)
    let items = FlowItemSizes(section: index, of: model.sections, layout: model.layout)
    let firstRun = buffer.count
    var laidOut = SectionRuns(
      runs: LineRunList(offset: 0, count: 0), metrics: metrics, numberOfItems: items.count,
      columns: nil, uniformThickness: 0, lastLineIsComplete: false, everyLineHoldsOneItem: false,
      length: 0)
    var linesEnd = metrics.linesStart
    if items.count > 0 {
      if let size = metrics.uniformSize {
        // FLOW-10, as `layoutUniformLines` lays it out: line k at linesStart + k · pitch.
        let (main, thickness) = geometry.mainAndThickness(size)
        let columns = UniformColumns(itemCount: items.count, main: main, metrics)
        let run = LineRun(start: metrics.linesStart, firstItem: 0, lineCount: columns.lineCount)
        buffer.append(run)
        laidOut.columns = columns
        laidOut.uniformThickness = thickness
        counters.linesBroken += 1
        linesEnd =
          laidOut.lineStart(columns.lineCount - 1, of: run, thickness: thickness) + thickness
      } else {
        (
          linesEnd, laidOut.lastLineIsComplete, laidOut.everyLineHoldsOneItem,
          laidOut.startSums
        ) = mixedLineRuns(items, metrics, from: firstRun, into: &buffer, counters: &counters)
      }
    }
    laidOut.runs = LineRunList(offset: firstRun, count: buffer.count - firstRun)
    counters.sectionsLaidOut += 1
    laidOut.length = metrics.length(linesEnd: linesEnd)
    return laidOut
  }

  /// A mixed section's runs (`mixedLines`), appended to `runs` from `firstRun` on; in a section
  /// of `SectionRuns.treeAtPrepare` runs or more whose lines were summed on the grid, made a
  /// tree with room at once, so that no resize pays O(runs) to make one. Returns where the
  /// last line ends, whether FLOW-12 judged it complete, whether every line holds one item
  /// (FLOW-12a), and the tree's summands if it made one (`SectionRuns.startSums`).
  ///
  /// - Complexity: that of `mixedLines`, plus O(runs) for a tree.
  @inline(__always)
  private func mixedLineRuns(
    _ items: FlowItemSizes, _ metrics: FlowSectionMetrics, from firstRun: Int,
    into runs: inout LineRunBuffer, counters: inout LayoutWorkCounters
  ) -> (
    linesEnd: Double, lastLineIsComplete: Bool, everyLineHoldsOneItem: Bool,
    startSums: ExactSummands?
  ) {
    // Only a section of sizes item by item that may make that many runs notes its grid (one
    // of one size with exceptions, a few runs per exception, keeps the chain until a resize);
    // the others run a copy of the loop that notes nothing.
    guard items.hasSizeBuffer && items.count + 1 >= SectionRuns.treeAtPrepare else {
      let (linesEnd, isComplete, oneEach, _) = mixedLines(
        items, metrics, IgnoringGrid.self, into: &runs, counters: &counters)
      return (linesEnd, isComplete, oneEach, nil)
    }
    let (linesEnd, isComplete, oneEach, onGrid) = mixedLines(
      items, metrics, NotingGrid.self, into: &runs, counters: &counters)
    guard onGrid, runs.count - firstRun >= SectionRuns.treeAtPrepare,
      lineSpacingIsOnGrid(metrics),
      FlowLineFill.Units.units(ofLength: metrics.linesStart).offGrid == 0,
      metrics.linesStart.sign == .plus
    else { return (linesEnd, isComplete, oneEach, nil) }
    return (
      linesEnd, isComplete, oneEach, runs.spreadIntoStartTree(from: firstRun, linesEnd: linesEnd)
    )
  }

  /// Whether `mixedLines` notes the grid, as a type: a copy of the loop is specialized for
  /// each, and the one that does not is the loop as it was.
  private protocol GridNoting { static var notes: Bool { get } }
  private enum NotingGrid: GridNoting { static var notes: Bool { true } }
  private enum IgnoringGrid: GridNoting { static var notes: Bool { false } }

  /// The line loop of `layoutMixedLines` (FLOW-9, FLOW-11, FLOW-12, FLOW-16) over runs: after
  /// breaking a line that starts inside a run of equal sizes, every following line that starts
  /// inside the run and whose next item is still in it breaks the same way, so they are
  /// recorded as one run, without being broken, when their starts are exact
  /// (`ExactArithmetic`); otherwise they are recorded one by one with the engine's additions.
  /// Lines that start an item whose next one differs in size — almost all of them with varied
  /// sizes — are broken by the flat loop `linesOutsideRuns`. Returns where the last line ends,
  /// whether FLOW-12 judged it complete, whether every line holds one item and, when `Grid`
  /// notes it, whether every thickness is on
  /// `FlowLineFill.Units`' grid and every line start was summed exactly on it (false when not
  /// noting): the lines outside runs all broken by the loop in units
  /// (`linesOutsideRunsExactly`, which checks every item it passes), and every item of a line
  /// broken one by one checked here (the lines of a run of equal sizes hold its first line's
  /// sizes). What a tree of starts needs at prepare (`LineRunBuffer.spreadIntoStartTree`),
  /// without another pass over the items.
  ///
  /// - Complexity: O(items), plus O(items on the first line of each run) and O(length of
  ///   each run) to find where it ends; for one size with e exceptions, whose lines are broken
  ///   only around the exceptions, O(e · (log e + items on a line)) where runs are exact.
  private func mixedLines<Grid: GridNoting>(
    _ items: FlowItemSizes, _ metrics: FlowSectionMetrics, _ grid: Grid.Type,
    into runs: inout LineRunBuffer, counters: inout LayoutWorkCounters
  ) -> (linesEnd: Double, lastLineIsComplete: Bool, everyLineHoldsOneItem: Bool, onGrid: Bool) {
    var onGrid = Grid.notes
    // Every line holds an item but FLOW-11's empty one; the flat loop writes one slot ahead.
    // Without a buffer of sizes there is no flat loop, and runs are appended one at a time:
    // room for a few around each exception, not a slot per item.
    runs.reserve(items.hasSizeBuffer ? items.count + 2 : 4 * items.exceptionCount + 4)
    var cursor = MixedLinesCursor(
      firstItem: 0, lineStart: metrics.linesStart, previousUsed: nil, everyLineHoldsOneItem: true)
    // FLOW-11: an oversize first item opens the section with an empty line.
    if opensWithEmptyLine(items, metrics) {
      runs.append(LineRun(start: cursor.lineStart, firstItem: 0, lineCount: 1))
      counters.linesBroken += 1
      cursor.lineStart += metrics.lineSpacing
      cursor.previousUsed = 0
      cursor.everyLineHoldsOneItem = false
    }
    while true {
      let first = cursor.firstItem
      // FLOW-9 decides a line by its items and the one after it: only a line whose first two
      // items are equal in size can begin a run of lines that break alike.
      if first + 1 >= items.count || items[first + 1] != items[first] {
        let end = items.withUnsafeSizes { sizes in
          let exact = linesOutsideRunsExactly(
            sizes, items, metrics, from: cursor, into: &runs, counters: &counters)
          if Grid.notes && exact == nil { onGrid = false }
          return exact
            ?? linesOutsideRunsInUnits(
              sizes, items, metrics, from: cursor, into: &runs, counters: &counters)
            ?? linesOutsideRuns(
              sizes, items, metrics, from: cursor, into: &runs, counters: &counters)
        }
        switch end {
        case .lastLine(let end, let isComplete, let everyLineHoldsOneItem)?:
          return (end, isComplete, everyLineHoldsOneItem, onGrid)
        case .stopped(let next)?:
          cursor = next
          continue
        // One size, with or without exceptions: no flat loop; the line is broken below and
        // ends a run where an exception begins (`endOfRun`).
        case nil: break
        }
      }
      let line = breakLine(startingAt: first, items, metrics)
      counters.linesBroken += 1
      if Grid.notes && onGrid && line.endItem > first {
        onGrid = thicknessesAreOnGrid(items, first...(line.endItem - 1), metrics)
      }
      cursor.everyLineHoldsOneItem = cursor.everyLineHoldsOneItem && line.itemCount == 1
      if line.endItem == items.count {
        let complete = Self.lastLineIsComplete(
          line, everyLineHoldsOneItem: cursor.everyLineHoldsOneItem,
          previousUsed: cursor.previousUsed)
        runs.append(LineRun(start: cursor.lineStart, firstItem: first, lineCount: 1))
        return (cursor.lineStart + line.thickness, complete, cursor.everyLineHoldsOneItem, onGrid)
      }
      // Lines whose items and next item all lie in the run of equal sizes break as this one.
      let runEnd = items.endOfRun(startingAt: first)
      let repeats = line.endItem < runEnd ? (runEnd - 1 - first) / line.itemCount : 1
      let pitch = line.thickness + metrics.lineSpacing
      if repeats > 1
        && ExactArithmetic.isExact(start: cursor.lineStart, pitch: pitch, count: repeats)
      {
        runs.append(LineRun(start: cursor.lineStart, firstItem: first, lineCount: repeats))
        cursor.lineStart += Double(repeats) * pitch
      } else {
        for repeated in 0..<repeats {
          runs.append(
            LineRun(
              start: cursor.lineStart, firstItem: first + repeated * line.itemCount, lineCount: 1))
          cursor.lineStart = metrics.lineStart(after: cursor.lineStart, thickness: line.thickness)
        }
      }
      cursor.firstItem = first + repeats * line.itemCount
      cursor.previousUsed = line.used
    }
  }

  /// The flat line loop: breaks the lines from `cursor` on, each a run of one, until the
  /// section ends or a line starts whose next item has its size (a possible run: the cursor
  /// stops there, that line not broken). One pass over the items with no branch that depends
  /// on where a line breaks — a line of varied sizes holds one to three items, so a branch per
  /// line would be mispredicted about once a line — writing each line where the buffer ends
  /// whether or not it is complete yet, and advancing past it only once it is.
  ///
  /// - Complexity: O(items on the lines broken); `runs` must have room for one more run than
  ///   the lines it breaks.
  @inline(__always)
  func linesOutsideRuns(
    _ sizes: UnsafeBufferPointer<CGSize>, _ items: FlowItemSizes, _ metrics: FlowSectionMetrics,
    from cursor: MixedLinesCursor, into runs: inout LineRunBuffer,
    counters: inout LayoutWorkCounters
  ) -> MixedLinesEnd {
    let count = sizes.count
    // `geometry.mainAndThickness`, decided once: which of a size's two values is its main.
    let (mainOffset, thicknessOffset) = geometry.isVertical ? (0, 1) : (1, 0)
    let empty = FlowLineFill(metrics)
    var end: MixedLinesEnd?
    sizes.withMemoryRebound(to: Double.self) { values in
      runs.appending { slot in
        // The open line: where it starts and its first item.
        var (lineStart, lineFirst) = (cursor.lineStart, cursor.firstItem)
        var fill = empty
        fill.add(
          main: values[2 * lineFirst + mainOffset],
          thickness: values[2 * lineFirst + thicknessOffset], metrics)
        var closed = 0
        var item = lineFirst + 1
        while item < count {
          // Item indices of a buffer of sizes: 2 · item cannot overflow.
          let main = values[2 &* item &+ mainOffset]
          let thickness = values[2 &* item &+ thicknessOffset]
          // Every choice below is made by the mask `breaks`, never by a branch.
          let breaks = fill.breakMask(main)
          // The open line, kept only once `item` has started the next one.
          slot[closed] = LineRun(start: lineStart, validItem: lineFirst)
          closed &-= breaks
          lineStart = FlowLineFill.choose(
            lineStart, metrics.lineStart(after: lineStart, thickness: fill.thickness), breaks)
          lineFirst = (lineFirst & ~breaks) | (item & breaks)
          var kept = fill
          kept.add(main: main, thickness: thickness, metrics)
          var opened = empty
          opened.add(main: main, thickness: thickness, metrics)
          fill = kept.choosing(opened, where: breaks)
          // A line that starts a possible run stops the loop. Sizes first: they almost never
          // repeat with varied sizes, so this branch is predicted, where one on `breaks` is not.
          if item &+ 1 < count && values[2 &* item &+ 2] == values[2 &* item]
            && values[2 &* item &+ 3] == values[2 &* item &+ 1] && breaks != 0
          {
            counters.linesBroken += closed
            end = .stopped(
              resumed(at: item, lineStart, after: slot, closed, from: cursor, items, metrics))
            return closed
          }
          item &+= 1
        }
        slot[closed] = LineRun(start: lineStart, firstItem: lineFirst, lineCount: 1)
        counters.linesBroken += closed + 1
        end = lastLine(
          startingAt: lineFirst, lineStart, thickness: fill.thickness, after: slot, closed,
          from: cursor, items, metrics)
        return closed + 1
      }
    }
    guard let end else { preconditionFailure("the flat line loop ended without a last line") }
    return end
  }

  /// `linesOutsideRuns` in integer units (`FlowLineFill.Units`), where the sums are exact:
  /// the same lines, with a shorter dependency from one item to the next and fewer
  /// instructions per item. Thicknesses are written where line starts go, then turned into
  /// line starts by the engine's additions (FLOW-16) once the lines are known. Returns nil,
  /// having kept nothing, if a length is not a whole number of units or a thickness is −0.
  ///
  /// - Complexity: O(items on the lines broken) — and as much again, wasted, when it
  ///   returns nil; `runs` must have room for one more run than the lines it breaks.
  @inline(__always)
  private func linesOutsideRunsInUnits(
    _ sizes: UnsafeBufferPointer<CGSize>, _ items: FlowItemSizes, _ metrics: FlowSectionMetrics,
    from cursor: MixedLinesCursor, into runs: inout LineRunBuffer,
    counters: inout LayoutWorkCounters
  ) -> MixedLinesEnd? {
    typealias Units = FlowLineFill.Units
    let (available, availableIsWhole) = Units.units(metrics.available)
    let (spacing, spacingIsWhole) = Units.units(metrics.interitemSpacing)
    guard availableIsWhole && spacingIsWhole else { return nil }
    let count = sizes.count
    // `geometry.mainAndThickness`, decided once: which of a size's two values is its main.
    let (mainOffset, thicknessOffset) = geometry.isVertical ? (0, 1) : (1, 0)
    var end: MixedLinesEnd?
    sizes.withMemoryRebound(to: Double.self) { values in
      runs.appending { slot in
        var lineFirst = cursor.firstItem
        // Bits set by a thickness of −0 (its sign), or by a length off the grid.
        var (signs, offGrid) = (Int64(0), UInt64(0))
        var fill = Units(available: available)
        do {
          let (main, rounding) = Units.units(ofLength: values[2 &* lineFirst &+ mainOffset])
          let thickness = Int64(bitPattern: values[2 &* lineFirst &+ thicknessOffset].bitPattern)
          (signs, offGrid) = (signs | thickness, offGrid | rounding)
          fill.add(
            main: main, thicknessBits: thickness, spacing: spacing, available: available,
            where: 0)
        }
        var closed = 0
        var item = lineFirst &+ 1
        while item < count {
          // Item indices of a buffer of sizes: 2 · item cannot overflow.
          let (main, rounding) = Units.units(ofLength: values[2 &* item &+ mainOffset])
          let thickness = Int64(bitPattern: values[2 &* item &+ thicknessOffset].bitPattern)
          (signs, offGrid) = (signs | thickness, offGrid | rounding)
          // Every choice below is made by the mask `breaks`, never by a branch.
          let breaks = fill.breakMask(main)
          // The open line with its thickness so far, kept only once `item` has started the
          // next one: then that thickness is the line's.
          slot[closed] = LineRun(
            start: Double(bitPattern: UInt64(bitPattern: fill.thicknessBits)),
            validItem: lineFirst)
          closed &-= Int(truncatingIfNeeded: breaks)
          lineFirst ^= (lineFirst ^ item) & Int(truncatingIfNeeded: breaks)
          fill.add(
            main: main, thicknessBits: thickness, spacing: spacing, available: available,
            where: breaks)
          // A line that starts a possible run stops the loop. Sizes first: they almost never
          // repeat with varied sizes, so this branch is predicted, where one on `breaks` is not.
          if item &+ 1 < count && values[2 &* item &+ 2] == values[2 &* item]
            && values[2 &* item &+ 3] == values[2 &* item &+ 1] && breaks != 0
          {
            break
          }
          item &+= 1
        }
        guard signs >= 0 && offGrid == 0 else { return 0 }
        let stopped = item < count
        if !stopped {
          slot[closed] = LineRun(
            start: Double(bitPattern: UInt64(bitPattern: fill.thicknessBits)),
            validItem: lineFirst)
        }
        // FLOW-16: each line starts where the one before ends plus s_l, as the engine adds.
        var lineStart = cursor.lineStart
        var thickness = 0.0
        for line in 0..<(stopped ? closed : closed + 1) {
          if line > 0 { lineStart = metrics.lineStart(after: lineStart, thickness: thickness) }
          thickness = slot[line].start
          slot[line] = LineRun(start: lineStart, validItem: slot[line].firstItem)
        }
        if stopped {
          counters.linesBroken += closed
          let next = metrics.lineStart(after: lineStart, thickness: thickness)
          end = .stopped(resumed(at: item, next, after: slot, closed, from: cursor, items, metrics))
          return closed
        }
        counters.linesBroken += closed + 1
        end = lastLine(
          startingAt: lineFirst, lineStart, thickness: thickness, after: slot, closed,
          from: cursor, items, metrics)
        return closed + 1
      }
    }
    return end
  }

  /// `linesOutsideRuns` with every length — main lengths, thicknesses, spacings and the first
  /// line's start — a whole number of units (`FlowLineFill.Units`), where every sum the engine
  /// makes is exact: lines are broken by a threshold on a running sum
  /// (`Units.breaks(sumAfter:threshold:)`, one compare and one conditional move an item), and
  /// line starts are summed in integers as FLOW-16 adds them, one integer addition a line
  /// instead of a chain of floating-point additions. Each item writes, where the next line would
  /// go, the line it would open — its first item — so the item that does open it has nothing
  /// left to write, and the open line's thickness so far where that line's start goes; the
  /// starts are summed from those thicknesses once the lines are known, a pass over lines
  /// rather than a sum an item. Returns nil, having kept nothing, if a length is off the grid
  /// or the starts could leave the range where they are exact.
  ///
  /// - Complexity: O(items on the lines broken) — and as much again, wasted, when it
  ///   returns nil; `runs` must have room for two more runs than the lines it breaks.
  @inline(__always)
  func linesOutsideRunsExactly(
    _ sizes: UnsafeBufferPointer<CGSize>, _ items: FlowItemSizes, _ metrics: FlowSectionMetrics,
    from cursor: MixedLinesCursor, into runs: inout LineRunBuffer,
    counters: inout LayoutWorkCounters
  ) -> MixedLinesEnd? {
    typealias Units = FlowLineFill.Units
    let (available, availableIsWhole) = Units.units(metrics.available)
    let (spacing, spacingIsWhole) = Units.units(metrics.interitemSpacing)
    let (lineSpacing, lineSpacingIsWhole) = Units.units(metrics.lineSpacing)
    let (start, startIsWhole) = Units.units(cursor.lineStart)
    // Starts only grow (FLOW-28: no length is negative), so the last bounds them all; a first
    // start of −0 would be summed as +0.
    guard
      availableIsWhole && spacingIsWhole && lineSpacingIsWhole && startIsWhole
        && lineSpacing >= 0 && start >= 0 && cursor.lineStart.sign == .plus
    else { return nil }
    let exact = ExactLines(
      available: available, spacing: spacing, lineSpacing: lineSpacing, start: start)
    // The lane of a size that is its main length, a constant in each copy of the loop.
    return geometry.isVertical
      ? exactLines(sizes, VerticalLanes.self, exact, items, metrics, cursor, &runs, &counters)
      : exactLines(sizes, HorizontalLanes.self, exact, items, metrics, cursor, &runs, &counters)
  }

  /// Which lane of a size is its main length, as a type: a copy of the loop is specialized for
  /// each, which reads its lanes at fixed places. (An argument left a copy that the compiler
  /// did not inline reading the lanes through the stack, 20 % more instructions an item.)
  private protocol SizeLanes { static var main: Int { get } }
  private enum VerticalLanes: SizeLanes { static var main: Int { 0 } }
  private enum HorizontalLanes: SizeLanes { static var main: Int { 1 } }

  /// The lengths of `linesOutsideRunsExactly`, in units.
  private struct ExactLines {
    let available: Int64
    let spacing: Int64
    let lineSpacing: Int64
    let start: Int64
  }

  /// The loop of `linesOutsideRunsExactly`, for sizes whose main length is lane `Lanes.main`.
  @inline(__always)
  private func exactLines<Lanes: SizeLanes>(
    _ sizes: UnsafeBufferPointer<CGSize>, _ lanes: Lanes.Type, _ exact: ExactLines,
    _ items: FlowItemSizes, _ metrics: FlowSectionMetrics, _ cursor: MixedLinesCursor,
    _ runs: inout LineRunBuffer, _ counters: inout LayoutWorkCounters
  ) -> MixedLinesEnd? {
    typealias Units = FlowLineFill.Units
    guard let base = sizes.baseAddress else { return nil }
    let values = UnsafeRawPointer(base)
    let count = sizes.count
    let mainLane = Lanes.main
    let thicknessLane = 1 - mainLane
    // Both lengths of a size in units at once, by adding a constant whose binade has a step of
    // 2^-10 (`Units.units(ofLength:)` without its scaling) and subtracting the bits of that
    // binade's start (`Units.unitBits(magic:mainLane:)`): main + spacing, and the thickness,
    // in units, for any thickness below 2^41 points.
    let magicValue = 0x1.8p42
    let magicBits = Int64(bitPattern: magicValue.bitPattern)
    let advanceConstant = Units.advanceConstant(spacing: metrics.interitemSpacing)
    let magic =
      mainLane == 0
      ? SIMD2(advanceConstant, magicValue) : SIMD2(magicValue, advanceConstant)
    // Added rather than subtracted: the compiler would otherwise negate one lane per item.
    let negativeMagic = -magic
    let unitBits = Units.unitBits(magic: magicValue, mainLane: mainLane)
    let lineLength = exact.spacing &+ exact.available
    var end: MixedLinesEnd?
    var isExact = false
    runs.appending { slot in
      let first = cursor.firstItem
      slot[0] = LineRun(start: cursor.lineStart, validItem: first)
      // A run is 16 bytes: its start, then its first item and its line count (one) as one
      // 64-bit value, which the loop writes in one store.
      precondition(
        MemoryLayout<LineRun>.stride == 16
          && UnsafeRawPointer(slot).load(fromByteOffset: 8, as: Int64.self)
            == Int64(first) | 1 << 32
      )
      // Where the line after the open one goes; the open line's start holds its thickness so
      // far (in units) until the loop ends, when the starts are summed from them.
      var next = UnsafeMutableRawPointer(slot + 1)
      // Bits set by a length off the grid (what adding the magic rounded away).
      var rounding = SIMD2<UInt64>(repeating: 0)
      let firstSize = values.loadUnaligned(fromByteOffset: 16 &* first, as: SIMD2<Double>.self)
      let firstShifted = firstSize + magic
      rounding |= unsafeBitCast((firstShifted + negativeMagic) - firstSize, to: SIMD2<UInt64>.self)
      let firstBits = unsafeBitCast(firstShifted, to: SIMD2<Int64>.self) &- unitBits
      // The running sum of main + spacing from the open line's first item on, the open line's
      // threshold and its thickness, in units.
      var sum = firstBits[mainLane]
      var threshold = Units.threshold(openingAfter: 0, lineLength: lineLength)
      var thickness = firstBits[thicknessLane]
      UnsafeMutableRawPointer(slot).storeBytes(of: thickness, as: Int64.self)
      var previousMain = firstBits[mainLane]
      // The item, with a line count of one in its upper half: what a run records of it.
      let counted = Int64(1) << 32
      var item = counted | Int64(first &+ 1)
      var size = values + 16 &* (first &+ 1)
      // The loop is bounded by where sizes end, not by the item, so that one register counts.
      let sizesEnd = values + 16 &* count
      // One item; true, having changed nothing, where the loop stops before it.
      @inline(__always)
      func step() -> Bool {
        let shifted = size.loadUnaligned(as: SIMD2<Double>.self) + magic
        let bits = unsafeBitCast(shifted, to: SIMD2<Int64>.self) &- unitBits
        // A line that opened with the item before, whose next item has its size, starts a
        // possible run: the loop stops there, that line not broken. Equal units first, which
        // sizes that differ almost never have, so this branch is predicted.
        if bits[mainLane] == previousMain
          && next.load(fromByteOffset: -8, as: Int64.self) == item &- 1
          && size.load(as: CGSize.self) == size.load(fromByteOffset: -16, as: CGSize.self)
        {
          return true
        }
        previousMain = bits[mainLane]
        rounding |= unsafeBitCast(
          (shifted + negativeMagic) - size.loadUnaligned(as: SIMD2<Double>.self),
          to: SIMD2<UInt64>.self)
        // The line this item would open, where the next line goes: kept only if it does.
        next.storeBytes(of: item, toByteOffset: 8, as: Int64.self)
        let sumAfter = sum &+ bits[mainLane]
        // All ones where the item opens the next line.
        let opens = Units.opensMask(sumAfter: sumAfter, threshold: threshold)
        // The choices on the loop's chains from item to item: conditional moves on one
        // comparison (the compiler keeps them so only while they are few).
        let breaks = Units.breaks(sumAfter: sumAfter, threshold: threshold)
        threshold = breaks ? Units.threshold(openingAfter: sum, lineLength: lineLength) : threshold
        // FLOW-15: the open line's thickness, restarted by the item that opens the next line.
        let kept = thickness & ~opens
        let larger = (kept &- bits[thicknessLane]) >> 63
        thickness = kept ^ ((kept ^ bits[thicknessLane]) & larger)
        next += Int(truncatingIfNeeded: opens & 16)
        // The open line's thickness so far, in its start: the line's own once it is closed.
        next.storeBytes(of: thickness, toByteOffset: -16, as: Int64.self)
        sum = sumAfter
        item &+= 1
        size += 16
        return false
      }
      // Two items a turn: half the loop's own work an item.
      var stopped = false
      let pairsEnd = sizesEnd - 16
      while size < pairsEnd {
        if step() || step() {
          stopped = true
          break
        }
      }
      if !stopped && size < sizesEnd { stopped = step() }
      let closed = (next - UnsafeMutableRawPointer(slot)) / 16 - 1
      let stoppedAt = Int(truncatingIfNeeded: item & 0xFFFF_FFFF)
      guard rounding == .zero else { return 0 }
      // FLOW-16 in units, one line at a time now that the lines are known: each starts where
      // the one before ends plus s_l, its start kept as the bits of start + magic; each line's
      // thickness is read from where its start goes, and the open line's start written too.
      let lines = UnsafeMutableRawPointer(slot)
      var startBits = magicBits &+ exact.start
      var offset = 0
      let openOffset = closed &* 16
      @inline(__always)
      func startLine() {
        let lineThickness = lines.load(fromByteOffset: offset, as: Int64.self)
        lines.storeBytes(
          of: Double(bitPattern: UInt64(bitPattern: startBits)) - magicValue,
          toByteOffset: offset, as: Double.self)
        startBits = startBits &+ lineThickness &+ exact.lineSpacing
        offset &+= 16
      }
      // Two lines a turn: half the loop's own work a line.
      while offset &+ 16 < openOffset {
        startLine()
        startLine()
      }
      if offset < openOffset { startLine() }
      lines.storeBytes(
        of: Double(bitPattern: UInt64(bitPattern: startBits)) - magicValue,
        toByteOffset: openOffset, as: Double.self)
      // The starts grew with every line: the last one bounds them (FLOW-16's sums exact below
      // 2^41 points, where start + magic keeps the step of 2^-10).
      guard startBits &- magicBits < 1 << 51 else { return 0 }
      isExact = true
      let lineStart = slot[closed].start
      if stoppedAt < count {
        counters.linesBroken += closed
        end = .stopped(
          resumed(at: stoppedAt - 1, lineStart, after: slot, closed, from: cursor, items, metrics))
        return closed
      }
      counters.linesBroken += closed + 1
      let lineFirst = slot[closed].firstItem
      end = lastLine(
        startingAt: lineFirst, lineStart, thickness: nil, after: slot, closed, from: cursor,
        items, metrics)
      return closed + 1
    }
    return isExact ? end : nil
  }

  /// How a flat loop ends a section: its last line, which starts with `lineFirst` at
  /// `lineStart` after the `closed` lines written to `lines`, is broken by the engine's rule
  /// and judged by FLOW-12, and ends at its start plus `thickness` (the loop's own, bit for bit
  /// what it summed) or, when nil, the thickness FLOW-9 gives it.
  ///
  /// - Complexity: O(items on the last two lines).
  private func lastLine(
    startingAt lineFirst: Int, _ lineStart: Double, thickness: Double?,
    after lines: UnsafeMutablePointer<LineRun>, _ closed: Int, from entry: MixedLinesCursor,
    _ items: FlowItemSizes, _ metrics: FlowSectionMetrics
  ) -> MixedLinesEnd {
    let last = breakLine(startingAt: lineFirst, items, metrics)
    let before = resumed(
      at: lineFirst, lineStart, after: lines, closed, from: entry, items, metrics)
    let everyLineHoldsOneItem = before.everyLineHoldsOneItem && last.itemCount == 1
    let complete = Self.lastLineIsComplete(
      last, everyLineHoldsOneItem: everyLineHoldsOneItem, previousUsed: before.previousUsed)
    return .lastLine(
      end: lineStart + (thickness ?? last.thickness), isComplete: complete,
      everyLineHoldsOneItem: everyLineHoldsOneItem)
  }

  /// Where the line loop stands at a line that starts with `item` at `lineStart`, after the
  /// flat loop wrote `closed` lines from `entry` on: it carries neither what the line before
  /// used nor whether every line held one item, so both are found here, once — the first by
  /// breaking that line again (`breakLine`, the same rule), the second by counting.
  ///
  /// - Complexity: O(items on the line before).
  private func resumed(
    at item: Int, _ lineStart: Double, after lines: UnsafeMutablePointer<LineRun>, _ closed: Int,
    from entry: MixedLinesCursor, _ items: FlowItemSizes, _ metrics: FlowSectionMetrics
  ) -> MixedLinesCursor {
    let previousUsed =
      closed > 0
      ? breakLine(startingAt: lines[closed - 1].firstItem, items, metrics).used
      : entry.previousUsed
    return MixedLinesCursor(
      firstItem: item, lineStart: lineStart, previousUsed: previousUsed,
      everyLineHoldsOneItem: entry.everyLineHoldsOneItem && item - entry.firstItem == closed)
  }
}
