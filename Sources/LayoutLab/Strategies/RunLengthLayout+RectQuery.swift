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
    /// Where the first of them starts.
    let firstStart: Double
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
      (meeting, firstStart) = state.pointee.sectionsAndFirstStart(meeting: search)
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
      var start = firstStart
      for index in meeting {
        if index > meeting.lowerBound { start = next(start, after: index - 1) }
        count += 2
        count += elementsBound(of: state.pointee.sections[index], index, start: start)
      }
      return count
    }

    /// Where section `index` + 1 starts, given where section `index` does: where it ends, by
    /// the engine's addition (`SectionStarts`), which gives `State.start(of:)`'s bits.
    @inline(__always)
    func next(_ start: Double, after index: Int) -> Double {
      start + state.pointee.sections[index].length
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
      let end = last < runs.count ? section.firstItem(ofRun: last) : section.numberOfItems
      var count = max(end - section.firstItem(ofRun: first), 0)
      // A run of many lines (the stretches of a uniform section around a resized item) can
      // hold far more items than the range meets: the answer would reserve O(n) bytes per
      // query. Runs between the first and the last lie in the range, so only those two are
      // counted by the lines the range can meet.
      // Checked here, not in `surplus`: few runs hold that many items, and the call copied
      // the section.
      if holdsMany(run: first, of: section) { count -= surplus(ofRun: first, of: section, index) }
      if last - 1 > first && holdsMany(run: last - 1, of: section) {
        count -= surplus(ofRun: last - 1, of: section, index)
      }
      return count
    }

    /// Whether run `run` of `section` holds more than 512 items on more than one line: only
    /// such a run can have a surplus (`surplus(ofRun:of:_:)`).
    @inline(__always)
    private func holdsMany(run: Int, of section: Section) -> Bool {
      guard section.runs[run].lineCount > 1 else { return false }
      return section.endItem(ofRun: run) - section.firstItem(ofRun: run) > 512
    }

    /// How many more items run `run` of mixed section `index` holds than its lines that can
    /// meet `low...high` (all of its lines at one pitch, one more on either side for rounding
    /// and one for the search's slack), for a run that `holdsMany` — a run of at most 512
    /// items has a surplus that costs less to reserve (at most 32 KiB) than to find.
    ///
    /// - Complexity: O(items on a line of the run).
    private func surplus(ofRun run: Int, of section: Section, _ index: Int) -> Int {
      let lines = section.runs[run]
      let items = FlowItemSizes(
        section: index, of: model.pointee.sections, layout: model.pointee.layout)
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
    ///   meets but the first), else O(log runs) at most: the search starts where `low` falls
    ///   in the section's length, which its runs' starts spread over nearly evenly (a few
    ///   reads in a section of lines alike, as in the datasets), and gallops from there.
    // Out of line: called once or twice a query, and inlined it grew `forEachCell` enough for
    // the compiler to stop inlining the uniform sections' loop (about 120 instructions more a
    // query).
    @inline(never)
    private static func firstRun(of section: Section, startingAt start: Double, low: Double)
      -> Int
    {
      let count = section.runs.count
      // One run (a uniform section) is the answer whatever `low` is.
      guard count > 1, start + section.start(ofRun: 0) < low else { return 0 }
      // Invariant: the runs before the count start before `low`.
      guard count > 64 else { return max(section.runsStarting { start + $0 < low } - 1, 0) }
      // Clamped into 0…count (NaN, as for a section of length 0, to 0) before it becomes an
      // Int; any guess gives the same answer.
      let fraction = (low - start) / section.length
      let guess = fraction > 0 ? Int(min(fraction, 1) * Double(count)) : 0
      // Invariant: the runs before the count start before `low`.
      return max(section.runsStarting(near: guess) { start + $0 < low } - 1, 0)
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
      var start = firstStart
      for index in meeting {
        if index > meeting.lowerBound { start = next(start, after: index - 1) }
        // Passed, not bound to a constant: the section is read in place, not copied (which
        // retained and released its runs).
        guard forEachCell(of: state.pointee.sections[index], index, start: start, emit) else {
          return false
        }
      }
      return true
    }

    /// `forEachCell(_:)` in section `index`, which starts at `start`.
    @inline(__always)
    private mutating func forEachCell(
      of section: Section, _ index: Int, start: Double, _ emit: (LayoutAttributes) -> Bool
    ) -> Bool {
      let run =
        index == meeting.lowerBound
        ? firstRunOfFirst : Self.firstRun(of: section, startingAt: start, low: low)
      if let columns = section.columns {
        return forEachCell(ofColumns: columns, section, index, start: start, fromRun: run, emit)
      }
      return forEachCell(ofMixed: section, index, start: start, fromRun: run, emit)
    }

    /// `forEachCell(_:)` in a uniform section (FLOW-10), from run `first` on: every line's
    /// cells sit in the same columns and share their offset (0) and thickness, so the frames'
    /// main axis is mirrored and rounded once per column for the run, their scroll axis once
    /// per line, and each half of `touchesOrIntersects` is tested where it changes: the scroll
    /// axis per line, the main axis per cell — the same comparisons of the same values as
    /// testing each frame whole.
    @inline(__always)
    private mutating func forEachCell(
      ofColumns columns: FlowLayoutEngine.UniformColumns, _ section: Section, _ index: Int,
      start: Double, fromRun first: Int, _ emit: (LayoutAttributes) -> Bool
    ) -> Bool {
      let geometry = state.pointee.geometry
      let (rect, high) = (rect, high)
      let runs = section.runs
      let thickness = section.uniformThickness
      let mainLength = columns.main
      // `touchesOrIntersects`' terms along each axis: the frame's origin at most the rect's
      // end, and the rect's origin at most the frame's end.
      let (rectMain, rectMainEnd, rectScroll, rectScrollEnd) =
        geometry.isVertical
        ? (
          rect.origin.x, rect.origin.x + rect.size.width, rect.origin.y,
          rect.origin.y + rect.size.height
        )
        : (
          rect.origin.y, rect.origin.y + rect.size.height, rect.origin.x,
          rect.origin.x + rect.size.width
        )
      // The first columns' main-axis origins, a table on the stack (no allocation); columns
      // beyond them (only where items are narrower than a 64th of the line) per cell.
      let tabulated = min(columns.perLine, 64)
      return withUnsafeTemporaryAllocation(of: Double.self, capacity: tabulated) { table in
        guard let mainOrigins = table.baseAddress else { return true }
        for column in 0..<tabulated {
          mainOrigins[column] = geometry.cellMainOrigin(
            main: columns.cell(column: column, thickness: thickness).main, mainLength: mainLength)
        }
        var run = first
        while run < runs.count {
          let lines = section.run(run)
          guard start + lines.start <= high else { break }
          var line = firstLine(of: lines, section, thickness: thickness, start: start)
          while line < lines.lineCount {
            let lineStart = section.lineStart(line, of: lines, thickness: thickness)
            guard start + lineStart <= high else { break }
            // FLOW-10: a full line's items, the last line's fewer.
            let lineFirst = lines.firstItem &+ line &* columns.perLine
            let lineEnd = min(lineFirst &+ columns.perLine, section.numberOfItems)
            counters.elementsScanned += max(lineEnd &- lineFirst, 0)
            let scrollOrigin = geometry.cellScrollOrigin(
              offset: 0, thickness: thickness, sectionStart: start, lineStart: lineStart)
            if scrollOrigin <= rectScrollEnd && rectScroll <= scrollOrigin + thickness {
              var item = lineFirst
              while item < lineEnd {
                let column = item &- lineFirst
                let mainOrigin =
                  column < tabulated
                  ? mainOrigins[column]
                  : geometry.cellMainOrigin(
                    main: columns.cell(column: column, thickness: thickness).main,
                    mainLength: mainLength)
                if mainOrigin <= rectMainEnd && rectMain <= mainOrigin + mainLength {
                  let frame = geometry.cellFrame(
                    mainOrigin: mainOrigin, mainLength: mainLength, thickness: thickness,
                    scrollOrigin: scrollOrigin)
                  guard
                    emit(
                      LayoutAttributes(
                        kind: .cell, indexPath: LayoutIndexPath(item: item, section: index),
                        frame: frame, zIndex: 0))
                  else { return false }
                }
                item &+= 1
              }
            }
            line += 1
          }
          run += 1
        }
        return true
      }
    }

    /// `forEachCell(_:)` in a mixed section, from run `first` on: each run's shape is rebuilt
    /// once (`SectionRuns.shape(ofRun:_:size:)`), then its lines' cells placed by the engine's
    /// loop (`RunLengthLayout.forEachCell`) and framed by its formula
    /// (`FlowGeometry.cellFrame`, rounded in two lanes: `cellFrameRoundingInTwoLanes`).
    @inline(__always)
    private mutating func forEachCell(
      ofMixed section: Section, _ index: Int, start: Double, fromRun first: Int,
      _ emit: (LayoutAttributes) -> Bool
    ) -> Bool {
      let items = FlowItemSizes(
        section: index, of: model.pointee.sections, layout: model.pointee.layout)
      // Sizes per item (every mixed section but one size with exceptions) read from their
      // buffer, unchecked: runs hold items of the section only, as many as it has sizes.
      let fromBuffer = items.withUnsafeSizes { sizes in
        precondition(section.numberOfItems <= sizes.count)
        return forEachCell(
          ofMixed: section, index, start: start, fromRun: first, size: { sizes[$0] }, emit)
      }
      if let fromBuffer { return fromBuffer }
      return forEachCell(
        ofMixed: section, index, start: start, fromRun: first, size: { items[$0] }, emit)
    }

    /// `forEachCell(ofMixed:_:start:fromRun:_:)` with each item's size read by `size`.
    @inline(__always)
    private mutating func forEachCell(
      ofMixed section: Section, _ index: Int, start: Double, fromRun first: Int,
      size: (Int) -> CGSize, _ emit: (LayoutAttributes) -> Bool
    ) -> Bool {
      let geometry = state.pointee.geometry
      let (rect, high) = (rect, high)
      let runs = section.runs
      var run = first
      // Each run after the first from the one before: O(1), where reading it alone reads
      // O(log runs) nodes of a tree (`SectionRuns.run(after:_:)`).
      guard run < runs.count else { return true }
      var lines = section.run(run)
      while true {
        guard start + lines.start <= high else { break }
        // The next run, read before this one's lines: where its items start is where this
        // one's end.
        let hasNext = run + 1 < runs.count
        let next = hasNext ? section.run(after: run, lines) : lines
        let endItem = hasNext ? next.firstItem : section.numberOfItems
        // Most runs of a mixed section are one line: placed by `forEachCell(ofLine:)`.
        if lines.lineCount == 1 {
          // Its cells framed by a loop compiled for the geometry's axis and direction.
          let isFirst = run == first
          func forEachCell<Orientation: FlowOrientation>(as orientation: Orientation.Type) -> Bool {
            self.forEachCell(
              ofLine: lines, run, endItem: endItem, isFirst: isFirst, section, index,
              start: start, size: size, emit, as: orientation)
          }
          let accepted =
            switch (geometry.isVertical, geometry.isRightToLeft) {
            case (true, false): forEachCell(as: FlowOrientations.VerticalLeftToRight.self)
            case (true, true): forEachCell(as: FlowOrientations.VerticalRightToLeft.self)
            case (false, false): forEachCell(as: FlowOrientations.HorizontalLeftToRight.self)
            case (false, true): forEachCell(as: FlowOrientations.HorizontalRightToLeft.self)
            }
          guard accepted else { return false }
          run += 1
          guard hasNext else { break }
          lines = next
          continue
        }
        let shape = section.shape(ofRun: run, lines, endItem: endItem, geometry, size: size)
        // Runs after the first start at or after `low` (`firstRun`), so their first line
        // reaches it: only the first run is searched.
        var line =
          run == first
          ? firstLine(of: lines, section, thickness: shape.thickness, start: start) : 0
        while line < lines.lineCount {
          let lineStart = section.lineStart(line, of: lines, thickness: shape.thickness)
          guard start + lineStart <= high else { break }
          counters.elementsScanned += shape.items(ofLine: line, firstItem: lines.firstItem).count
          var accepted = true
          RunLengthLayout.forEachCell(
            of: lines, shape, line: line, section, geometry, size: size
          ) { item, cell in
            let frame = geometry.cellFrameRoundingInTwoLanes(
              cell, sectionStart: start, lineStart: lineStart)
            if accepted && frame.touchesOrIntersects(rect) {
              accepted = emit(
                LayoutAttributes(
                  kind: .cell, indexPath: LayoutIndexPath(item: item, section: index),
                  frame: frame, zIndex: 0))
            }
          }
          guard accepted else { return false }
          line += 1
        }
        run += 1
        guard hasNext else { break }
        lines = next
      }
      return true
    }

    /// `forEachCell(ofMixed:_:start:fromRun:size:_:)` for run `run`, `lines`, of one line whose
    /// items end at `endItem` (the next run's first): what
    /// `shape(ofRun:_:size:)`, `firstLine`, `lineStart` and `RunLengthLayout.forEachCell` give
    /// it, by the same sums in the same order, without what a run of many lines needs (its
    /// items per line, the line's items by multiplication, a search), which cost a query about
    /// as many instructions per line as placing its cells. False once `emit` refuses a cell.
    /// `Orientation` is the geometry's axis and direction.
    ///
    /// - Complexity: O(items on the line).
    @inline(__always)
    private mutating func forEachCell<Orientation: FlowOrientation>(
      ofLine lines: FlowLayoutEngine.LineRun, _ run: Int, endItem: Int, isFirst: Bool,
      _ section: Section, _ index: Int, start: Double, size: (Int) -> CGSize,
      _ emit: (LayoutAttributes) -> Bool, as orientation: Orientation.Type
    ) -> Bool {
      let geometry = state.pointee.geometry
      let runs = section.runs
      let firstItem = lines.firstItem
      // `shape(ofRun:_:size:)`'s sums, in its order. Items of a run are items of the section:
      // indices below its count, which cannot overflow.
      var (mainLength, thickness) = (0.0, 0.0)
      var item = firstItem
      while item < endItem {
        let (main, itemThickness) = Orientation.mainAndThickness(size(item))
        mainLength += main
        thickness = max(thickness, itemThickness)
        item &+= 1
      }
      // `firstLine`: the first run's line is skipped unless it reaches `low`; a later run's
      // starts after it.
      let lineStart = lines.start
      if isFirst && !(start + (lineStart + thickness) >= low) { return true }
      let itemCount = max(endItem &- firstItem, 0)
      counters.elementsScanned += itemCount
      let line = FlowLayoutEngine.BrokenLine(
        firstItem: firstItem, itemCount: itemCount, mainLength: mainLength,
        thickness: thickness, used: 0)
      let placement: FlowLayoutEngine.LinePlacement =
        run == runs.count - 1 && !section.lastLineIsComplete ? .leftAligned : .justified
      // `FlowLayoutEngine.forEachCell`, framed as `forEachCell(ofMixed:)` frames it.
      var (position, gap) = FlowLayoutEngine.lineSpread(line, placement, section.metrics)
      let rect = self.rect
      item = firstItem
      while item < endItem {
        let (main, itemThickness) = Orientation.mainAndThickness(size(item))
        let cell = FlowCellPlacement(
          main: position, offset: (thickness - itemThickness) / 2, mainLength: main,
          thickness: itemThickness)
        let frame = geometry.cellFrameRoundingInTwoLanes(
          cell, sectionStart: start, lineStart: lineStart, as: orientation)
        if frame.touchesOrIntersects(rect) {
          guard
            emit(
              LayoutAttributes(
                kind: .cell, indexPath: LayoutIndexPath(item: item, section: index),
                frame: frame, zIndex: 0))
          else { return false }
        }
        position += main + gap
        item &+= 1
      }
      return true
    }

    /// The first line of run `lines` of `section` (which starts at `start`), whose lines are
    /// `thickness` thick, that ends at or after `low`: `partitioningIndex` over the run's
    /// lines, whose ends increase with their index, answered from where the arithmetic puts
    /// `low` — a guess, then checked against the very predicate the search tests, a step at a
    /// time, so the answer is the search's; after a few steps (a guess far off, such as a
    /// pitch of 0) the search itself answers.
    ///
    /// - Complexity: O(1), or O(log lines) where the guess is more than a few lines off.
    @inline(__always)
    func firstLine(
      of lines: FlowLayoutEngine.LineRun, _ section: Section, thickness: Double, start: Double
    ) -> Int {
      let low = self.low
      // Invariant of the search: lines before the answer end before `low`.
      @inline(__always)
      func reaches(_ line: Int) -> Bool {
        start + (section.lineStart(line, of: lines, thickness: thickness) + thickness) >= low
      }
      let count = lines.lineCount
      guard count > 1 else { return count == 1 && !reaches(0) ? 1 : 0 }
      let pitch = thickness + section.metrics.lineSpacing
      let guess = (low - start - lines.start - thickness) / pitch
      // Clamped into 0…count (NaN to 0) before it becomes an Int.
      var line = guess >= 0 ? Int(min(guess, Double(count))) : 0
      var steps = 0
      while line > 0 && steps < 4 && reaches(line - 1) {
        line -= 1
        steps += 1
      }
      while line < count && steps < 4 && !reaches(line) {
        line += 1
        steps += 1
      }
      // Unless a step was left to take: every line before `line` fails (the first loop
      // stopped at one that does, or the second passed them) and `line` holds or is the end.
      guard steps == 4 else { return line }
      return partitioningIndex(count, where: reaches)
    }
  }
}
