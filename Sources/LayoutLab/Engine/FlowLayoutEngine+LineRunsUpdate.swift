import Foundation

extension FlowLayoutEngine {
  /// The most lines a resize re-breaks before laying the whole section out again: a resize
  /// whose lines never fall back on the old boundaries (one item more on every line of a run of
  /// equal sizes) would otherwise re-break the rest of the section one line at a time.
  static let rebreakLimit = 32

  /// Section `index` after items `firstChanged…lastChanged` were resized and nothing else in it
  /// changed, from `old`, its runs before: only the lines the resize can move are broken again.
  ///
  /// FLOW-9 decides a line by its items and the next item, so the loop resumes at the line
  /// before the first changed item's line and stops at a break that lands on an old line
  /// boundary after the last changed item: from there the old lines hold the same items, and
  /// start where they did plus one delta — moved by one addition each, which equals the
  /// engine's chain (FLOW-16) only where no addition rounds (`shiftIsExact`). FLOW-12's facts
  /// about all lines stay as they were when the last two lines are kept and the lines broken
  /// again held one item each before exactly when they do after.
  ///
  /// Returns nil — the caller lays the section out again — for a uniform section, a first item
  /// that opens or closes FLOW-11's empty line, a change to the last two lines, more than
  /// `rebreakLimit` lines, a flag of FLOW-12 that might flip, or a shift that might round.
  ///
  /// - Complexity: O(runs of the section) to copy them, O(items on the lines broken again),
  ///   and, when the lines after them move, O(items after them) to prove the move exact.
  func lineRuns(
    ofSection index: Int, resizing firstChanged: Int, through lastChanged: Int,
    in old: SectionRuns, counters: inout LayoutWorkCounters
  ) -> SectionRuns? {
    let flowSection = model.sections[index]
    let items = FlowItemSizes(flowSection, layout: model.layout)
    let metrics = FlowSectionMetrics(flowSection, in: model, geometry: geometry)
    let runs = old.runs
    guard old.columns == nil, metrics.uniformSize == nil, items.count == old.numberOfItems,
      Self.breakAlike(metrics, old.metrics), 0 <= firstChanged, firstChanged <= lastChanged,
      lastChanged < items.count, runs.count > 2
    else { return nil }
    // FLOW-11: a resized first item may open or close the empty line (every other line holds
    // an item, so only the empty line is followed by a run at item 0).
    if firstChanged == 0 && (runs[1].firstItem == 0) != opensWithEmptyLine(items, metrics) {
      return nil
    }
    let lines = OldLines(runs: runs, numberOfItems: items.count)

    // The line before the first changed item's (never FLOW-11's empty line).
    var (resumeRun, resumeLine) = lines.position(holding: firstChanged)
    if resumeLine > 0 {
      resumeLine -= 1
    } else if resumeRun > 0 && runs[resumeRun - 1].firstItem < runs[resumeRun].firstItem {
      resumeRun -= 1
      resumeLine = runs[resumeRun].lineCount - 1
    }
    let resumed = runs[resumeRun]
    let resumeItem = resumed.firstItem + resumeLine * lines.perLine(resumeRun)
    let resumeStart =
      resumeLine == 0
      ? resumed.start
      : old.lineStart(
        resumeLine, of: resumed,
        thickness: thickness(of: resumeItem, lines.perLine(resumeRun), items))

    // FLOW-9's loop from the resumed line, until a break lands on an old boundary: first to
    // find where, so that nothing is allocated for a section laid out again after all.
    var (lineStart, lineFirst) = (resumeStart, resumeItem)
    var (broken, everyNewLineHoldsOneItem) = (0, true)
    var stop: (run: Int, line: Int, item: Int)
    var searchFrom = resumeRun
    while true {
      let line = breakLine(startingAt: lineFirst, items, metrics)
      broken += 1
      everyNewLineHoldsOneItem = everyNewLineHoldsOneItem && line.itemCount == 1
      // The last line decides FLOW-12 with the one before it: a full layout recomputes both.
      guard line.endItem < items.count, broken < Self.rebreakLimit else { return nil }
      lineStart = metrics.lineStart(after: lineStart, thickness: line.thickness)
      lineFirst = line.endItem
      if lineFirst > lastChanged, let found = lines.line(atOrAfter: lineFirst, from: searchFrom) {
        searchFrom = found.run
        if found.item == lineFirst {
          stop = found
          break
        }
      }
    }
    // The last two lines are kept (FLOW-12b compares them); the last line is a run of its own.
    guard stop.run < runs.count - 1 else { return nil }
    // FLOW-12a: whether every line holds one item is unchanged if the lines replaced did
    // exactly when the new ones do.
    let replaced = lines.count(from: (resumeRun, resumeLine), to: (stop.run, stop.line))
    guard (stop.item - resumeItem == replaced) == everyNewLineHoldsOneItem else { return nil }

    // The old lines from the stop on, moved by one delta where that is the engine's chain.
    let stopRun = runs[stop.run]
    let oldStart =
      stop.line == 0
      ? stopRun.start
      : old.lineStart(
        stop.line, of: stopRun, thickness: thickness(of: stop.item, lines.perLine(stop.run), items))
    let moves = oldStart.bitPattern != lineStart.bitPattern
    if moves
      && !shiftIsExact(from: oldStart, to: lineStart, items, from: stop.item, metrics)
    {
      return nil
    }
    let delta = lineStart - oldStart
    func moved(_ start: Double) -> Double? {
      guard moves else { return start }
      let start = start + delta
      // A zero might carry the other sign than the chain's: leave it to a full layout.
      return start == 0 ? nil : start
    }
    guard let first = moved(oldStart) else { return nil }

    var buffer = LineRunBuffer(capacity: runs.count + Self.rebreakLimit + 2)
    runs.withUnsafeRuns { kept in
      buffer.appending { slot in
        guard let base = kept.baseAddress else { return 0 }
        slot.initialize(from: base, count: resumeRun)
        return resumeRun
      }
    }
    if resumeLine > 0 {
      buffer.append(
        LineRun(start: resumed.start, firstItem: resumed.firstItem, lineCount: resumeLine))
    }

    // The lines broken again, broken once more to be written: the same lines.
    var (writtenStart, writtenFirst) = (resumeStart, resumeItem)
    while writtenFirst < stop.item {
      let line = breakLine(startingAt: writtenFirst, items, metrics)
      buffer.append(LineRun(start: writtenStart, firstItem: writtenFirst, lineCount: 1))
      writtenStart = metrics.lineStart(after: writtenStart, thickness: line.thickness)
      writtenFirst = line.endItem
    }

    buffer.append(
      LineRun(
        start: first, firstItem: stop.item, lineCount: stopRun.lineCount - stop.line))
    // The runs after the stop's, in one loop with no branch per run: a zero is noted, not
    // tested for.
    var zeros = 0
    runs.withUnsafeRuns { kept in
      buffer.appending { slot in
        let later = (stop.run + 1)..<kept.count
        guard let base = kept.baseAddress else { return 0 }
        if !moves {
          slot.initialize(from: base + later.lowerBound, count: later.count)
          return later.count
        }
        for (written, run) in later.enumerated() {
          let start = kept[run].start + delta
          zeros |= start == 0 ? 1 : 0
          slot[written] = LineRun(
            start: start, firstItem: kept[run].firstItem, lineCount: kept[run].lineCount)
        }
        return later.count
      }
    }
    guard zeros == 0 else { return nil }

    var section = old
    section.metrics = metrics
    section.runs = LineRunList(offset: 0, count: buffer.count)
    section.runs.keep(buffer.finish())
    if moves {
      let last = section.runs.count - 1
      let thickness = section.shape(ofRun: last, items, geometry).thickness
      section.length = metrics.length(linesEnd: section.runs[last].start + thickness)
    }
    counters.linesBroken += broken
    counters.sectionsLaidOut += 1
    return section
  }

  /// Whether lines that start at `oldStart` and, after it, at the same sums of the engine's
  /// additions (FLOW-16) over the lines of items `firstItem…`, start at exactly those sums
  /// moved by `newStart − oldStart` when they start at `newStart` instead. They do if no
  /// addition rounds: `ExactArithmetic`'s argument, with every value a whole number of 2^-10
  /// point and every partial sum below 2^50 of them — bounded by the larger start plus, per
  /// line, the largest thickness and the line spacing.
  ///
  /// - Complexity: O(items after `firstItem`), in one loop of independent steps (no sum or
  ///   maximum carried from item to item), which the compiler vectorizes; O(exceptions) in a
  ///   section of one size with exceptions.
  private func shiftIsExact(
    from oldStart: Double, to newStart: Double, _ items: FlowItemSizes, from firstItem: Int,
    _ metrics: FlowSectionMetrics
  ) -> Bool {
    typealias Units = FlowLineFill.Units
    let thicknessOffset = geometry.isVertical ? 1 : 0
    // Bits OR-ed over the thicknesses: of their patterns — for values with the sign bit clear,
    // a pattern at least each one's, so a double at least the largest (a sign set fails) —
    // and of what the grid test rounded away.
    // Over every size an item from `firstItem` on may have: its items' sizes, or a section's
    // one size and its exceptions'.
    let (largestBits, itemsOffGrid) = items.withSizes(from: firstItem) { sizes in
      sizes.withMemoryRebound(to: Double.self) { values in
        var (bits, offGrid) = (UInt64(0), UInt64(0))
        var index = thicknessOffset
        while index < values.count {
          bits |= values[index].bitPattern
          offGrid |= Units.units(ofLength: values[index]).offGrid
          index += 2
        }
        return (bits, offGrid)
      }
    }
    let largest = Double(bitPattern: largestBits)
    let offGrid =
      itemsOffGrid | Units.units(ofLength: oldStart).offGrid
      | Units.units(ofLength: newStart).offGrid
      | Units.units(ofLength: metrics.lineSpacing).offGrid
    let lines = Double(items.count - firstItem + 1)
    let bound =
      max(oldStart.magnitude, newStart.magnitude)
      + lines * (largest + metrics.lineSpacing.magnitude)
    // A value too large for the grid test fails the bound; so does a NaN, a negative largest.
    return offGrid == 0 && largest >= 0 && bound < 0x1p40
  }

  /// The thickness of the line of `count` items from `first`, as `SectionRuns.shape` sums it:
  /// every line of a run holds items of the same sizes, so a line the resize left alone gives
  /// its run's, where the run's first line may hold a resized item.
  ///
  /// - Complexity: O(count).
  private func thickness(of first: Int, _ count: Int, _ items: FlowItemSizes) -> Double {
    var thickness = 0.0
    for item in first..<(first + count) {
      thickness = max(thickness, geometry.mainAndThickness(items[item]).thickness)
    }
    return thickness
  }

  /// Whether two sets of section metrics break and place lines alike (FLOW-6, FLOW-9, FLOW-16).
  private static func breakAlike(_ a: FlowSectionMetrics, _ b: FlowSectionMetrics) -> Bool {
    a.available.bitPattern == b.available.bitPattern
      && a.interitemSpacing.bitPattern == b.interitemSpacing.bitPattern
      && a.lineSpacing.bitPattern == b.lineSpacing.bitPattern
      && a.linesStart.bitPattern == b.linesStart.bitPattern
      && a.after.bitPattern == b.after.bitPattern
      && a.footerLength.bitPattern == b.footerLength.bitPattern
      && a.lead.bitPattern == b.lead.bitPattern && a.trail.bitPattern == b.trail.bitPattern
      && a.headerLength.bitPattern == b.headerLength.bitPattern
  }

  /// The lines of a mixed section's runs, addressed as (run, line within it).
  private struct OldLines {
    let runs: LineRunList
    let numberOfItems: Int

    func endItem(_ run: Int) -> Int {
      run + 1 < runs.count ? runs[run + 1].firstItem : numberOfItems
    }

    /// The items on each line of `run` (zero for FLOW-11's empty line).
    func perLine(_ run: Int) -> Int {
      (endItem(run) - runs[run].firstItem) / runs[run].lineCount
    }

    /// The line that holds `item`.
    ///
    /// - Complexity: O(log runs).
    func position(holding item: Int) -> (run: Int, line: Int) {
      let run = partitioningIndex(runs.count) { runs[$0].firstItem > item } - 1
      return (run, (item - runs[run].firstItem) / perLine(run))
    }

    /// The first line, in run `from` or later, that starts at or after `item`; nil past the
    /// last.
    ///
    /// - Complexity: O(runs passed).
    func line(atOrAfter item: Int, from start: Int) -> (run: Int, line: Int, item: Int)? {
      var run = start
      while run < runs.count {
        let first = runs[run].firstItem
        if first >= item { return (run, 0, first) }
        let perLine = perLine(run)
        if perLine > 0 && item < endItem(run) {
          let line = (item - first + perLine - 1) / perLine
          if line < runs[run].lineCount { return (run, line, first + line * perLine) }
        }
        run += 1
      }
      return nil
    }

    /// How many lines lie from one position up to, not including, another.
    ///
    /// - Complexity: O(runs between them).
    func count(from start: (run: Int, line: Int), to end: (run: Int, line: Int)) -> Int {
      if start.run == end.run { return end.line - start.line }
      var lines = runs[start.run].lineCount - start.line + end.line
      for run in (start.run + 1)..<end.run { lines += runs[run].lineCount }
      return lines
    }
  }
}
