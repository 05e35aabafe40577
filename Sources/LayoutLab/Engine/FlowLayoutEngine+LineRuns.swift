import Foundation

extension FlowLayoutEngine {
  /// Consecutive lines of one section that share one shape, kept as arithmetic instead of line
  /// by line: line k holds items `firstItem + k · itemsPerLine …` and starts at
  /// `lineStart(k, lineSpacing:)`, relative to the section. A uniform section is one run (FLOW-10); in a
  /// mixed section, the lines that start inside a run of equally sized items, and end before
  /// it does, break alike (FLOW-9) and are one run; every other line is a run of one.
  struct LineRun: Sendable {
    /// How the items of the run's lines sit along them.
    enum Placement: UInt8, Sendable {
      /// FLOW-13, FLOW-14 of a uniform section: every line in a full line's columns
      /// (`SectionRuns.columns`).
      case columns
      /// FLOW-13: complete lines of a mixed section.
      case justified
      /// FLOW-14: the incomplete last line of a mixed section.
      case leftAligned
    }

    // Counts as Int32 (a layout holds at most 10,000,000 items, FLOW-28; items per line are
    // capped at 2^31 − 1, FLOW-10) so that a run takes 48 bytes: a mixed section keeps one
    // per line outside runs.
    /// The first item of the first line.
    let firstItem: Int
    private let storedItemCount: Int32
    private let storedItemsPerLine: Int32
    private let storedLineCount: Int32
    let placement: Placement
    /// Where the first line starts, relative to the section's start.
    let start: Double
    /// Σ main of a mixed line's items (FLOW-13 justifies with it).
    let mainLength: Double
    let thickness: Double

    init(
      firstItem: Int, itemCount: Int, itemsPerLine: Int, lineCount: Int, start: Double,
      mainLength: Double, thickness: Double, placement: Placement
    ) {
      self.firstItem = firstItem
      storedItemCount = Int32(itemCount)
      storedItemsPerLine = Int32(itemsPerLine)
      storedLineCount = Int32(lineCount)
      self.placement = placement
      self.start = start
      self.mainLength = mainLength
      self.thickness = thickness
    }

    /// The items of all its lines; 0 for FLOW-11's empty line.
    var itemCount: Int { Int(storedItemCount) }
    /// The items of every line but a uniform section's last, which may hold fewer.
    var itemsPerLine: Int { Int(storedItemsPerLine) }
    var lineCount: Int { Int(storedLineCount) }
    var endItem: Int { firstItem + itemCount }

    /// Where line k starts, relative to the section, for a section whose line spacing is
    /// `lineSpacing`: the engine's own closed form for a uniform section (FLOW-10); for a run
    /// of a mixed section, the sum of the engine's sequential additions, which a run holds
    /// only where `ExactArithmetic` shows them equal.
    @inline(__always)
    func lineStart(_ line: Int, lineSpacing: Double) -> Double {
      let pitch = thickness + lineSpacing
      if placement == .columns { return start + Double(line) * pitch }
      return line == 0 ? start : start + Double(line) * pitch
    }

    /// The items of line k.
    @inline(__always)
    func items(ofLine line: Int) -> Range<Int> {
      let first = firstItem + line * itemsPerLine
      return first..<min(first + itemsPerLine, endItem)
    }

    /// Line k of a mixed run as FLOW-9 broke it (what FLOW-13 justifies it by).
    @inline(__always)
    func brokenLine(_ line: Int) -> BrokenLine {
      let items = items(ofLine: line)
      return BrokenLine(
        firstItem: items.lowerBound, itemCount: items.count, mainLength: mainLength,
        thickness: thickness, used: 0)
    }
  }

  /// One section laid out as runs of lines, relative to its start: no line is placed and no
  /// frame computed; `LineRun` rebuilds them on demand.
  struct SectionRuns {
    var runs: ContiguousArray<LineRun>
    var metrics: FlowSectionMetrics
    /// FLOW-10's columns of a uniform section.
    var columns: UniformColumns?
    /// The section's length along the scroll axis (FLOW-16): the same value `layoutSection`
    /// adds to the section's start.
    var length: Double
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
    var runs = ContiguousArray<LineRun>()
    var uniformColumns: UniformColumns?
    var linesEnd = metrics.linesStart
    if items.count > 0 {
      if let size = metrics.uniformSize {
        // FLOW-10, as `layoutUniformLines` lays it out: line k at linesStart + k · pitch.
        let (main, thickness) = geometry.mainAndThickness(size)
        let columns = UniformColumns(itemCount: items.count, main: main, metrics)
        let run = LineRun(
          firstItem: 0, itemCount: items.count, itemsPerLine: columns.perLine,
          lineCount: columns.lineCount, start: metrics.linesStart, mainLength: 0,
          thickness: thickness, placement: .columns)
        runs.append(run)
        uniformColumns = columns
        counters.linesBroken += 1
        linesEnd =
          run.lineStart(columns.lineCount - 1, lineSpacing: metrics.lineSpacing) + thickness
      } else {
        scratch.removeAll(keepingCapacity: true)
        linesEnd = mixedLineRuns(items, metrics, into: &scratch, counters: &counters)
        runs = scratch.withUnsafeBufferPointer { collected in
          ContiguousArray(unsafeUninitializedCapacity: collected.count) { buffer, count in
            _ = buffer.initialize(fromContentsOf: collected)
            count = collected.count
          }
        }
      }
    }
    counters.sectionsLaidOut += 1
    return SectionRuns(
      runs: runs, metrics: metrics, columns: uniformColumns,
      length: metrics.length(linesEnd: linesEnd))
  }

  /// The line loop of `layoutMixedLines` (FLOW-9, FLOW-11, FLOW-12, FLOW-16) over runs: after
  /// breaking a line that starts inside a run of equal sizes, every following line that starts
  /// inside the run and whose next item is still in it breaks the same way, so they are
  /// recorded as one run, without being broken, when their starts are exact
  /// (`ExactArithmetic`); otherwise they are recorded one by one with the engine's additions.
  /// Returns where the last line ends.
  ///
  /// - Complexity: O(items) comparisons of sizes, plus O(items on the lines broken).
  private func mixedLineRuns(
    _ items: FlowItemSizes, _ metrics: FlowSectionMetrics,
    into runs: inout ContiguousArray<LineRun>, counters: inout LayoutWorkCounters
  ) -> Double {
    var lineStart = metrics.linesStart
    var previous: BrokenLine?
    var everyLineHoldsOneItem = true
    var first = 0
    func append(_ line: BrokenLine, count: Int, at start: Double, _ placement: LineRun.Placement) {
      runs.append(
        LineRun(
          firstItem: line.firstItem, itemCount: line.itemCount * count,
          itemsPerLine: line.itemCount, lineCount: count, start: start,
          mainLength: line.mainLength, thickness: line.thickness, placement: placement))
    }
    // FLOW-11: an oversize first item opens the section with an empty line.
    if opensWithEmptyLine(items, metrics) {
      let empty = BrokenLine(firstItem: 0, itemCount: 0, mainLength: 0, thickness: 0, used: 0)
      append(empty, count: 1, at: lineStart, .justified)
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
          line, everyLineHoldsOneItem: everyLineHoldsOneItem, previous: previous)
        append(line, count: 1, at: lineStart, complete ? .justified : .leftAligned)
        return lineStart + line.thickness
      }
      // FLOW-9 decides a line by its items and the one after it: lines whose items and next
      // item all lie in the run of equal sizes break as this one did.
      let runEnd = line.endItem < items.count ? items.endOfRun(startingAt: first) : first
      let repeats = line.endItem < runEnd ? (runEnd - 1 - first) / line.itemCount : 1
      let pitch = line.thickness + metrics.lineSpacing
      if repeats > 1 && ExactArithmetic.isExact(start: lineStart, pitch: pitch, count: repeats) {
        append(line, count: repeats, at: lineStart, .justified)
        lineStart += Double(repeats) * pitch
      } else {
        for repeated in 0..<repeats {
          var copy = line
          copy.firstItem += repeated * line.itemCount
          append(copy, count: 1, at: lineStart, .justified)
          lineStart = metrics.lineStart(after: lineStart, thickness: line.thickness)
        }
      }
      first += repeats * line.itemCount
      previous = line
      previous?.firstItem = first - line.itemCount
    }
  }
}
