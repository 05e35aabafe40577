import Foundation

/// Every element of a prepared flow layout, flat: one `CGRect` per cell in (section, item)
/// order, one record per section, and — when asked for — one record per line. No per-item
/// object, no dictionary: attributes are built only for what a query returns.
///
/// Built in one pass into storage allocated once: frames, lines and sections are each one
/// block sized before the engine runs (two blocks without a line index), so `prepare` makes no
/// allocation per section, line or cell, and the engine's hot loop writes through a pointer.
struct FlowAttributesCache: Sendable {
  private(set) var geometry: FlowGeometry
  private(set) var contentSize = CGSize.zero
  /// Final frames of every cell, section after section.
  private(set) var cellFrames: ContiguousArray<CGRect> = []
  /// Each section's record and where its cells and lines start in the flat arrays.
  private(set) var sections: ContiguousArray<FlowCachedSection> = []
  /// Lines of every section, section after section (only with `indexesLines`).
  private(set) var lines: ContiguousArray<FlowLine> = []
  let indexesLines: Bool
  /// The work of building the cache.
  var counters = LayoutWorkCounters()

  /// Lays out `model` once and keeps the result; with `exactPositions`, through the engine's
  /// slow path (docs/FlowRules.md, "Exact positions").
  ///
  /// - Complexity: O(n + s), one frame write per cell.
  init(_ model: FlowLayoutModel, indexesLines: Bool, exactPositions: Bool = false) {
    let engine = FlowLayoutEngine(model, exactPositions: exactPositions)
    geometry = engine.geometry
    self.indexesLines = indexesLines
    // The engine lays out nothing for an empty geometry (FLOW-5). Otherwise every item gets a
    // frame, and the line index gets exactly the lines the engine counts: known before the
    // pass, so no array grows during it.
    let laysOut = !engine.geometry.isEmpty && !model.sections.isEmpty
    let cellCount = laysOut ? model.numberOfItems : 0
    let sectionCount = laysOut ? model.sections.count : 0
    var sectionsOut: ContiguousArray<FlowCachedSection> = []
    sectionsOut.reserveCapacity(sectionCount)
    var linesOut: ContiguousArray<FlowLine> = []
    var length = 0.0
    var work = LayoutWorkCounters()
    let frames = ContiguousArray<CGRect>(unsafeUninitializedCapacity: cellCount) {
      frameBuffer, framesWritten in
      // With a line index, the lines are broken first, to be counted, and kept in the frame
      // slots until placed: one pass breaks, the other places.
      var lineCount = 0
      if laysOut && indexesLines {
        var sectionFirstCell = 0
        for section in model.sections.indices {
          lineCount += engine.breakLines(
            ofSection: section, stashingAt: frameBuffer.baseAddress.map { $0 + sectionFirstCell })
          sectionFirstCell += model.sections[section].numberOfItems
        }
      }
      linesOut = ContiguousArray(unsafeUninitializedCapacity: lineCount) {
        lineBuffer, linesWritten in
        var writer = FlowCacheWriter(
          frames: frameBuffer, lines: lineBuffer, indexesLines: indexesLines,
          sections: sectionsOut)
        // Hand the sections over, so that appending to them never copies the array.
        sectionsOut = []
        length = engine.layout(into: &writer)
        framesWritten = writer.framesWritten
        linesWritten = writer.linesWritten
        sectionsOut = writer.sections
        work = writer.counters
      }
    }
    cellFrames = frames
    lines = linesOut
    sections = sectionsOut
    contentSize = engine.contentSize(length: length)
    counters = work
    counters += engine.measuringCounters
  }

  /// A cache of nothing, which allocates nothing: what a strategy holds until it prepares.
  ///
  /// - Complexity: O(1).
  init(unpreparedFor model: FlowLayoutModel, indexesLines: Bool) {
    geometry = FlowGeometry(model)
    self.indexesLines = indexesLines
  }

  /// Moves FLOW-24's visible rect without touching anything else (a pure scroll, FLOW-25).
  ///
  /// - Complexity: O(1).
  mutating func updateVisibleBounds(from model: FlowLayoutModel) {
    let mirrorWidth = geometry.mirrorWidth
    geometry = FlowGeometry(model)
    geometry.mirrorWidth = mirrorWidth  // the content length did not change
  }

  // MARK: Answers shared by the strategies that keep this cache

  // The lookups are inlined into the strategies' methods: called, they took the cache as a
  // copy of all its 184 bytes.
  /// - Complexity: O(1).
  @inline(__always)
  func attributesForItem(at indexPath: LayoutIndexPath) -> LayoutAttributes? {
    guard sections.indices.contains(indexPath.section),
      (0..<sections[indexPath.section].numberOfItems).contains(indexPath.item)
    else { return nil }
    let frame = cellFrames[sections[indexPath.section].firstCell + indexPath.item]
    return LayoutAttributes(kind: .cell, indexPath: indexPath, frame: frame, zIndex: 0)
  }

  /// - Complexity: O(1).
  @inline(__always)
  func attributesForSupplementaryView(
    ofKind kind: ElementKind, at indexPath: LayoutIndexPath
  ) -> LayoutAttributes? {
    guard indexPath.item == 0, sections.indices.contains(indexPath.section),
      let frame = geometry.supplementaryFrame(kind, of: sections[indexPath.section].record)
    else { return nil }
    return LayoutAttributes(
      kind: kind, indexPath: indexPath, frame: frame, zIndex: LayoutAttributes.zIndex(for: kind))
  }

  /// Appends the cells of `section` in `items` whose frames meet `rect`.
  ///
  /// - Complexity: O(items.count).
  func appendCells(
    of section: Int, items: Range<Int>, meeting rect: CGRect, to result: inout [LayoutAttributes],
    counters: inout LayoutWorkCounters
  ) {
    counters.elementsScanned += items.count
    let base = sections[section].firstCell
    cellFrames.withUnsafeBufferPointer { frames in
      for item in items where frames[base + item].touchesOrIntersects(rect) {
        result.append(
          LayoutAttributes(
            kind: .cell, indexPath: LayoutIndexPath(item: item, section: section),
            frame: frames[base + item], zIndex: 0))
      }
    }
  }

  /// Appends the headers, then the footers, of `sections` that belong in an answer for `rect`.
  ///
  /// - Complexity: O(sections.count).
  func appendSupplementaryViews(
    of sections: Range<Int>, meeting rect: CGRect, to result: inout [LayoutAttributes],
    counters: inout LayoutWorkCounters
  ) {
    geometry.appendSupplementaryViews(
      of: sections, meeting: rect, to: &result, counters: &counters
    ) { self.sections[$0].record }
  }
}

/// A section of a `FlowAttributesCache`: its record, and where its cells and lines start in the
/// cache's flat arrays — one array for all three, so a section costs no allocation of its own.
/// The two indexes are stored as `Int32` (a validated model holds at most 10 million items and
/// a million sections, so fewer lines than 2^31): 48 bytes a section, no more than the record
/// and one `Int` index took in two arrays before.
struct FlowCachedSection: Hashable, Sendable {
  /// The section's extent and what FLOW-24 needs, as the engine reported it.
  var record: FlowSectionRecord
  private var storedFirstCell: Int32
  private var storedFirstLine: Int32

  init(_ record: FlowSectionRecord, firstCell: Int, firstLine: Int) {
    self.record = record
    // Traps only past `LayoutLimits`, which validation enforces before any layout.
    storedFirstCell = Int32(firstCell)
    storedFirstLine = Int32(firstLine)
  }

  /// `cellFrames` index of the section's first cell.
  var firstCell: Int { Int(storedFirstCell) }
  /// `lines` index of the section's first line (0 without a line index).
  var firstLine: Int { Int(storedFirstLine) }
  var start: Double { record.start }
  var end: Double { record.end }
  var numberOfItems: Int { record.numberOfItems }
}

/// The sink a `FlowAttributesCache` is built through: writes frames and lines into storage
/// sized before the pass, by index, with no capacity or uniqueness check per element (callgrind
/// showed `append` costing a `swift_isUniquelyReferenced` call and a capacity test per cell and
/// per line, and the line array's growth a copy of every line several times over).
private struct FlowCacheWriter: FlowLayoutSink {
  var counters = LayoutWorkCounters()
  /// Sized for every cell; written in item order.
  let frames: UnsafeMutableBufferPointer<CGRect>
  /// Sized for every line (empty without a line index).
  let lines: UnsafeMutableBufferPointer<FlowLine>
  let indexesLines: Bool
  /// Reserved for every section.
  var sections: ContiguousArray<FlowCachedSection>
  /// `frames` index of the current section's first cell: a cell is written at this plus its
  /// item, so the loop over cells carries no write counter of its own (one kept in the sink
  /// was loaded, incremented and stored back per cell, a chain through memory).
  private(set) var sectionFirstCell = 0
  private(set) var linesWritten = 0
  /// `linesWritten` when the current section started.
  private var sectionFirstLine = 0

  init(
    frames: UnsafeMutableBufferPointer<CGRect>, lines: UnsafeMutableBufferPointer<FlowLine>,
    indexesLines: Bool, sections: ContiguousArray<FlowCachedSection>
  ) {
    self.frames = frames
    self.lines = lines
    self.indexesLines = indexesLines
    self.sections = sections
  }

  /// Every cell of the sections laid out so far.
  var framesWritten: Int { sectionFirstCell }

  // The buffers' subscripts check bounds in debug builds only (the tests hold the engine to
  // the sizes reserved); in release the write is a plain store.
  @inline(__always)
  mutating func appendCell(
    _ frame: CGRect, placement: FlowCellPlacement, item: Int, section: Int
  ) {
    frames[sectionFirstCell &+ item] = frame
  }

  @inline(__always)
  mutating func appendLine(
    _ line: FlowLine, relativeStart: Double, broken: FlowLayoutEngine.BrokenLine, section: Int
  ) {
    if indexesLines {
      // Counted by a separate function of the engine: should the two ever disagree, stop
      // rather than write past the block.
      precondition(
        linesWritten < lines.count, "more lines than FlowLayoutEngine.breakLines counted")
      lines[linesWritten] = line
      linesWritten &+= 1
    }
  }

  /// A mixed section's lines through the engine's buffer path, which writes this sink's blocks
  /// directly (nil where the engine has no such path, and the lines come one call at a time).
  @inline(__always)
  mutating func layoutMixedLines(
    _ engine: FlowLayoutEngine, _ placement: FlowLayoutEngine.SectionPlacement,
    _ items: FlowItemSizes
  ) -> Double? {
    guard let frames = frames.baseAddress else { return nil }
    var buffer = FlowLayoutEngine.FrameBuffer(
      frames: frames + sectionFirstCell,
      lines: indexesLines ? lines.baseAddress.map { $0 + linesWritten } : nil,
      linesAreStashed: indexesLines)
    let end = engine.layoutMixedLines(
      placement, items, writingTo: &buffer, counters: &counters)
    linesWritten += buffer.linesWritten
    // The buffer path writes lines without a check of its own, so this one comes after the
    // writes: it cannot keep an overrun from happening, only the process from going on after
    // one. None happens while `breakLines` counts with the rules the layout breaks with (the
    // same `breakLine`, `UniformColumns`, FLOW-11 test): `FrameBufferPathTests` and the
    // differential tests would trap here otherwise.
    precondition(linesWritten <= lines.count || !indexesLines, "more lines than breakLines counted")
    return end
  }

  /// A uniform section's lines through the engine's buffer path (nil where it has none).
  @inline(__always)
  mutating func layoutUniformLines(
    _ engine: FlowLayoutEngine, _ placement: FlowLayoutEngine.SectionPlacement, itemCount: Int,
    size: CGSize
  ) -> Double? {
    guard let frames = frames.baseAddress else { return nil }
    var buffer = FlowLayoutEngine.FrameBuffer(
      frames: frames + sectionFirstCell,
      lines: indexesLines ? lines.baseAddress.map { $0 + linesWritten } : nil)
    let end = engine.layoutUniformLines(
      placement, itemCount: itemCount, size: size, writingTo: &buffer, counters: &counters)
    linesWritten += buffer.linesWritten
    // After the writes, as above.
    precondition(linesWritten <= lines.count || !indexesLines, "more lines than counted")
    return end
  }

  mutating func appendSection(_ record: FlowSectionRecord, section: Int) {
    // The engine emits every item of a section (FLOW-5 aside, when it emits no section).
    precondition(
      sectionFirstCell + record.numberOfItems <= frames.count, "more cells than the model holds")
    sections.append(
      FlowCachedSection(record, firstCell: sectionFirstCell, firstLine: sectionFirstLine))
    sectionFirstCell += record.numberOfItems
    sectionFirstLine = linesWritten
  }
}
