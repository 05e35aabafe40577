import Foundation

extension FlowLayoutEngine {
  /// Where a cache keeps what the engine computes for one section: a flat block of frames, one
  /// slot per item, and optionally a flat block of lines.
  struct FrameBuffer {
    /// The section's first cell: item `i`'s frame goes at `frames[i]`.
    var frames: UnsafeMutablePointer<CGRect>
    /// Where the section's next line goes, or nil to keep no lines.
    var lines: UnsafeMutablePointer<FlowLine>?
    /// How many lines the section has written so far.
    var linesWritten = 0
    /// Whether `breakLines(ofSection:stashingAt:)` left the section's lines in `frames`.
    var linesAreStashed = false
  }

  /// A line as FLOW-9 broke it (`BrokenLine` without its first item, which is where it is
  /// kept): the size of the frame whose slot holds it between a cache's two passes.
  struct StashedLine {
    var itemCount: Int
    var mainLength: Double
    var thickness: Double
    var used: Double
  }

  /// The sizes the buffer path reads, when it lays out `items` (a left-to-right layout with a
  /// size per item, or one size with exceptions, given one per item for the loop), or nil.
  private func bufferPathSizes(_ items: FlowItemSizes) -> ContiguousArray<CGSize>? {
    geometry.isRightToLeft ? nil : items.sizesPerItem
  }

  /// `(main offset, thickness offset)` of a size seen as two doubles:
  /// `geometry.mainAndThickness`, decided once.
  private var sizeOffsets: (main: Int, thickness: Int) { geometry.isVertical ? (0, 1) : (1, 0) }

  /// How many lines `layoutSection(_:startingAt:into:)` makes of `section`, FLOW-11's empty
  /// line included: what a cache sizes its line index by, so that the index is one block of
  /// exactly its size. A mixed section the buffer path lays out also leaves each line as FLOW-9
  /// broke it in the frame slot of the line's first item (`frames` is the section's first
  /// cell), where no other line's frame goes and which the line's own frames overwrite only
  /// after reading it back: placing the lines then breaks none again.
  ///
  /// - Complexity: O(1) for a uniform section; O(items) for a mixed one.
  func breakLines(ofSection section: Int, stashingAt frames: UnsafeMutablePointer<CGRect>?)
    -> Int
  {
    // The model's section read in place: bound to a constant, it was copied.
    let metrics = FlowSectionMetrics(section: section, of: model, geometry: geometry)
    let items = itemSizes(ofSection: section)
    guard items.count > 0 else { return 0 }
    if let size = metrics.uniformSize {
      let main = geometry.mainAndThickness(size).main
      return UniformColumns(itemCount: items.count, main: main, metrics).lineCount
    }
    var count = opensWithEmptyLine(items, metrics) ? 1 : 0
    guard let frames, let sizes = bufferPathSizes(items) else {
      var first = 0
      while first < items.count {
        first = breakLine(startingAt: first, items, metrics).endItem
        count += 1
      }
      return count
    }
    precondition(MemoryLayout<StashedLine>.size <= MemoryLayout<CGRect>.stride)
    let (mainOffset, thicknessOffset) = sizeOffsets
    sizes.withUnsafeBufferPointer { sizes in
      sizes.withMemoryRebound(to: Double.self) { values in
        var first = 0
        while first < sizes.count {
          // Item indices of a buffer of sizes: 2 · item cannot overflow.
          let line = Self.breakLine(startingAt: first, itemCount: sizes.count, metrics) {
            (values[2 &* $0 &+ mainOffset], values[2 &* $0 &+ thicknessOffset])
          }
          UnsafeMutableRawPointer(frames + first).storeBytes(
            of: StashedLine(
              itemCount: line.itemCount, mainLength: line.mainLength, thickness: line.thickness,
              used: line.used),
            as: StashedLine.self)
          count &+= 1
          first = line.endItem
        }
      }
    }
    return count
  }

  /// `layoutMixedLines(_:_:into:)` for a left-to-right layout with a size per item, written
  /// straight into `buffer`: the same rules through the same helpers (FLOW-9's fill,
  /// `lastLineIsComplete`, `lineSpread`, `metrics.lineStart(after:)`) and the same arithmetic
  /// as `forEachCell` and `FlowGeometry.cellFrame` in the order they do it, so the same bits —
  /// but with the sizes read through a pointer, the axis and direction known, the work counted
  /// in locals, both coordinates of an origin rounded at once (FLOW-21) and each frame stored
  /// by index, where the sink path pays a call, a branch on the axis or a counter in memory
  /// per cell. Returns nil for any other layout, which the caller then lays out through its
  /// sink.
  ///
  /// - Complexity: O(items in the section).
  func layoutMixedLines(
    _ placement: SectionPlacement, _ items: FlowItemSizes, writingTo buffer: inout FrameBuffer,
    counters: inout LayoutWorkCounters
  ) -> Double? {
    guard let sizes = bufferPathSizes(items) else { return nil }
    // Decided here, so that the loop below holds no `FlowItemSizes`: only the buffer.
    let opensWithEmptyLine = opensWithEmptyLine(items, placement.metrics)
    return sizes.withUnsafeBufferPointer { sizes in
      // Read as pairs of doubles, so that one loop serves both axes, indexing by offset.
      sizes.withMemoryRebound(to: Double.self) { values in
        geometry.isVertical
          ? layoutMixedLines(
            placement, opensWithEmptyLine, values, Rows.self, writingTo: &buffer,
            counters: &counters)
          : layoutMixedLines(
            placement, opensWithEmptyLine, values, Columns.self, writingTo: &buffer,
            counters: &counters)
      }
    }
  }

  /// Which of a size's two values runs along a line, as a type, so that the loop below is
  /// compiled once per axis with no test of it per cell.
  private protocol LineAxis {
    /// The offset of the main length in a size seen as two doubles (the thickness is at the
    /// other one).
    static var mainOffset: Int { get }
  }

  /// FLOW-1's vertical scrolling: lines are rows, main along x.
  private enum Rows: LineAxis { static var mainOffset: Int { 0 } }
  /// Horizontal scrolling: lines are columns, main along y.
  private enum Columns: LineAxis { static var mainOffset: Int { 1 } }

  /// The loop of `layoutMixedLines(_:_:writingTo:counters:)` along one axis. It carries nothing
  /// for FLOW-12 but what the line before used and how many lines there were: whether every
  /// line held one item follows from their number at the last line.
  @inline(__always)
  private func layoutMixedLines<Axis: LineAxis>(
    _ placement: SectionPlacement, _ opensWithEmptyLine: Bool,
    _ values: UnsafeBufferPointer<Double>, _ axis: Axis.Type,
    writingTo buffer: inout FrameBuffer, counters: inout LayoutWorkCounters
  ) -> Double {
    let metrics = placement.metrics
    let start = placement.start
    let scale = geometry.scale
    let frames = buffer.frames
    let count = values.count / 2
    let linesAreStashed = buffer.linesAreStashed
    let (mainOffset, thicknessOffset) = (Axis.mainOffset, 1 &- Axis.mainOffset)
    var lineCursor = buffer.lines
    var lineStart = metrics.linesStart
    // FLOW-12b's `previousUsed`: what the line before the next one used, once there is one.
    var previousUsed = 0.0
    // The lines with items before the next one.
    var linesBefore = 0
    // FLOW-11: an empty first line, then the lines from the first item on.
    if opensWithEmptyLine {
      if let line = lineCursor {
        line.initialize(
          to: FlowLine(firstItem: 0, itemCount: 0, start: start + lineStart, end: start + lineStart)
        )
        lineCursor = line + 1
      }
      lineStart += metrics.lineSpacing
    }
    // One line: its record, if lines are kept, then its cells — `forEachCell` and
    // `FlowGeometry.cellFrame`: the position along the line, and across it the section's start
    // plus the line's plus FLOW-15's centring; FLOW-21 rounds both.
    @inline(__always)
    func place(_ line: BrokenLine, at lineStart: Double, _ spread: LinePlacement) {
      if let next = lineCursor {
        next.initialize(
          to: FlowLine(
            firstItem: line.firstItem, itemCount: line.itemCount, start: start + lineStart,
            end: start + (lineStart + line.thickness)))
        lineCursor = next + 1
      }
      var (position, gap) = Self.lineSpread(line, spread, metrics)
      var item = line.firstItem
      let endItem = line.firstItem &+ line.itemCount
      while item < endItem {
        // Item indices of a buffer of sizes: 2 · item cannot overflow.
        let size = CGSize(width: values[2 &* item], height: values[2 &* item &+ 1])
        let main = values[2 &* item &+ mainOffset]
        let thickness = values[2 &* item &+ thicknessOffset]
        let offset = (line.thickness - thickness) / 2
        let across = start + (lineStart + offset)
        let origin = roundedToPixels(
          Axis.mainOffset == 0 ? SIMD2(position, across) : SIMD2(across, position), scale: scale)
        frames[item] = CGRect(x: origin.x, y: origin.y, width: size.width, height: size.height)
        position += main + gap
        item &+= 1
      }
    }
    @inline(__always)
    func line(startingAt first: Int) -> BrokenLine {
      if linesAreStashed {
        let stashed = UnsafeRawPointer(frames + first).load(as: StashedLine.self)
        return BrokenLine(
          firstItem: first, itemCount: stashed.itemCount, mainLength: stashed.mainLength,
          thickness: stashed.thickness, used: stashed.used)
      }
      return Self.breakLine(startingAt: first, itemCount: count, metrics) {
        (values[2 &* $0 &+ mainOffset], values[2 &* $0 &+ thicknessOffset])
      }
    }
    var first = 0
    while true {
      let broken = line(startingAt: first)
      let endItem = first &+ broken.itemCount
      let isLast = endItem == count
      // FLOW-12: the last line is justified only if it counts as complete — every line holds
      // one item (it does, and the lines before it, one item or more each, are as many as its
      // first item), or it used as much as the line before it.
      let spread: LinePlacement =
        isLast
          && !Self.lastLineIsComplete(
            broken,
            everyLineHoldsOneItem: !opensWithEmptyLine && linesBefore == first
              && broken.itemCount == 1,
            previousUsed: opensWithEmptyLine || linesBefore > 0 ? previousUsed : nil)
        ? .leftAligned : .justified
      place(broken, at: lineStart, spread)
      if isLast {
        counters.linesBroken += linesBefore &+ 1 &+ (opensWithEmptyLine ? 1 : 0)
        counters.framesComputed += count
        if let lines = buffer.lines, let end = lineCursor { buffer.linesWritten += end - lines }
        return lineStart + broken.thickness
      }
      lineStart = metrics.lineStart(after: lineStart, thickness: broken.thickness)
      previousUsed = broken.used
      linesBefore &+= 1
      first = endItem
    }
  }

  /// `layoutUniformLines(_:itemCount:size:into:)` for a vertical left-to-right layout, written
  /// straight into `buffer`, with the same arithmetic: a line's cells share their y (FLOW-10
  /// puts every cell at the line's start, offset 0), so FLOW-21 rounds it once per line, not
  /// once per cell. Returns nil for any other layout.
  ///
  /// - Complexity: O(1) per line and per cell.
  func layoutUniformLines(
    _ placement: SectionPlacement, itemCount: Int, size: CGSize,
    writingTo buffer: inout FrameBuffer, counters: inout LayoutWorkCounters
  ) -> Double? {
    guard geometry.isVertical, !geometry.isRightToLeft else { return nil }
    let metrics = placement.metrics
    let start = placement.start
    let scale = geometry.scale
    let frames = buffer.frames
    let (main, thickness) = (size.width, size.height)
    let columns = UniformColumns(itemCount: itemCount, main: main, metrics)
    let linePitch = thickness + metrics.lineSpacing
    var lineStart = metrics.linesStart
    var lineCursor = buffer.lines
    // Every line puts its k-th cell at the same x: rounded once per column for the first 64
    // (a table on the stack, no allocation), and per cell beyond them.
    let tabulated = min(columns.perLine, 64)
    withUnsafeTemporaryAllocation(of: Double.self, capacity: tabulated) { columnX in
      for column in 0..<tabulated {
        columnX[column] = roundedToPixels(
          columns.cell(column: column, thickness: thickness).main, scale: scale)
      }
      for line in 0..<columns.lineCount {
        lineStart = metrics.linesStart + Double(line) * linePitch
        let firstItem = line * columns.perLine
        let count = min(columns.perLine, itemCount - firstItem)
        if let next = lineCursor {
          next.initialize(
            to: FlowLine(
              firstItem: firstItem, itemCount: count, start: start + lineStart,
              end: start + (lineStart + thickness)))
          lineCursor = next + 1
        }
        // `FlowGeometry.cellFrame` with the cell's offset, 0, written out.
        let y = roundedToPixels(start + (lineStart + 0), scale: scale)
        for column in 0..<count {
          let x =
            column < tabulated
            ? columnX[column]
            : roundedToPixels(
              columns.cell(column: column, thickness: thickness).main, scale: scale)
          frames[firstItem + column] = CGRect(x: x, y: y, width: main, height: thickness)
        }
      }
    }
    counters.linesBroken += columns.lineCount
    counters.framesComputed += itemCount
    if let lines = buffer.lines, let end = lineCursor { buffer.linesWritten += end - lines }
    return lineStart + thickness
  }
}
