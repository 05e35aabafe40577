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

    init(itemCount: Int, main: Double, _ metrics: FlowSectionMetrics) {
      let spacing = metrics.interitemSpacing
      let available = metrics.available
      // FLOW-10: per = max(1, ⌊(A + s_i)/(w + s_i)⌋); with w + s_i == 0 the greedy rule of
      // FLOW-9 puts every item on one line if a zero-length item fits at all (0 ≤ A).
      if main + spacing > 0 {
        let fit = ((available + spacing) / (main + spacing)).rounded(.down)
        perLine = fit >= Double(itemCount) ? itemCount : max(1, Int(max(fit, 1)))
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
  }

  /// Lays out the lines of a uniform section and returns where its last line ends.
  ///
  /// - Complexity: O(1) per line and per cell emitted.
  func layoutUniformLines<Sink: FlowLayoutSink>(
    _ section: Int, itemCount: Int, size: CGSize, _ metrics: FlowSectionMetrics,
    startingAt start: Double, into sink: inout Sink
  ) -> Double {
    let (main, thickness) = geometry.mainAndThickness(size)
    let columns = UniformColumns(itemCount: itemCount, main: main, metrics)
    let linePitch = thickness + metrics.lineSpacing
    var lineStart = start
    for line in 0..<columns.lineCount {
      lineStart = start + Double(line) * linePitch
      let firstItem = line * columns.perLine
      let count = min(columns.perLine, itemCount - firstItem)
      sink.counters.linesBroken += 1
      sink.appendLine(
        FlowLine(firstItem: firstItem, itemCount: count, start: lineStart, end: lineStart + thickness),
        section: section)
      for column in 0..<count {
        let frame = geometry.finalFrame(
          main: columns.firstColumn + columns.pitch * Double(column), scroll: lineStart,
          mainLength: main, thickness: thickness)
        sink.counters.framesComputed += 1
        sink.appendCell(frame, item: firstItem + column, section: section)
      }
    }
    return lineStart + thickness
  }

  /// How a line's items are spread along it.
  enum LinePlacement {
    /// FLOW-13: a complete line.
    case justified
    /// FLOW-14: the incomplete last line of a mixed section.
    case leftAligned
  }

  /// Lays out the lines of a mixed section (greedy fill, FLOW-9) and returns where its last
  /// line ends.
  ///
  /// - Complexity: O(items in the section): each item is visited twice, once to break the line
  ///   and once to place it.
  func layoutMixedLines<Sink: FlowLayoutSink>(
    _ section: Int, _ items: FlowItemSizes, _ metrics: FlowSectionMetrics,
    startingAt start: Double, into sink: inout Sink
  ) -> Double {
    let available = metrics.available
    let spacing = metrics.interitemSpacing
    var lineStart = start
    var lineFirst = 0
    var lineCount = 0
    var lineMain = 0.0  // Σ main of the open line
    var lineThickness = 0.0
    var remaining = available
    var used = 0.0  // FLOW-12b: Σ(main + s_i) of the open line
    var previousUsed = 0.0
    var closedLines = 0
    var everyLineHoldsOneItem = true  // FLOW-12a

    // FLOW-11: a first item wider than the line is preceded by an empty line.
    if geometry.mainAndThickness(items[0]).main > available {
      sink.counters.linesBroken += 1
      sink.appendLine(FlowLine(firstItem: 0, itemCount: 0, start: lineStart, end: lineStart), section: section)
      lineStart += metrics.lineSpacing
      closedLines = 1
      everyLineHoldsOneItem = false
    }
    for item in 0..<items.count {
      let (main, thickness) = geometry.mainAndThickness(items[item])
      // FLOW-9: an item that does not fit closes the line; a line's first item always stays.
      if lineCount > 0 && main > remaining {
        placeMixedLine(
          section, items, first: lineFirst, count: lineCount, lineMain: lineMain,
          thickness: lineThickness, at: lineStart, .justified, metrics, into: &sink)
        lineStart += lineThickness + metrics.lineSpacing
        closedLines += 1
        everyLineHoldsOneItem = everyLineHoldsOneItem && lineCount == 1
        previousUsed = used
        (lineFirst, lineCount, lineMain, lineThickness, remaining, used) =
          (item, 0, 0, 0, available, 0)
      }
      lineCount += 1
      lineMain += main
      lineThickness = max(lineThickness, thickness)
      remaining -= main + spacing
      used += main + spacing
    }
    // FLOW-12: the last line is complete only if every line holds one item, or if it used
    // exactly as much length as the line before it.
    everyLineHoldsOneItem = everyLineHoldsOneItem && lineCount == 1
    let lastIsComplete = everyLineHoldsOneItem || (closedLines >= 1 && used == previousUsed)
    placeMixedLine(
      section, items, first: lineFirst, count: lineCount, lineMain: lineMain,
      thickness: lineThickness, at: lineStart, lastIsComplete ? .justified : .leftAligned,
      metrics, into: &sink)
    return lineStart + lineThickness
  }

  /// Places the items of one line of a mixed section.
  private func placeMixedLine<Sink: FlowLayoutSink>(
    _ section: Int, _ items: FlowItemSizes, first: Int, count: Int, lineMain: Double,
    thickness lineThickness: Double, at lineStart: Double, _ placement: LinePlacement,
    _ metrics: FlowSectionMetrics, into sink: inout Sink
  ) {
    sink.counters.linesBroken += 1
    sink.appendLine(
      FlowLine(firstItem: first, itemCount: count, start: lineStart, end: lineStart + lineThickness),
      section: section)
    var position = metrics.lead
    let gap: Double
    switch placement {
    case .justified where count == 1:
      // FLOW-13: a lone item is centred if it fits, else starts at the lead inset.
      if lineMain <= metrics.available { position += (metrics.available - lineMain) / 2 }
      gap = 0
    case .justified:
      gap = (metrics.available - lineMain) / Double(count - 1)
    case .leftAligned:
      gap = metrics.interitemSpacing
    }
    for item in first..<(first + count) {
      let (main, thickness) = geometry.mainAndThickness(items[item])
      // FLOW-15: centred across the line.
      let frame = geometry.finalFrame(
        main: position, scroll: lineStart + (lineThickness - thickness) / 2,
        mainLength: main, thickness: thickness)
      sink.counters.framesComputed += 1
      sink.appendCell(frame, item: item, section: section)
      position += main + gap
    }
  }
}
