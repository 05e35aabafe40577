import Foundation

// A batch that changes items far apart in one section (scattered inserts and deletes): each
// span of changes is re-broken on its own, and the old lines between two spans are kept.

extension IncrementalSection {
  /// `update(by:section:firstChanged:lastChanged:delta:counters:)` for changes far apart in the
  /// section (`spans`: two or more, by item). The engine's line loop is resumed at the line
  /// before each span's first change and stopped where a new line starts where an old one did
  /// past that span (or past a later one it ran into); the old lines between two runs of the
  /// loop break as they did, and are kept, moved by where the run before them ended. The
  /// lines are copied into a new array in one pass as it goes, so that each kept line is moved
  /// once however many spans there are: splicing each span's lines in place would move the
  /// rest of the section once a span. Returns false, changing nothing, where the one-range
  /// update does.
  ///
  /// - Complexity: O(items on the re-broken lines) to break lines, plus O(lines in the
  ///   section) to copy them — a copy costs a tenth of breaking a line or less.
  mutating func update(
    by engine: FlowLayoutEngine, section index: Int,
    spans: ArraySlice<FlowSectionChanges.ChangedItemSpan>, counters: inout LayoutWorkCounters
  ) -> Bool {
    // The model's section read in place: bound to a constant, it was copied.
    let metrics = FlowSectionMetrics(section: index, of: engine.model, geometry: engine.geometry)
    let items = FlowItemSizes(
      section: index, of: engine.model.sections, layout: engine.model.layout)
    guard let firstSpan = spans.first, !isUniform, metrics.uniformSize == nil, items.count > 0,
      numberOfItems > 0, !lines.isEmpty,
      // FLOW-11, as in the one-range update.
      firstSpan.first > 0
        || engine.opensWithEmptyLine(items, metrics) == (lines[0].broken.itemCount == 0)
    else { return false }
    let placement = FlowLayoutEngine.SectionPlacement(section: index, start: 0, metrics: metrics)
    let opensWithEmptyLine = lines[0].broken.itemCount == 0
    // Every line is copied anyway: from where it starts, the tree emptied.
    applyBlockShifts()
    var copy = SectionCopy(of: self, metrics: metrics)
    // FLOW-12's judgement of the last line, if a run of the loop reached it.
    var lastLineJudged: Bool?
    var next = spans.startIndex
    while next < spans.endIndex {
      // The span's first change, in old indexes: the items before it are old ones shifted by
      // the spans before.
      let shiftBefore = next == spans.startIndex ? 0 : spans[next - 1].itemDelta
      let oldFirst = spans[next].first - shiftBefore
      let changedLine = copy.old.lineIndex(
        holding: min(oldFirst, copy.old.numberOfItems - 1), searchingFrom: copy.copiedLine)
      let startLine = max(changedLine - 1, opensWithEmptyLine ? 1 : 0)
      // Resume at the line before the change (never FLOW-11's empty line): an old line, moved,
      // or — where the run before stopped at the changed line itself — that run's last line,
      // broken again.
      let resumed: Line
      if startLine >= copy.copiedLine {
        copy.copyOld(linesUpTo: startLine, counters: &counters)
        resumed = copy.moved(copy.old.lines[startLine])
      } else {
        resumed = copy.removeLastLine()
      }
      let resume = FlowLayoutEngine.MixedLinesCursor(
        firstItem: resumed.broken.firstItem, lineStart: resumed.start.double,
        previousUsed: copy.lines.last?.broken.used,
        everyLineHoldsOneItem: copy.firstLineNotHoldingOne == nil)
      var stop = SpansStop(section: copy.old, spans: spans, from: next, resumedAfter: startLine)
      let (end, nextLineStart) = copy.layOut(
        from: resume, at: resumed.start, engine, placement, items, stoppingAt: &stop)
      guard case .stopped = end, let firstKept = stop.firstKept else {
        if case .lastLine(_, let isComplete, _) = end { lastLineJudged = isComplete }
        break
      }
      // The old lines from `firstKept` on are kept: moved by the distance between where the
      // first of them started and where the re-broken lines now end (sums any grouping gives
      // the same bits of, `ScrollPosition`), renumbered by the spans passed.
      copy.keepOld(
        from: firstKept, itemDelta: spans[stop.passed].itemDelta,
        moved: nextLineStart - copy.old.lines[firstKept].start)
      next = stop.passed + 1
    }
    if lastLineJudged == nil { copy.copyOld(linesUpTo: copy.old.lines.count, counters: &counters) }
    counters += copy.builder.counters
    length = copy.builder.length(endingWith: copy.lines.last)
    (lines, firstLineNotHoldingOne) = copy.takeSection()
    numberOfItems = items.count
    if let lastLineJudged {
      lastLineIsComplete = lastLineJudged
    } else {
      judgeLastLineAgain()
    }
    counters.sectionsLaidOut += 1
    checkInvariants()
    return true
  }
}

/// The new lines of a section being updated span by span — in a builder, which the engine's
/// runs write into directly, and the old lines are copied into — and how far the old ones have
/// been copied.
private struct SectionCopy<Position: ScrollPosition> {
  /// The section before the update.
  let old: IncrementalSection<Position>
  /// The new section so far; its `firstLineNotHoldingOne` is kept as lines are added.
  private(set) var builder: IncrementalSectionBuilder<Position>
  /// The old lines from here on are still to be copied.
  private(set) var copiedLine = 0
  /// How the old lines still to be copied move: items renumbered by `itemDelta`, starts moved
  /// by `start`; nil before the first change, where they stay as they were.
  private var shift: (itemDelta: Int, start: Position)?

  init(of old: IncrementalSection<Position>, metrics: FlowSectionMetrics) {
    self.old = old
    builder = IncrementalSectionBuilder(metrics: metrics)
    // Room for every line: a span re-breaks a few, usually into as many.
    builder.section.lines.reserveCapacity(old.lines.count + 64)
  }

  var lines: ContiguousArray<IncrementalSection<Position>.Line> { builder.section.lines }
  var firstLineNotHoldingOne: Int? { builder.section.firstLineNotHoldingOne }

  /// Runs the engine's line loop from `cursor`, whose line starts at `start`, into the new
  /// section; returns how it ended and where the line after the last it broke would start.
  mutating func layOut<Stop: MixedLinesStop>(
    from cursor: FlowLayoutEngine.MixedLinesCursor, at start: Position,
    _ engine: FlowLayoutEngine, _ placement: FlowLayoutEngine.SectionPlacement,
    _ items: FlowItemSizes, stoppingAt stop: inout Stop
  ) -> (FlowLayoutEngine.MixedLinesEnd, Position) {
    let firstNew = builder.section.lines.count
    builder.resume(at: start)
    let end = engine.layoutMixedLines(
      placement, items, from: cursor, into: &builder, stoppingAt: &stop)
    if builder.section.firstLineNotHoldingOne == nil {
      builder.section.firstLineNotHoldingOne = builder.section.lines[firstNew...].firstIndex {
        $0.broken.itemCount != 1
      }
    }
    return (end, builder.nextLineStart)
  }

  /// An old line still to be copied, where it is now.
  func moved(_ line: IncrementalSection<Position>.Line) -> IncrementalSection<Position>.Line {
    guard let shift else { return line }
    var line = line
    line.moveItems(by: shift.itemDelta)
    line.start += shift.start
    return line
  }

  /// Copies the old lines up to `end` (exclusive), moved.
  mutating func copyOld(linesUpTo end: Int, counters: inout LayoutWorkCounters) {
    guard copiedLine < end else { return }
    let copied = old.lines[copiedLine..<end]
    let first = builder.section.lines.count
    if builder.section.firstLineNotHoldingOne == nil,
      let line = copied.firstIndex(where: { $0.broken.itemCount != 1 })
    {
      builder.section.firstLineNotHoldingOne = first + (line - copiedLine)
    }
    // Copied whole, then moved in place: a line appended at a time cost a uniqueness check
    // and a capacity check each.
    builder.section.lines.append(contentsOf: copied)
    if let shift {
      builder.section.lines.withUnsafeMutableBufferPointer { lines in
        for index in first..<lines.count {
          lines[index].moveItems(by: shift.itemDelta)
          lines[index].start += shift.start
        }
      }
      counters.linesShifted += end - copiedLine
    }
    copiedLine = end
  }

  /// The old lines from `firstKept` on are kept, moved as given.
  mutating func keepOld(from firstKept: Int, itemDelta: Int, moved: Position) {
    copiedLine = firstKept
    shift = (itemDelta, moved)
  }

  /// The new section's lines and first line not holding one item, taken out of the builder,
  /// so that the section they go to holds the array alone (no copy on write).
  mutating func takeSection() -> (ContiguousArray<IncrementalSection<Position>.Line>, Int?) {
    let section = builder.section
    builder.section = IncrementalSection()
    return (section.lines, section.firstLineNotHoldingOne)
  }

  /// Takes back the last line, to break it again.
  mutating func removeLastLine() -> IncrementalSection<Position>.Line {
    let line = builder.section.lines.removeLast()
    if builder.section.firstLineNotHoldingOne == builder.section.lines.count {
      builder.section.firstLineNotHoldingOne = nil
    }
    return line
  }
}

/// Stops a line loop resumed before span `from` where a new line starts where an old one did
/// past the spans the loop has passed: from there the old lines break as they did, up to the
/// next span.
private struct SpansStop<Position: ScrollPosition>: MixedLinesStop {
  /// The section's lines before the update (the lines only: a copy of the section would
  /// retain each of its arrays).
  let lines: ContiguousArray<IncrementalSection<Position>.Line>
  let spans: ArraySlice<FlowSectionChanges.ChangedItemSpan>
  /// The old line the loop resumed at: lines from the next on may be kept.
  let resumedAfter: Int
  /// The last span the loop has gone past (or is in).
  private(set) var passed: Int
  /// The first old line kept, once the loop stopped.
  private(set) var firstKept: Int?
  /// The old line holding the last old item looked for.
  private var oldLine: Int

  init(
    section: IncrementalSection<Position>, spans: ArraySlice<FlowSectionChanges.ChangedItemSpan>,
    from first: Int, resumedAfter: Int
  ) {
    (lines, self.spans, passed, self.resumedAfter) = (section.lines, spans, first, resumedAfter)
    oldLine = resumedAfter
  }

  mutating func shouldStop(before next: FlowLayoutEngine.MixedLinesCursor) -> Bool {
    guard next.firstItem > spans[passed].last else { return false }
    // A line starting in a later span is not where old lines resume; one past it is.
    while passed + 1 < spans.endIndex && spans[passed + 1].first <= next.firstItem {
      if next.firstItem <= spans[passed + 1].last { return false }
      passed += 1
    }
    let old = next.firstItem - spans[passed].itemDelta
    // The old line holding `old`: found by walking on from the last one found, as lines go by
    // in order (a search per line cost the loop a fifth more where breaks realign slowly).
    while oldLine + 1 < lines.count && lines[oldLine + 1].broken.firstItem <= old {
      oldLine += 1
    }
    guard oldLine > resumedAfter, lines[oldLine].broken.firstItem == old else { return false }
    firstKept = oldLine
    return true
  }
}
