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
    /// Where the first line starts, relative to the section's start.
    let start: Double
    private let storedFirstItem: Int32
    private let storedLineCount: Int32

    init(start: Double, firstItem: Int, lineCount: Int) {
      self.start = start
      storedFirstItem = Int32(firstItem)
      storedLineCount = Int32(lineCount)
    }

    /// The first item of the first line (FLOW-11's empty line: the next run's first item too).
    var firstItem: Int { Int(storedFirstItem) }
    var lineCount: Int { Int(storedLineCount) }
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
    var runs: ContiguousArray<LineRun>
    var metrics: FlowSectionMetrics
    var numberOfItems: Int
    /// FLOW-10's columns and the items' thickness, for a uniform section.
    var columns: UniformColumns?
    var uniformThickness: Double
    /// FLOW-12: whether a mixed section's last line was judged complete (justified).
    var lastLineIsComplete: Bool
    /// The section's length along the scroll axis (FLOW-16): the same value `layoutSection`
    /// adds to the section's start.
    var length: Double

    /// What the lines of run `index` hold and how they sit.
    ///
    /// - Complexity: O(1) in a uniform section; O(items on one line) in a mixed one.
    @inline(__always)
    func shape(ofRun index: Int, _ items: FlowItemSizes, _ geometry: FlowGeometry)
      -> LineRunShape
    {
      if let columns {
        return LineRunShape(
          itemsPerLine: columns.perLine, endItem: numberOfItems, mainLength: 0,
          thickness: uniformThickness, placement: .columns(columns))
      }
      let run = runs[index]
      let endItem = index + 1 < runs.count ? runs[index + 1].firstItem : numberOfItems
      let perLine = (endItem - run.firstItem) / run.lineCount
      // The sums of `breakLine`, in its order, over the first line's items: every line of a
      // run holds items of the same sizes.
      var (mainLength, thickness) = (0.0, 0.0)
      for item in run.firstItem..<(run.firstItem + perLine) {
        let (main, itemThickness) = geometry.mainAndThickness(items[item])
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
      // Invariant: runs before the result start at or before `item` (firstItem never decreases).
      partitioningIndex(runs.count) { runs[$0].firstItem > item } - 1
    }
  }

  /// Section `index` as runs of lines (FLOW-9…12, FLOW-16), the same breaks and line starts as
  /// `layoutSection` to the bit.
  ///
  /// - Complexity: O(1) for a uniform section with one size; for a mixed one, O(items) to
  ///   compare sizes plus O(items on lines not in a run) to break lines — O(1) per run of
  ///   lines, whose first line alone is broken.
  ///
  /// `scratch` is where a mixed section's runs are collected before they are copied, once, to
  /// an array of exactly their size: a caller laying out many sections passes the same one, so
  /// growing it costs allocations and copies only until it fits the largest section.
  func lineRuns(
    ofSection index: Int, scratch: inout ContiguousArray<LineRun>,
    counters: inout LayoutWorkCounters
  ) -> SectionRuns {
    let flowSection = model.sections[index]
    let metrics = FlowSectionMetrics(flowSection, in: model, geometry: geometry)
    let items = FlowItemSizes(flowSection, layout: model.layout)
    var laidOut = SectionRuns(
      runs: [], metrics: metrics, numberOfItems: items.count, columns: nil, uniformThickness: 0,
      lastLineIsComplete: false, length: 0)
    var linesEnd = metrics.linesStart
    if items.count > 0 {
      if let size = metrics.uniformSize {
        // FLOW-10, as `layoutUniformLines` lays it out: line k at linesStart + k · pitch.
        let (main, thickness) = geometry.mainAndThickness(size)
        let columns = UniformColumns(itemCount: items.count, main: main, metrics)
        let run = LineRun(start: metrics.linesStart, firstItem: 0, lineCount: columns.lineCount)
        laidOut.runs.append(run)
        laidOut.columns = columns
        laidOut.uniformThickness = thickness
        counters.linesBroken += 1
        linesEnd =
          laidOut.lineStart(columns.lineCount - 1, of: run, thickness: thickness) + thickness
      } else {
        scratch.removeAll(keepingCapacity: true)
        (linesEnd, laidOut.lastLineIsComplete) = mixedLineRuns(
          items, metrics, into: &scratch, counters: &counters)
        laidOut.runs = scratch.withUnsafeBufferPointer { collected in
          ContiguousArray(unsafeUninitializedCapacity: collected.count) { buffer, count in
            _ = buffer.initialize(fromContentsOf: collected)
            count = collected.count
          }
        }
      }
    }
    counters.sectionsLaidOut += 1
    laidOut.length = metrics.length(linesEnd: linesEnd)
    return laidOut
  }

  /// The line loop of `layoutMixedLines` (FLOW-9, FLOW-11, FLOW-12, FLOW-16) over runs: after
  /// breaking a line that starts inside a run of equal sizes, every following line that starts
  /// inside the run and whose next item is still in it breaks the same way, so they are
  /// recorded as one run, without being broken, when their starts are exact
  /// (`ExactArithmetic`); otherwise they are recorded one by one with the engine's additions.
  /// Returns where the last line ends and whether FLOW-12 judged it complete.
  ///
  /// - Complexity: O(items) comparisons of sizes, plus O(items on the lines broken).
  private func mixedLineRuns(
    _ items: FlowItemSizes, _ metrics: FlowSectionMetrics,
    into runs: inout ContiguousArray<LineRun>, counters: inout LayoutWorkCounters
  ) -> (linesEnd: Double, lastLineIsComplete: Bool) {
    var lineStart = metrics.linesStart
    var previous: BrokenLine?
    var everyLineHoldsOneItem = true
    var first = 0
    func append(_ line: BrokenLine, count: Int, at start: Double) {
      runs.append(LineRun(start: start, firstItem: line.firstItem, lineCount: count))
    }
    // FLOW-11: an oversize first item opens the section with an empty line.
    if opensWithEmptyLine(items, metrics) {
      let empty = BrokenLine(firstItem: 0, itemCount: 0, mainLength: 0, thickness: 0, used: 0)
      append(empty, count: 1, at: lineStart)
      counters.linesBroken += 1
      lineStart += metrics.lineSpacing
      previous = empty
      everyLineHoldsOneItem = false
    }
    while true {
      let line = breakLine(startingAt: first, items, metrics)
      counters.linesBroken += 1
      everyLineHoldsOneItem = everyLineHoldsOneItem && line.itemCount == 1
      if line.endItem == items.count {
        let complete = Self.lastLineIsComplete(
          line, everyLineHoldsOneItem: everyLineHoldsOneItem, previousUsed: previous?.used)
        append(line, count: 1, at: lineStart)
        return (lineStart + line.thickness, complete)
      }
      // FLOW-9 decides a line by its items and the one after it: lines whose items and next
      // item all lie in the run of equal sizes break as this one did.
      let runEnd = line.endItem < items.count ? items.endOfRun(startingAt: first) : first
      let repeats = line.endItem < runEnd ? (runEnd - 1 - first) / line.itemCount : 1
      let pitch = line.thickness + metrics.lineSpacing
      if repeats > 1 && ExactArithmetic.isExact(start: lineStart, pitch: pitch, count: repeats) {
        append(line, count: repeats, at: lineStart)
        lineStart += Double(repeats) * pitch
      } else {
        for repeated in 0..<repeats {
          var copy = line
          copy.firstItem += repeated * line.itemCount
          append(copy, count: 1, at: lineStart)
          lineStart = metrics.lineStart(after: lineStart, thickness: line.thickness)
        }
      }
      first += repeats * line.itemCount
      previous = line
      previous?.firstItem = first - line.itemCount
    }
  }
}
