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
  }

  /// `layoutMixedLines(_:_:into:)` for a vertical, left-to-right layout with a size per item,
  /// written straight into `buffer`: the same rules through the same helpers (`breakLine`,
  /// `lastLineIsComplete`, `lineSpread`, `metrics.lineStart(after:)`) and the same arithmetic
  /// as `forEachCell` and `FlowGeometry.cellFrame` in the order they do it, so the same bits —
  /// but with the sizes read through a pointer, the axis and direction known, the work counted
  /// in locals and each frame stored by index, where the sink path pays a call, a branch on
  /// the axis or a counter in memory per cell. Returns nil for any other layout, which the
  /// caller then lays out through its sink.
  ///
  /// - Complexity: O(items in the section).
  func layoutMixedLines(
    _ placement: SectionPlacement, _ items: FlowItemSizes, writingTo buffer: inout FrameBuffer,
    counters: inout LayoutWorkCounters
  ) -> Double? {
    guard geometry.isVertical, !geometry.isRightToLeft, let sizes = items.perItemSizes else {
      return nil
    }
    return sizes.withUnsafeBufferPointer { sizes in
      layoutVerticalMixedLines(placement, items, sizes, writingTo: &buffer, counters: &counters)
    }
  }

  /// The loop of `layoutMixedLines(_:_:writingTo:counters:)`: rows, main along x.
  private func layoutVerticalMixedLines(
    _ placement: SectionPlacement, _ items: FlowItemSizes, _ sizes: UnsafeBufferPointer<CGSize>,
    writingTo buffer: inout FrameBuffer, counters: inout LayoutWorkCounters
  ) -> Double {
    let metrics = placement.metrics
    let start = placement.start
    let scale = geometry.scale
    let frames = buffer.frames
    var linesBroken = 0
    var lineCursor = buffer.lines
    // FLOW-11: an empty first line, then the lines from the first item on.
    var cursor = MixedLinesCursor(
      firstItem: 0, lineStart: metrics.linesStart, previousUsed: nil, everyLineHoldsOneItem: true)
    if opensWithEmptyLine(items, metrics) {
      linesBroken += 1
      if let line = lineCursor {
        line.initialize(
          to: FlowLine(
            firstItem: 0, itemCount: 0, start: start + cursor.lineStart,
            end: start + cursor.lineStart))
        lineCursor = line + 1
      }
      cursor.lineStart += metrics.lineSpacing
      cursor.previousUsed = 0
      cursor.everyLineHoldsOneItem = false
    }
    while true {
      let line = Self.breakLine(
        startingAt: cursor.firstItem, itemCount: sizes.count, metrics
      ) { (sizes[$0].width, sizes[$0].height) }
      let lineStart = cursor.lineStart
      cursor.everyLineHoldsOneItem = cursor.everyLineHoldsOneItem && line.itemCount == 1
      let isLast = line.endItem == sizes.count
      // FLOW-12: the last line is justified only if it counts as complete.
      let spread =
        isLast
        && !Self.lastLineIsComplete(
          line, everyLineHoldsOneItem: cursor.everyLineHoldsOneItem,
          previousUsed: cursor.previousUsed)
        ? LinePlacement.leftAligned : .justified
      linesBroken += 1
      if let next = lineCursor {
        next.initialize(
          to: FlowLine(
            firstItem: line.firstItem, itemCount: line.itemCount, start: start + lineStart,
            end: start + (lineStart + line.thickness)))
        lineCursor = next + 1
      }
      // `forEachCell` and `FlowGeometry.cellFrame` for rows: x is the position along the line,
      // y the section's start plus the line's plus FLOW-15's centring; FLOW-21 rounds both.
      var (position, gap) = Self.lineSpread(line, spread, metrics)
      for item in line.firstItem..<line.endItem {
        let size = sizes[item]
        let offset = (line.thickness - size.height) / 2
        frames[item] = CGRect(
          x: roundedToPixels(position, scale: scale),
          y: roundedToPixels(start + (lineStart + offset), scale: scale), width: size.width,
          height: size.height)
        position += size.width + gap
      }
      if isLast {
        counters.linesBroken += linesBroken
        counters.framesComputed += sizes.count
        if let lines = buffer.lines, let end = lineCursor { buffer.linesWritten += end - lines }
        return lineStart + line.thickness
      }
      cursor.lineStart = metrics.lineStart(after: lineStart, thickness: line.thickness)
      cursor.previousUsed = line.used
      cursor.firstItem = line.endItem
    }
  }
}
