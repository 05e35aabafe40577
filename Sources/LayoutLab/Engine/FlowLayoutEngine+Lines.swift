import Foundation

extension FlowLayoutEngine {
  /// How items fill the lines of a uniform section (FLOW-10), and where they sit (FLOW-13,
  /// FLOW-14): every line, the last included, puts its k-th item in the same column.
  struct UniformColumns {
    /// Items per full line.
    let perLine: Int
    let lineCount: Int
    /// The k-th item of a line starts at `firstColumn + pitch · k`.
    let firstColumn: Double
    let pitch: Double
    /// The items' main length.
    let main: Double

    init(itemCount: Int, main: Double, _ metrics: FlowSectionMetrics) {
      self.main = main
      let spacing = metrics.interitemSpacing
      let available = metrics.available
      // FLOW-10: per = max(1, ⌊(A + s_i)/(w + s_i)⌋); with w + s_i == 0 the greedy rule of
      // FLOW-9 puts every item on one line if a zero-length item fits at all (0 ≤ A).
      if main + spacing > 0 {
        // A full line's capacity, even when the section has fewer items: FLOW-14 puts a short
        // last (or only) line in a full line's columns. Capped only to stay a valid Int.
        let fit = ((available + spacing) / (main + spacing)).rounded(.down)
        perLine = Int(min(max(fit, 1), Double(Int32.max)))
      } else {
        perLine = available >= main ? itemCount : 1
      }
      lineCount = (itemCount + perLine - 1) / perLine
      if perLine == 1 || itemCount == 1 {
        // FLOW-12a + FLOW-13: lone items are centred, in uniform sections even when wider
        // than the line (their start becomes negative); FLOW-14: so is a last line when
        // per == 1.
        firstColumn = metrics.lead + (available - main) / 2
        pitch = 0
      } else {
        // FLOW-13: full lines are justified; FLOW-14: the last line keeps their columns.
        let gap = (available - Double(perLine) * main) / Double(perLine - 1)
        firstColumn = metrics.lead
        pitch = main + gap
      }
    }

    /// Where the item in column `column` of any line sits in its line.
    @inline(__always)
    func cell(column: Int, thickness: Double) -> FlowCellPlacement {
      FlowCellPlacement(
        main: firstColumn + pitch * Double(column), offset: 0, mainLength: main,
        thickness: thickness)
    }
  }

  /// Lays out the lines of a uniform section and returns where its last line ends, relative
  /// to the section's start.
  ///
  /// - Complexity: O(1) per line and per cell emitted.
  func layoutUniformLines<Sink: FlowLayoutSink>(
    _ placement: SectionPlacement, itemCount: Int, size: CGSize, into sink: inout Sink
  ) -> Double {
    let metrics = placement.metrics
    let (main, thickness) = geometry.mainAndThickness(size)
    let columns = UniformColumns(itemCount: itemCount, main: main, metrics)
    let linePitch = thickness + metrics.lineSpacing
    var lineStart = metrics.linesStart
    // Counted once per section, not per line or cell: the same totals, and no overflow check
    // in the loop.
    sink.counters.linesBroken += columns.lineCount
    if Sink.keepsCells { sink.counters.framesComputed += itemCount }
    // No checked arithmetic in the loop: firstItem, the items of the lines before, stays below
    // itemCount (lineCount = ⌈itemCount / perLine⌉), so count is in 1…perLine and
    // firstItem + count is at most itemCount. A sink that keeps no line and no cell (measuring)
    // is left with nothing to do per line, and the compiler drops the loop.
    var firstItem = 0
    for line in 0..<columns.lineCount {
      lineStart = metrics.linesStart + Double(line) * linePitch
      let count = min(columns.perLine, itemCount &- firstItem)
      sink.appendLine(
        FlowLine(
          firstItem: firstItem, itemCount: count, start: placement.start + lineStart,
          end: placement.start + (lineStart + thickness)),
        relativeStart: lineStart,
        broken: BrokenLine(
          firstItem: firstItem, itemCount: count, mainLength: Double(count) * main,
          thickness: thickness, used: Double(count) * (main + metrics.interitemSpacing)),
        section: placement.section)
      var column = 0
      while Sink.keepsCells && column < count {
        let cell = columns.cell(column: column, thickness: thickness)
        sink.appendCell(
          cellFrame(placement, cell, lineStart: lineStart), placement: cell,
          item: firstItem &+ column, section: placement.section)
        column &+= 1
      }
      firstItem &+= count
    }
    return lineStart + thickness
  }

  /// One line of a mixed section as FLOW-9's greedy fill breaks it.
  struct BrokenLine: Hashable, Sendable {
    var firstItem: Int
    var itemCount: Int
    /// Σ main of the line's items (FLOW-13's justification needs it).
    var mainLength: Double
    /// The largest thickness of its items (FLOW-15).
    var thickness: Double
    /// Σ(main + s_i): what FLOW-12b compares between the last two lines.
    var used: Double

    var endItem: Int { firstItem + itemCount }
  }

  /// FLOW-9: the line that starts with item `first`, filled by `FlowLineFill`'s rule.
  ///
  /// - Complexity: O(items on the line).
  @inline(__always)
  func breakLine(startingAt first: Int, _ items: FlowItemSizes, _ metrics: FlowSectionMetrics)
    -> BrokenLine
  {
    Self.breakLine(startingAt: first, itemCount: items.count, metrics) {
      geometry.mainAndThickness(items[$0])
    }
  }

  /// FLOW-9 over any way of reading the items' (main, thickness): the one implementation, which
  /// `breakLine(startingAt:_:_:)` reads through the model and the buffer path through a pointer.
  ///
  /// (Deciding a line of up to three items without a branch per item, from four sizes read at
  /// once, took 16 % fewer instructions but 8 % more time in an A/B of prepare on mixed-feed:
  /// the loop's mispredicted exit costs less than the longer chain from one line's first item
  /// to the next's.)
  ///
  /// - Complexity: O(items on the line).
  @inline(__always)
  static func breakLine(
    startingAt first: Int, itemCount: Int, _ metrics: FlowSectionMetrics,
    _ mainAndThickness: (Int) -> (main: Double, thickness: Double)
  ) -> BrokenLine {
    var fill = FlowLineFill(metrics)
    guard first < itemCount else {
      return BrokenLine(firstItem: first, itemCount: 0, mainLength: 0, thickness: 0, used: 0)
    }
    // The first item always stays, however long: added before the loop, so that each later
    // item costs one comparison (whether it fits), not two.
    let (firstMain, firstThickness) = mainAndThickness(first)
    fill.add(main: firstMain, thickness: firstThickness, metrics)
    var item = first + 1
    while item < itemCount {
      let (main, thickness) = mainAndThickness(item)
      if !fill.fits(main) { break }
      fill.add(main: main, thickness: thickness, metrics)
      item += 1
    }
    return BrokenLine(
      firstItem: first, itemCount: item - first, mainLength: fill.mainLength,
      thickness: fill.thickness, used: fill.used)
  }

  /// FLOW-11: whether a mixed section opens with an empty line.
  func opensWithEmptyLine(_ items: FlowItemSizes, _ metrics: FlowSectionMetrics) -> Bool {
    items.count > 0 && geometry.mainAndThickness(items[0]).main > metrics.available
  }

  /// FLOW-12: whether the last line of a mixed section counts as complete — every line holds
  /// one item (a), or it used exactly as much length as the line before it (b).
  static func lastLineIsComplete(
    _ last: BrokenLine, everyLineHoldsOneItem: Bool, previousUsed: Double?
  ) -> Bool {
    everyLineHoldsOneItem || (previousUsed.map { $0 == last.used } ?? false)
  }

  /// Where the line loop of a mixed section stands between two lines: all it needs to go on
  /// from there, so that a caller holding the lines before it (the incremental strategy) can
  /// resume the loop in the middle of a section.
  struct MixedLinesCursor {
    /// The next line's first item.
    var firstItem: Int
    /// Where the next line starts, relative to the section's start.
    var lineStart: Double
    /// What the line before the next one used (`BrokenLine.used`), if there is one: FLOW-12b
    /// compares the last line with it. Only that, so that the loop carries one number per line.
    var previousUsed: Double?
    /// FLOW-12a: whether every line before the next one holds exactly one item.
    var everyLineHoldsOneItem: Bool
  }

  /// How a run of `layoutMixedLines(_:_:from:into:stoppingAt:)` ended.
  enum MixedLinesEnd {
    /// The section's last line was placed: where it ends, relative to the section's start,
    /// whether FLOW-12 judged it complete, and whether every line holds one item (FLOW-12a).
    case lastLine(end: Double, isComplete: Bool, everyLineHoldsOneItem: Bool)
    /// The stop condition held for this cursor; its line was not broken.
    case stopped(MixedLinesCursor)
  }

  /// Where the lines of a mixed section start: after FLOW-11's empty line, which it sends to
  /// `sink` if the section opens with one.
  ///
  /// - Complexity: O(1).
  func mixedLinesStart<Sink: FlowLayoutSink>(
    _ placement: SectionPlacement, _ items: FlowItemSizes, into sink: inout Sink
  ) -> MixedLinesCursor {
    let metrics = placement.metrics
    var cursor = MixedLinesCursor(
      firstItem: 0, lineStart: metrics.linesStart, previousUsed: nil, everyLineHoldsOneItem: true)
    if opensWithEmptyLine(items, metrics) {
      let empty = BrokenLine(firstItem: 0, itemCount: 0, mainLength: 0, thickness: 0, used: 0)
      sink.counters.linesBroken += 1
      sink.appendLine(
        FlowLine(
          firstItem: 0, itemCount: 0, start: placement.start + cursor.lineStart,
          end: placement.start + cursor.lineStart),
        relativeStart: cursor.lineStart, broken: empty, section: placement.section)
      cursor.lineStart += metrics.lineSpacing
      cursor.previousUsed = empty.used
      cursor.everyLineHoldsOneItem = false
    }
    return cursor
  }

  /// Lays out the lines of a mixed section and returns where its last line ends, relative to
  /// the section's start.
  ///
  /// - Complexity: O(items in the section): each item is visited twice, once to break its
  ///   line and once to place it.
  // Inlined into `layoutSection`, the loop below with it: callgrind shows a full layout then
  // runs in no more instructions than before the loop became resumable.
  @inline(__always)
  func layoutMixedLines<Sink: FlowLayoutSink>(
    _ placement: SectionPlacement, _ items: FlowItemSizes, into sink: inout Sink
  ) -> Double {
    let start = mixedLinesStart(placement, items, into: &sink)
    var neverStop = NeverStop()
    switch layoutMixedLines(placement, items, from: start, into: &sink, stoppingAt: &neverStop) {
    case .lastLine(let end, _, _): return end
    case .stopped: preconditionFailure("a mixed section's line loop stopped without a condition")
    }
  }

  /// THE line loop of a mixed section (FLOW-9, FLOW-12…15): breaks and places lines from
  /// `cursor` on, each complete line justified and the last one as FLOW-12 judges it, until
  /// the section ends or `stop` says to stop before the line at the next cursor — which a
  /// caller uses to stop where the new lines meet lines it already holds. Lines start where the
  /// previous one ends plus `s_l` (FLOW-16), by the same additions in the same order whether
  /// the loop starts at the first line or is resumed, so resumed lines round (FLOW-21) as a
  /// full layout's do.
  ///
  /// - Complexity: O(items on the lines laid out), plus one call of `stop` per line.
  @inline(__always)
  func layoutMixedLines<Sink: FlowLayoutSink, Stop: MixedLinesStop>(
    _ placement: SectionPlacement, _ items: FlowItemSizes, from cursor: MixedLinesCursor,
    into sink: inout Sink, stoppingAt stop: inout Stop
  ) -> MixedLinesEnd {
    let metrics = placement.metrics
    var cursor = cursor
    while true {
      let line = breakLine(startingAt: cursor.firstItem, items, metrics)
      cursor.everyLineHoldsOneItem = cursor.everyLineHoldsOneItem && line.itemCount == 1
      if line.endItem == items.count {
        let complete = Self.lastLineIsComplete(
          line, everyLineHoldsOneItem: cursor.everyLineHoldsOneItem,
          previousUsed: cursor.previousUsed)
        placeLine(
          line, at: cursor.lineStart, complete ? .justified : .leftAligned, placement, items,
          into: &sink)
        return .lastLine(
          end: cursor.lineStart + line.thickness, isComplete: complete,
          everyLineHoldsOneItem: cursor.everyLineHoldsOneItem)
      }
      placeLine(line, at: cursor.lineStart, .justified, placement, items, into: &sink)
      cursor.lineStart = metrics.lineStart(after: cursor.lineStart, thickness: line.thickness)
      cursor.previousUsed = line.used
      cursor.firstItem = line.endItem
      if stop.shouldStop(before: cursor) { return .stopped(cursor) }
    }
  }

  /// How a line's items are spread along it.
  enum LinePlacement {
    /// FLOW-13: a complete line.
    case justified
    /// FLOW-14: the incomplete last line of a mixed section.
    case leftAligned
  }

  /// Where the items of a line go along it: the first item's position and the gap after each
  /// item (FLOW-13, FLOW-14). Item k+1 starts at item k's start + its main length + the gap.
  static func lineSpread(
    _ line: BrokenLine, _ placement: LinePlacement, _ metrics: FlowSectionMetrics
  )
    -> (first: Double, gap: Double)
  {
    switch placement {
    case .justified where line.itemCount == 1:
      // FLOW-13: a lone item is centred if it fits, else starts at the lead inset.
      if line.mainLength <= metrics.available {
        return (metrics.lead + (metrics.available - line.mainLength) / 2, 0)
      }
      return (metrics.lead, 0)
    case .justified:
      return (metrics.lead, (metrics.available - line.mainLength) / Double(line.itemCount - 1))
    case .leftAligned:
      return (metrics.lead, metrics.interitemSpacing)
    }
  }

  /// Places the items of one line of a mixed section that starts at `lineStart` (relative to
  /// the section).
  ///
  /// - Complexity: O(items on the line).
  func placeLine<Sink: FlowLayoutSink>(
    _ line: BrokenLine, at lineStart: Double, _ placement: LinePlacement,
    _ section: SectionPlacement, _ items: FlowItemSizes, into sink: inout Sink
  ) {
    sink.counters.linesBroken += 1
    sink.appendLine(
      FlowLine(
        firstItem: line.firstItem, itemCount: line.itemCount, start: section.start + lineStart,
        end: section.start + (lineStart + line.thickness)),
      relativeStart: lineStart, broken: line, section: section.section)
    guard Sink.keepsCells else { return }
    // Counted once per line, not per cell: the same total, one overflow check fewer per cell.
    sink.counters.framesComputed += line.itemCount
    Self.forEachCell(of: line, placement, section.metrics, items, geometry) { item, cell in
      sink.appendCell(
        cellFrame(section, cell, lineStart: lineStart), placement: cell, item: item,
        section: section.section)
    }
  }

  /// Where each item of one line of a mixed section sits in its line (FLOW-13…15), in item
  /// order: the one loop that `placeLine` and a strategy rebuilding cells at query time share.
  ///
  /// - Complexity: O(items on the line).
  @inline(__always)
  static func forEachCell(
    of line: BrokenLine, _ placement: LinePlacement, _ metrics: FlowSectionMetrics,
    _ items: FlowItemSizes, _ geometry: FlowGeometry, _ body: (Int, FlowCellPlacement) -> Void
  ) {
    forEachCell(of: line, placement, metrics, geometry, size: { items[$0] }, body)
  }

  /// `forEachCell(of:_:_:_:_:_:)` with each item's size read by `size`: a query that holds the
  /// sizes as a buffer reads them without `FlowItemSizes`' check of its storage and bounds per
  /// item. With `end`, only the cells before it: a lookup of one item places none after it.
  @inline(__always)
  static func forEachCell(
    of line: BrokenLine, _ placement: LinePlacement, _ metrics: FlowSectionMetrics,
    _ geometry: FlowGeometry, size: (Int) -> CGSize, upTo end: Int = .max,
    _ body: (Int, FlowCellPlacement) -> Void
  ) {
    var (position, gap) = lineSpread(line, placement, metrics)
    for item in line.firstItem..<min(line.endItem, end) {
      let (main, thickness) = geometry.mainAndThickness(size(item))
      // FLOW-15: centred across the line.
      body(
        item,
        FlowCellPlacement(
          main: position, offset: (line.thickness - thickness) / 2, mainLength: main,
          thickness: thickness))
      position += main + gap
    }
  }
}
