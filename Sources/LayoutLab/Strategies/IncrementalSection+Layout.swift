import Foundation

// How an `IncrementalSection` is laid out in full and updated: both through the engine, which
// owns the line loop; this file only records its output and splices it in.

extension IncrementalSection {
  /// Section `index` of `engine`'s model, laid out in full, relative to its start.
  ///
  /// - Complexity: O(items in the section).
  init(laidOutBy engine: FlowLayoutEngine, section index: Int, counters: inout LayoutWorkCounters) {
    let metrics = FlowSectionMetrics(section: index, of: engine.model, geometry: engine.geometry)
    var builder = IncrementalSectionBuilder<Position>(metrics: metrics)
    _ = engine.layoutSection(index, startingAt: 0, into: &builder)
    self = builder.section
    numberOfItems = engine.model.sections[index].numberOfItems
    self.metrics = metrics
    length = builder.length(endingWith: lines.last)
    // Found once here rather than tracked line by line: the scan stops at the first line that
    // holds other than one item, usually the first.
    firstLineNotHoldingOne = lines.firstIndex { $0.broken.itemCount != 1 }
    if !isUniform, let last = lines.last, last.broken.itemCount > 0 {
      lastLineIsComplete = FlowLayoutEngine.lastLineIsComplete(
        last.broken, everyLineHoldsOneItem: firstLineNotHoldingOne == nil,
        previousUsed: lines.count > 1 ? lines[lines.count - 2].broken.used : nil)
    }
    counters += builder.counters
    checkInvariants()
  }

  /// Updates a mixed section after items `firstChanged...lastChanged` (indexes after the
  /// change) changed and the items after them shifted by `delta`. The engine's line loop is
  /// resumed at the line before the first change (whose last item may now fit on the line
  /// before) and stopped where a new line starts where an old one did (the same first item,
  /// shifted): from there the old lines break as they did, so they are kept and only where
  /// they start is recomputed; the last line is placed again if FLOW-12 now judges it
  /// differently. Returns false, changing nothing, when the section must be laid out again in
  /// full (a uniform section, a change to the first item that opens or closes FLOW-11's empty
  /// line, an empty section).
  ///
  /// - Complexity: O(items on the re-broken lines + lines after them).
  mutating func update(
    by engine: FlowLayoutEngine, section index: Int, firstChanged: Int, lastChanged: Int,
    delta: Int, counters: inout LayoutWorkCounters
  ) -> Bool {
    // The model's section read in place: bound to a constant, it was copied.
    let metrics = FlowSectionMetrics(section: index, of: engine.model, geometry: engine.geometry)
    let items = FlowItemSizes(
      section: index, of: engine.model.sections, layout: engine.model.layout)
    guard !isUniform, metrics.uniformSize == nil, items.count > 0, numberOfItems > 0,
      !lines.isEmpty,
      // FLOW-11: the first item decides whether the section opens with an empty line; a
      // change that opens or closes it moves every line.
      firstChanged > 0
        || engine.opensWithEmptyLine(items, metrics) == (lines[0].broken.itemCount == 0)
    else { return false }
    let placement = FlowLayoutEngine.SectionPlacement(section: index, start: 0, metrics: metrics)

    // Resume at the line before the one holding the first change (never FLOW-11's empty line),
    // with the state the loop had there.
    let changedLine = lineIndex(holding: min(firstChanged, numberOfItems - 1))
    let startLine = max(changedLine - 1, lines[0].broken.itemCount == 0 ? 1 : 0)
    // The engine's own line starts are a `Double` chain, which the builder does not keep: it
    // chains its own positions on from the resumed line's.
    let resumeStart = start(ofLine: startLine)
    let resume = FlowLayoutEngine.MixedLinesCursor(
      firstItem: lines[startLine].broken.firstItem, lineStart: resumeStart.double,
      previousUsed: startLine > 0 ? lines[startLine - 1].broken.used : nil,
      everyLineHoldsOneItem: (firstLineNotHoldingOne ?? startLine) >= startLine)
    var run = IncrementalSectionBuilder<Position>(metrics: metrics, firstLineStart: resumeStart)
    // Room for the lines the changes span (at most one an item), where they are many —
    // changes far apart: grown by doubling instead, the copies were a fifth of a batch of
    // scattered inserts and deletes. A resize re-breaks a line or two: room for a few, in a
    // block small enough for malloc's per-thread cache.
    let spanned = lastChanged - resume.firstItem
    run.section.lines.reserveCapacity(spanned > 32 ? spanned + 16 : 8)
    let end: FlowLayoutEngine.MixedLinesEnd
    let firstKept: Int?
    do {
      // The stop reads the old lines from a copy of the lines array, which holds it: it ends
      // with this block, before the splice, which would otherwise copy the lines whole
      // (O(lines in the section)) instead of changing them in place.
      var stop = KeptLinesStop(
        section: self, startLine: startLine, lastChanged: lastChanged, delta: delta)
      end = engine.layoutMixedLines(placement, items, from: resume, into: &run, stoppingAt: &stop)
      firstKept = stop.firstKept
    }
    counters += run.counters

    // A resize that re-broke as many lines as it replaced leaves every later line in its
    // block: those lines move by one distance, the blocks after the first kept line's through
    // the tree (`moveLines(from:by:)`). Any other change renumbers lines: every block's shift
    // is applied first.
    let oldFirstNotHoldingOne = firstLineNotHoldingOne
    let movesBlocks =
      delta == 0 && lines.count > Self.linesPerBlock
      && firstKept.map { $0 - startLine == run.section.lines.count } ?? false
    if movesBlocks, let firstKept {
      // The stored starts of the blocks the run rewrites, and of the first kept line's, are
      // made where the lines start, so that the run's lines are written as they are.
      counters.treeNodesTouched += normalizeBlocks(
        (startLine / Self.linesPerBlock)..<(firstKept / Self.linesPerBlock + 1))
    } else {
      applyBlockShifts()
    }

    // Splice: the run's lines replace the old ones they cover.
    lines.replaceSubrange(startLine..<(firstKept ?? lines.count), with: run.section.lines)
    numberOfItems = items.count
    if (firstLineNotHoldingOne ?? startLine) >= startLine {
      firstLineNotHoldingOne =
        run.section.lines.firstIndex { $0.broken.itemCount != 1 }.map { startLine + $0 }
    }

    switch end {
    case .lastLine(_, let isComplete, _):
      lastLineIsComplete = isComplete
    case .stopped:
      // The old lines kept: re-numbered, and moved by the distance between where the first of
      // them started and where the re-broken lines now end — sums that any grouping gives the
      // same bits of (`ScrollPosition`), so each line gets the bits a full layout gives it.
      let firstKeptNow = startLine + run.section.lines.count
      let moved = run.nextLineStart - lines[firstKeptNow].start
      if movesBlocks {
        let (shifted, nodes) = moveLines(from: firstKeptNow, by: moved)
        counters.linesShifted += shifted
        counters.treeNodesTouched += nodes
        // The kept lines are the old ones, at the same indexes: FLOW-12a's first line not
        // holding one item, if not before them, is the old one where that was among them,
        // else the first found among them (a scan that stops at the first line of two items).
        if firstLineNotHoldingOne == nil, let old = oldFirstNotHoldingOne {
          firstLineNotHoldingOne =
            old >= firstKeptNow
            ? old : lines[firstKeptNow...].firstIndex { $0.broken.itemCount != 1 }
        }
      } else {
        var firstNotHoldingOne = firstLineNotHoldingOne
        lines.withUnsafeMutableBufferPointer { lines in
          for line in firstKeptNow..<lines.count {
            lines[line].moveItems(by: delta)
            lines[line].start += moved
            if firstNotHoldingOne == nil && lines[line].broken.itemCount != 1 {
              firstNotHoldingOne = line
            }
          }
        }
        firstLineNotHoldingOne = firstNotHoldingOne
        counters.linesShifted += lines.count - firstKeptNow
      }
      judgeLastLineAgain()
    }
    length = run.length(endingWith: lastLine)
    counters.sectionsLaidOut += 1
    checkInvariants()
    return true
  }

  /// FLOW-12: judges the last line again, now that the lines before it changed. (Its cells
  /// are placed by the judgement at query time.)
  ///
  /// - Complexity: O(1).
  mutating func judgeLastLineAgain() {
    guard let last = lines.last else { return }
    lastLineIsComplete =
      last.broken.itemCount > 0
      && FlowLayoutEngine.lastLineIsComplete(
        last.broken, everyLineHoldsOneItem: firstLineNotHoldingOne == nil,
        previousUsed: lines.count > 1 ? lines[lines.count - 2].broken.used : nil)
  }
}

/// Records a section, or a run of its lines, as the engine lays it out, with where each line
/// starts chained in `Position`s (FLOW-16) — exact sums off the grid, where the engine's own
/// `Double` chain (`relativeStart`) can be off in the last bit.
struct IncrementalSectionBuilder<Position: ScrollPosition>: FlowLayoutSink {
  var counters = LayoutWorkCounters()
  var section = IncrementalSection<Position>()
  /// Where the first line of the section starts: FLOW-16's header and `before` inset.
  private let linesStart: Position
  /// Where the next line starts, relative to the section: the one before's start plus its
  /// thickness and s_l.
  private(set) var nextLineStart: Position
  private let lineSpacing: Position
  /// What follows the last line (FLOW-16): the `after` inset and the footer.
  private let afterLines: Position

  /// A builder whose first line starts at `firstLineStart`: where a resumed line starts, or
  /// by default the section's first line.
  init(metrics: FlowSectionMetrics, firstLineStart: Position? = nil) {
    linesStart = Position(metrics.headerLength) + Position(metrics.before)
    nextLineStart = firstLineStart ?? linesStart
    lineSpacing = Position(metrics.lineSpacing)
    afterLines = Position(metrics.after) + Position(metrics.footerLength)
  }

  /// Lines appended from here on start at `start`: where a resumed line starts.
  mutating func resume(at start: Position) { nextLineStart = start }

  /// The section's length when `last` is its last line (nil: it has none).
  func length(endingWith last: IncrementalSection<Position>.Line?) -> Position {
    (last.map { $0.start + Position($0.broken.thickness) } ?? linesStart) + afterLines
  }

  /// Lines only: a query places their cells (`IncrementalSection`).
  static var keepsCells: Bool { false }

  /// Never called: `keepsCells` is false.
  mutating func appendCell(_ frame: CGRect, placement: FlowCellPlacement, item: Int, section: Int) {
  }

  mutating func appendLine(
    _ line: FlowLine, relativeStart: Double, broken: FlowLayoutEngine.BrokenLine, section: Int
  ) {
    self.section.lines.append(IncrementalSection.Line(broken: broken, start: nextLineStart))
    nextLineStart += Position(broken.thickness) + lineSpacing
  }

  mutating func appendSection(_ record: FlowSectionRecord, section: Int) {
    // The header and footer lengths are the section's metrics' (`IncrementalSection.metrics`).
  }
}

/// Stops a resumed line loop past the change, where a new line starts where an old one did (the
/// same first item, shifted by the change): from there the old lines break as they did.
private struct KeptLinesStop<Position: ScrollPosition>: MixedLinesStop {
  /// The section's lines before the change (the lines only: a copy of the section would
  /// retain each of its arrays).
  let lines: ContiguousArray<IncrementalSection<Position>.Line>
  let startLine: Int
  let lastChanged: Int
  let delta: Int
  /// The first old line kept, once the loop stopped.
  private(set) var firstKept: Int?
  /// The old line holding the last old item looked for.
  private var oldLine: Int

  init(section: IncrementalSection<Position>, startLine: Int, lastChanged: Int, delta: Int) {
    (lines, self.startLine, self.lastChanged, self.delta) =
      (section.lines, startLine, lastChanged, delta)
    oldLine = startLine
  }

  mutating func shouldStop(before next: FlowLayoutEngine.MixedLinesCursor) -> Bool {
    guard next.firstItem > lastChanged else { return false }
    let old = next.firstItem - delta
    // The old line holding `old`: found by walking on from the last one found, as lines go by
    // in order (`SpansStop` does the same).
    while oldLine + 1 < lines.count && lines[oldLine + 1].broken.firstItem <= old {
      oldLine += 1
    }
    guard oldLine > startLine, lines[oldLine].broken.firstItem == old else { return false }
    firstKept = oldLine
    return true
  }
}
