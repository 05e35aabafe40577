import Foundation

extension RunLengthLayout {
  /// One rect query of a prepared layout: the sections, runs and lines that meet the rect, and
  /// their cells that do (FLOW-22), rebuilt with the engine's formulas (`FlowGeometry.cellFrame`,
  /// `UniformColumns.cell`, `FlowLayoutEngine.forEachCell`).
  ///
  /// The state and the model are held by pointer, borrowed for the query
  /// (`layoutAttributesForElements`): a copy would retain each of their arrays.
  struct RectQuery {
    let rect: CGRect
    /// The rect along the scroll axis, widened by `FlowSearchRange`'s slack.
    let low: Double
    let high: Double
    /// The sections that can meet the rect.
    let meeting: Range<Int>
    private let state: UnsafePointer<State>
    private let model: UnsafePointer<FlowLayoutModel>
    var counters: LayoutWorkCounters
    /// `firstRun` of the first section of `meeting`, found by `elementsBound()`.
    private var firstRunOfFirst = 0
    /// False once `initializeCells` ran out of room.
    private(set) var isComplete = true

    init(
      _ rect: CGRect, state: UnsafePointer<State>, model: UnsafePointer<FlowLayoutModel>,
      counters: LayoutWorkCounters
    ) {
      self.rect = rect.standardized
      let search = FlowSearchRange(self.rect, in: state.pointee.geometry)
      (low, high) = (search.low, search.high)
      meeting = state.pointee.sections(meeting: search)
      (self.state, self.model, self.counters) = (state, model, counters)
    }

    /// At least as many elements as the query returns — the items of the runs of lines that
    /// start in `low...high` and the one before them, and each section's header and footer —
    /// remembering the first section's first run, which `forEachCell` then need not search.
    ///
    /// - Complexity: O(1) per uniform section; per mixed one, O(log runs) in the first, then
    ///   O(log runs the range meets) where runs' starts are the engine's chain.
    mutating func elementsBound() -> Int {
      var count = 0
      for index in meeting {
        count += 2
        count += elementsBound(
          of: state.pointee.sections[index], index, start: state.pointee.start(of: index))
      }
      return count
    }

    /// `elementsBound()`'s count of cells in section `index`, which starts at `start`.
    @inline(__always)
    private mutating func elementsBound(of section: Section, _ index: Int, start: Double) -> Int {
      let runs = section.runs
      guard runs.count > 0 else { return 0 }
      if let columns = section.columns {
        // FLOW-10: lines at a constant pitch; one more on either side for rounding.
        let pitch = section.uniformThickness + section.metrics.lineSpacing
        let lines =
          pitch > 0 && (high - low) / pitch < Double(columns.lineCount)
          ? Int(((high - low) / pitch).rounded(.up)) + 3 : columns.lineCount
        return min(lines * columns.perLine, section.numberOfItems)
      }
      let first = Self.firstRun(of: section, startingAt: start, low: low)
      if index == meeting.lowerBound { firstRunOfFirst = first }
      // Invariant: runs before `last` start at or before `high`, as do those before `first`.
      let last = section.runsStarting(from: first) { start + $0 <= high }
      let end = last < runs.count ? runs[last].firstItem : section.numberOfItems
      var count = max(end - runs[first].firstItem, 0)
      // A run of many lines (the stretches of a uniform section around a resized item) can
      // hold far more items than the range meets: the answer would reserve O(n) bytes per
      // query. Runs between the first and the last lie in the range, so only those two are
      // counted by the lines the range can meet.
      count -= surplus(ofRun: first, of: section, index)
      if last - 1 > first { count -= surplus(ofRun: last - 1, of: section, index) }
      return count
    }

    /// How many more items run `run` of mixed section `index` holds than its lines that can
    /// meet `low...high` (all of its lines at one pitch, one more on either side for rounding
    /// and one for the search's slack); 0 for a run of at most 512 items, whose surplus costs
    /// less to reserve (at most 32 KiB) than to find.
    ///
    /// - Complexity: O(items on a line of the run), for a run of more than 512 items only.
    private func surplus(ofRun run: Int, of section: Section, _ index: Int) -> Int {
      let runs = section.runs
      let lines = runs[run]
      let end = run + 1 < runs.count ? runs[run + 1].firstItem : section.numberOfItems
      guard end - lines.firstItem > 512, lines.lineCount > 1 else { return 0 }
      let items = FlowItemSizes(model.pointee.sections[index], layout: model.pointee.layout)
      let shape = section.shape(ofRun: run, items, state.pointee.geometry)
      let pitch = shape.thickness + section.metrics.lineSpacing
      let span = (high - low) / pitch
      // A pitch of 0 (or one so small that the range holds every line) leaves the run whole.
      guard pitch > 0, span < Double(lines.lineCount) else { return 0 }
      let meeting = min(Int(span.rounded(.up)) + 3, lines.lineCount)
      return (lines.lineCount - meeting) * shape.itemsPerLine
    }

    /// The first run of `section`, which starts at `start`, whose lines can reach `low`: the
    /// last that starts before it, or the first. Runs' lines never overlap and their extents
    /// never decrease, so of the runs that start before `low` only the last can reach it.
    ///
    /// - Complexity: O(1) for a section that starts at or after `low` (every section a query
    ///   meets but the first), else O(log runs).
    @inline(__always)
    private static func firstRun(of section: Section, startingAt start: Double, low: Double)
      -> Int
    {
      guard section.runs.count > 0, start + section.start(ofRun: 0) < low else { return 0 }
      // Invariant: the runs before the count start before `low`.
      return max(section.runsStarting { start + $0 < low } - 1, 0)
    }

    /// Writes the cells that meet the rect, in order, at the start of `buffer`, and returns
    /// how many; clears `isComplete` if they did not all fit.
    mutating func initializeCells(_ buffer: UnsafeMutableBufferPointer<LayoutAttributes>) -> Int {
      var written = 0
      isComplete = forEachCell { element in
        guard written < buffer.count else { return false }
        buffer.initializeElement(at: written, to: element)
        written += 1
        return true
      }
      return written
    }

    /// Every cell that meets the rect, in order, to `emit`; false once `emit` refuses one.
    ///
    /// - Complexity: O(log runs + log lines of a run) per section met, plus O(1) per run and
    ///   line met and per item of the lines met.
    @inline(__always)
    mutating func forEachCell(_ emit: (LayoutAttributes) -> Bool) -> Bool {
      for index in meeting {
        // Passed, not bound to a constant: the section is read in place, not copied (which
        // retained and released its runs).
        guard
          forEachCell(
            of: state.pointee.sections[index], index, start: state.pointee.start(of: index),
            emit)
        else { return false }
      }
      return true
    }

    /// `forEachCell(_:)` in section `index`, which starts at `start`.
    @inline(__always)
    private mutating func forEachCell(
      of section: Section, _ index: Int, start: Double, _ emit: (LayoutAttributes) -> Bool
    ) -> Bool {
      let geometry = state.pointee.geometry
      let (rect, low, high) = (rect, low, high)
      let runs = section.runs
      // A uniform section's cells need no size: its columns hold it.
      let items =
        section.columns == nil
        ? FlowItemSizes(model.pointee.sections[index], layout: model.pointee.layout)
        : FlowItemSizes(RunLengthLayout.noItems, layout: model.pointee.layout)
      var run =
        index == meeting.lowerBound
        ? firstRunOfFirst : Self.firstRun(of: section, startingAt: start, low: low)
      while run < runs.count {
        let lines = section.run(run)
        guard start + lines.start <= high else { break }
        let shape = section.shape(ofRun: run, items, geometry)
        // Invariant: lines before `line` end before `low`.
        var line = partitioningIndex(lines.lineCount) {
          start
            + (section.lineStart($0, of: lines, thickness: shape.thickness) + shape.thickness)
            >= low
        }
        // FLOW-10: every line of columns has its items at the same main-axis origins: those
        // of the first `cachedColumns` columns are mirrored and rounded once for the run.
        var mainOrigins = SIMD8<Double>()
        var cachedColumns = 0
        if case .columns(let columns) = shape.placement, line < lines.lineCount {
          cachedColumns = min(columns.perLine, mainOrigins.scalarCount)
          for column in 0..<cachedColumns {
            let cell = columns.cell(column: column, thickness: shape.thickness)
            mainOrigins[column] = geometry.cellMainOrigin(
              main: cell.main, mainLength: cell.mainLength)
          }
        }
        while line < lines.lineCount {
          let lineStart = section.lineStart(line, of: lines, thickness: shape.thickness)
          guard start + lineStart <= high else { break }
          let lineItems = shape.items(ofLine: line, firstItem: lines.firstItem)
          counters.elementsScanned += lineItems.count
          if case .columns(let columns) = shape.placement {
            // FLOW-10: the cells of a line of columns share their offset and thickness, so
            // their frames' scroll axis is mirrored and rounded once for the line.
            let first = columns.cell(column: 0, thickness: shape.thickness)
            let scrollOrigin = geometry.cellScrollOrigin(
              offset: first.offset, thickness: first.thickness, sectionStart: start,
              lineStart: lineStart)
            for item in lineItems {
              let column = item &- lineItems.lowerBound
              let cell = columns.cell(column: column, thickness: shape.thickness)
              let frame = geometry.cellFrame(
                mainOrigin: column < cachedColumns
                  ? mainOrigins[column]
                  : geometry.cellMainOrigin(main: cell.main, mainLength: cell.mainLength),
                mainLength: cell.mainLength, thickness: cell.thickness,
                scrollOrigin: scrollOrigin)
              guard frame.touchesOrIntersects(rect) else { continue }
              guard
                emit(
                  LayoutAttributes(
                    kind: .cell, indexPath: LayoutIndexPath(item: item, section: index),
                    frame: frame, zIndex: 0))
              else { return false }
            }
          } else {
            var accepted = true
            RunLengthLayout.forEachCell(
              of: lines, shape, line: line, section, items, geometry
            ) { item, cell in
              let frame = geometry.cellFrame(cell, sectionStart: start, lineStart: lineStart)
              if accepted && frame.touchesOrIntersects(rect) {
                accepted = emit(
                  LayoutAttributes(
                    kind: .cell, indexPath: LayoutIndexPath(item: item, section: index),
                    frame: frame, zIndex: 0))
              }
            }
            guard accepted else { return false }
          }
          line += 1
        }
        run += 1
      }
      return true
    }
  }
}
