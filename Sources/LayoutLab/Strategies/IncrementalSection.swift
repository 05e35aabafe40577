import Foundation

/// One section of an `IncrementalLayout`, kept relative to the section's start so that a change
/// elsewhere moves it without touching it: its lines (how each was broken and where it starts)
/// and its cells (where each sits in its line). Flat arrays of plain structs, one pair per
/// section.
struct IncrementalSection: Sendable {
  struct Line: Sendable {
    var broken: FlowLayoutEngine.BrokenLine
    /// Where the line starts along the scroll axis, relative to the section's start.
    var start: Double
  }

  var lines: ContiguousArray<Line> = []
  var cells: ContiguousArray<FlowCellPlacement> = []
  /// The section's length along the scroll axis (FLOW-16).
  var length: Double = 0
  var headerLength: Double = 0
  var footerLength: Double = 0
  /// FLOW-8: laid out by the uniform rules. A change to a uniform section lays it out again.
  var isUniform = false
  /// FLOW-12a: how many lines hold other than exactly one item (FLOW-11's empty line counts).
  var linesNotHoldingOne = 0
  /// FLOW-12: whether the last line was placed as complete (justified).
  var lastLineIsComplete = false

  var numberOfItems: Int { cells.count }

  /// The index of the line that holds `item`: the last line starting at or before it.
  ///
  /// - Complexity: O(log lines).
  func lineIndex(holding item: Int) -> Int {
    // Invariant: lines before the result start at or before `item` (firstItem never decreases).
    partitioningIndex(lines.count) { lines[$0].broken.firstItem > item } - 1
  }
}

/// Records a whole section as the engine lays it out.
struct IncrementalSectionBuilder: FlowLayoutSink {
  var counters = LayoutWorkCounters()
  var section = IncrementalSection()

  mutating func appendCell(_ frame: CGRect, placement: FlowCellPlacement, item: Int, section: Int) {
    self.section.cells.append(placement)
  }

  mutating func appendLine(
    _ line: FlowLine, relativeStart: Double, broken: FlowLayoutEngine.BrokenLine, section: Int
  ) {
    self.section.lines.append(IncrementalSection.Line(broken: broken, start: relativeStart))
    if broken.itemCount != 1 { self.section.linesNotHoldingOne += 1 }
  }

  mutating func appendSection(_ record: FlowSectionRecord, section: Int) {
    self.section.headerLength = record.headerLength
    self.section.footerLength = record.footerLength
  }
}

extension FlowLayoutEngine {
  /// Lays out section `index` in full, relative to its start.
  ///
  /// - Complexity: O(items in the section).
  func incrementalSection(_ index: Int, counters: inout LayoutWorkCounters) -> IncrementalSection {
    var builder = IncrementalSectionBuilder()
    builder.section.cells.reserveCapacity(model.sections[index].numberOfItems)
    // Started at 0, the engine's end is the section's length exactly.
    builder.section.length = layoutSection(index, startingAt: 0, into: &builder)
    var section = builder.section
    let metrics = FlowSectionMetrics(model.sections[index], in: model, geometry: geometry)
    section.isUniform = metrics.uniformSize != nil
    if !section.isUniform, let last = section.lines.last, last.broken.itemCount > 0 {
      let previous = section.lines.count > 1 ? section.lines[section.lines.count - 2].broken : nil
      section.lastLineIsComplete = lastLineIsComplete(
        last.broken, everyLineHoldsOneItem: section.linesNotHoldingOne == 0, previous: previous)
    }
    counters += builder.counters
    return section
  }

  /// Updates a mixed section after items `firstChanged...lastChanged` (indexes after the
  /// change) changed and the items after them shifted by `delta`: re-breaks lines from the
  /// line before the first change until a new line starts where an old one did (the same
  /// first item), keeps the old lines from there — recomputing only where they start — and
  /// re-places the last line if FLOW-12 now judges it differently. Returns false, changing
  /// nothing, when the section must be laid out again in full (a uniform section, a change to
  /// the first item, which decides FLOW-11's empty line, an empty section).
  ///
  /// - Complexity: O(items on the re-broken lines + lines after them).
  func updateSection(
    _ section: inout IncrementalSection, _ index: Int, firstChanged: Int, lastChanged: Int,
    delta: Int, counters: inout LayoutWorkCounters
  ) -> Bool {
    let flowSection = model.sections[index]
    let metrics = FlowSectionMetrics(flowSection, in: model, geometry: geometry)
    let items = FlowItemSizes(flowSection, layout: model.layout)
    guard !section.isUniform, metrics.uniformSize == nil, firstChanged > 0, items.count > 0,
      section.numberOfItems > 0, !section.lines.isEmpty
    else { return false }
    let oldLines = section.lines
    let placement = SectionPlacement(section: index, start: 0, metrics: metrics)

    // The first item of the line holding the first change may now fit on the line before.
    let changedLine = section.lineIndex(holding: min(firstChanged, section.numberOfItems - 1))
    let firstEmpty = oldLines[0].broken.itemCount == 0 ? 1 : 0
    let startLine = max(changedLine - 1, firstEmpty)
    var lineStart = oldLines[startLine].start
    var newLines = ContiguousArray<IncrementalSection.Line>()
    var item = oldLines[startLine].broken.firstItem
    var resumeOld: Int?  // the first old line kept
    while true {
      let line = breakLine(startingAt: item, items, metrics)
      newLines.append(IncrementalSection.Line(broken: line, start: lineStart))
      item = line.endItem
      if item == items.count { break }
      lineStart += line.thickness + metrics.lineSpacing
      // Past the change, a line that starts where an old one did breaks as that one did.
      if item > lastChanged {
        let old = item - delta
        let candidate = section.lineIndex(holding: old)
        if candidate > startLine, oldLines[candidate].broken.firstItem == old {
          resumeOld = candidate
          break
        }
      }
    }

    // Splice the lines: new ones, then the old ones kept, re-chained and re-numbered.
    let removedEnd = resumeOld ?? oldLines.count
    for line in oldLines[startLine..<removedEnd] where line.broken.itemCount != 1 {
      section.linesNotHoldingOne -= 1
    }
    for line in newLines where line.broken.itemCount != 1 { section.linesNotHoldingOne += 1 }
    let oldCellsEnd = resumeOld.map { oldLines[$0].broken.firstItem } ?? section.numberOfItems
    var kept = resumeOld.map { Array(oldLines[$0...]) } ?? []
    // The same additions, in the same order, as the engine's `lineStart += T + s_l`: the kept
    // lines start exactly where a full layout would put them.
    var next = newLines.last!.start + (newLines.last!.broken.thickness + metrics.lineSpacing)
    for index in kept.indices {
      kept[index].broken.firstItem += delta
      kept[index].start = next
      next = kept[index].start + (kept[index].broken.thickness + metrics.lineSpacing)
    }
    counters.linesShifted += kept.count
    section.lines.replaceSubrange(startLine..<oldLines.count, with: newLines + kept)

    // Place the new lines' cells (the last line of the section is placed below).
    let firstNewItem = newLines[0].broken.firstItem
    // Every new line is complete except, when no old line was kept, the section's last one:
    // it gets placeholders here and is placed below, once FLOW-12 has judged it.
    let lastIsNew = resumeOld == nil
    var sink = PlacementSink(cells: [])
    for line in lastIsNew ? newLines.dropLast() : newLines[...] {
      placeLine(line.broken, at: line.start, .justified, placement, items, into: &sink)
    }
    if lastIsNew {
      sink.cells.append(
        contentsOf: repeatElement(
          FlowCellPlacement(main: 0, offset: 0, mainLength: 0, thickness: 0),
          count: newLines.last!.broken.itemCount))
    }
    counters += sink.counters
    section.cells.replaceSubrange(firstNewItem..<oldCellsEnd, with: sink.cells)

    // FLOW-12: judge the last line again; place it if it is new or judged differently.
    let last = section.lines[section.lines.count - 1]
    let previous = section.lines.count > 1 ? section.lines[section.lines.count - 2].broken : nil
    let complete =
      last.broken.itemCount > 0
      && lastLineIsComplete(
        last.broken, everyLineHoldsOneItem: section.linesNotHoldingOne == 0, previous: previous)
    if lastIsNew || complete != section.lastLineIsComplete {
      var lastSink = PlacementSink(cells: [])
      placeLine(
        last.broken, at: last.start, complete ? .justified : .leftAligned, placement, items,
        into: &lastSink)
      section.cells.replaceSubrange(
        last.broken.firstItem..<last.broken.endItem, with: lastSink.cells)
      counters += lastSink.counters
    }
    section.lastLineIsComplete = complete
    section.length = metrics.length(linesEnd: last.start + last.broken.thickness)
    counters.sectionsLaidOut += 1
    return true
  }
}

/// Keeps the placements the engine computes for a run of cells.
private struct PlacementSink: FlowLayoutSink {
  var counters = LayoutWorkCounters()
  var cells: ContiguousArray<FlowCellPlacement>

  mutating func appendCell(_ frame: CGRect, placement: FlowCellPlacement, item: Int, section: Int) {
    cells.append(placement)
  }

  mutating func appendSection(_ record: FlowSectionRecord, section: Int) {}
}
