import Foundation

/// One section of an `IncrementalLayout`, kept relative to the section's start so that a change
/// elsewhere moves it without touching it: its lines (how each was broken and where it starts),
/// a flat array of plain structs, and the metrics that place a line's cells. No cell is kept:
/// a query rebuilds where each sits in its line from the line and the model's sizes
/// (`FlowLayoutEngine.forEachCell`, the loop the engine places them with), so a prepare writes
/// no per-item record and a batch update copies none.
///
/// Where lines start and how long the section is are `Position`s (`ScrollPosition`): `Double`s
/// on the grid, exact sums off it, so that any grouping of their additions — kept lines moved
/// by a delta, sections restacked from a change — gives the bits a full layout gives.
struct IncrementalSection<Position: ScrollPosition>: Sendable {
  /// A line as the engine broke it (`broken`) and where it starts. Its item indexes are kept
  /// in 32 bits (FLOW-28 bounds a layout by `LayoutLimits.maximumNumberOfItems`, 10⁷): 40 bytes
  /// a line with `Double` starts and 48 with exact ones, where the engine's `BrokenLine` took
  /// 48 and 64 — a batch update copies every line of each section it changes.
  struct Line: Sendable {
    private var firstItem: Int32
    private var itemCount: Int32
    private var mainLength: Double
    private var thickness: Double
    private var used: Double
    /// Where the line starts along the scroll axis, relative to the section's start.
    var start: Position

    init(broken: FlowLayoutEngine.BrokenLine, start: Position) {
      // Within FLOW-28's bounds, which every model is validated against before a layout.
      assert(broken.endItem <= LayoutLimits.maximumNumberOfItems)
      firstItem = Int32(truncatingIfNeeded: broken.firstItem)
      itemCount = Int32(truncatingIfNeeded: broken.itemCount)
      (mainLength, thickness, used) = (broken.mainLength, broken.thickness, broken.used)
      self.start = start
    }

    @inline(__always)
    var broken: FlowLayoutEngine.BrokenLine {
      FlowLayoutEngine.BrokenLine(
        firstItem: Int(firstItem), itemCount: Int(itemCount), mainLength: mainLength,
        thickness: thickness, used: used)
    }

    /// Renumbers the line's items by `delta` (an insert or delete before it).
    @inline(__always)
    mutating func moveItems(by delta: Int) { firstItem &+= Int32(truncatingIfNeeded: delta) }
  }

  var lines: ContiguousArray<Line> = []
  /// The items the lines hold.
  var numberOfItems = 0
  /// The section's metrics (FLOW-3…8) as it was laid out: what places a line's cells along
  /// and across it (FLOW-10, FLOW-13…15). nil for a section not laid out yet.
  var metrics: FlowSectionMetrics?
  /// The section's length along the scroll axis (FLOW-16).
  var length = Position.zero
  /// FLOW-17's header and footer lengths along the scroll axis (0 for a section not laid out).
  var headerLength: Double { metrics?.headerLength ?? 0 }
  var footerLength: Double { metrics?.footerLength ?? 0 }
  /// FLOW-8: laid out by the uniform rules. A change to a uniform section lays it out again.
  var isUniform: Bool { metrics?.uniformSize != nil }
  /// FLOW-12a: the first line that holds other than exactly one item (FLOW-11's empty line
  /// counts), if any. An index rather than a count, so that an update resuming the line loop
  /// knows in O(1) whether every line before it holds one item.
  var firstLineNotHoldingOne: Int?
  /// FLOW-12: whether the last line was placed as complete (justified).
  var lastLineIsComplete = false

  /// How far the lines of each block of `linesPerBlock` lines have moved since their starts
  /// were stored: a Fenwick tree over blocks (`PrefixSumTree`), the prefix sum through a
  /// line's block added to its stored start (`start(ofLine:)`). A resize moves the lines after
  /// it by one distance: those left in its own block one by one, the blocks after it by one
  /// update of the tree, O(log lines) instead of one addition a line. Empty while no block has
  /// moved, and emptied (`applyBlockShifts()`) by any update that changes which block a line
  /// is in.
  var blockShifts: ContiguousArray<Position> = []

  /// Lines per block of `blockShifts`: a resize moves at most this many lines one by one.
  static var linesPerBlock: Int { 64 }

  /// Where line `index` starts, relative to the section: its stored start moved by its
  /// block's shift, if any.
  ///
  /// - Complexity: O(1) while no block has moved; O(log lines) otherwise.
  @inline(__always)
  func start(ofLine index: Int) -> Position {
    let stored = lines[index].start
    guard !blockShifts.isEmpty else { return stored }
    let shift = PrefixSumTree.prefixSum(index / Self.linesPerBlock + 1, of: blockShifts)
    // A block that has not moved leaves the stored bits (+0 would turn a start of −0 into +0).
    return shift.isIdentical(to: .zero) ? stored : stored + shift
  }

  /// FLOW-10's columns of a uniform section and its items' thickness, which place the cells of
  /// every line alike: made once for all the lines a query reads; nil for a mixed section.
  struct UniformCells {
    let columns: FlowLayoutEngine.UniformColumns
    let thickness: Double
  }

  /// The section's `UniformCells`, if it is uniform.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func uniformCells(_ geometry: FlowGeometry) -> UniformCells? {
    // No columns for a section of no items (the engine makes none: with items of length 0
    // or less a line holds them all, none).
    guard numberOfItems > 0, let metrics, let size = metrics.uniformSize else { return nil }
    let (main, thickness) = geometry.mainAndThickness(size)
    return UniformCells(
      columns: FlowLayoutEngine.UniformColumns(itemCount: numberOfItems, main: main, metrics),
      thickness: thickness)
  }

  /// Where each cell of line `index` sits in it (FLOW-10, FLOW-13…15), in item order: rebuilt
  /// from the line, the section's metrics and its items' sizes in the model (`size`) — or, in
  /// a uniform section, `uniform`, its `uniformCells(_:)` — by the engine's own formulas
  /// (`UniformColumns.cell`, `FlowLayoutEngine.forEachCell`), so the placements the engine
  /// computed when it laid the line out.
  ///
  /// - Complexity: O(items on the line).
  @inline(__always)
  func forEachCell(
    ofLine index: Int, _ geometry: FlowGeometry, uniform: UniformCells?,
    size: (Int) -> CGSize, _ body: (Int, FlowCellPlacement) -> Void
  ) {
    let line = lines[index].broken
    if let uniform {
      for item in line.firstItem..<line.endItem {
        body(
          item, uniform.columns.cell(column: item &- line.firstItem, thickness: uniform.thickness))
      }
    } else if line.itemCount > 0, let metrics {
      FlowLayoutEngine.forEachCell(
        of: line, placement(ofLine: index), metrics, geometry, size: size, body)
    }
  }

  /// Where `item`, on line `index`, sits in it: what `forEachCell(ofLine:_:uniform:size:_:)`
  /// gives it, without placing the cells after it.
  ///
  /// - Complexity: O(1) in a uniform section; O(items before it on the line) in a mixed one.
  func cell(_ item: Int, ofLine index: Int, _ geometry: FlowGeometry, size: (Int) -> CGSize)
    -> FlowCellPlacement?
  {
    let line = lines[index].broken
    guard line.firstItem <= item && item < line.endItem, let metrics else { return nil }
    if let uniform = uniformCells(geometry) {
      return uniform.columns.cell(column: item &- line.firstItem, thickness: uniform.thickness)
    }
    var found: FlowCellPlacement?
    FlowLayoutEngine.forEachCell(
      of: line, placement(ofLine: index), metrics, geometry, size: size, upTo: item + 1
    ) { if $0 == item { found = $1 } }
    return found
  }

  /// The final frame of `item`, the section starting at `sectionStart` and its items' sizes
  /// read by `size`; nil for an item it does not hold.
  ///
  /// - Complexity: O(log lines), plus O(items before it on its line) in a mixed section.
  @inline(__always)
  func frame(
    ofItem item: Int, sectionStart: Position, _ geometry: FlowGeometry, size: (Int) -> CGSize
  ) -> CGRect? {
    guard (0..<numberOfItems).contains(item) else { return nil }
    let line = lineIndex(holding: item)
    guard let placement = cell(item, ofLine: line, geometry, size: size) else { return nil }
    return Self.cellFrame(
      placement, line: (sectionStart + start(ofLine: line)).lineOrigin, geometry)
  }

  /// FLOW-12…14: how the cells of line `index` of a mixed section spread along it — every line
  /// justified but a last line judged incomplete.
  @inline(__always)
  private func placement(ofLine index: Int) -> FlowLayoutEngine.LinePlacement {
    index == lines.count - 1 && !lastLineIsComplete ? .leftAligned : .justified
  }

  /// Appends the cells of `lines` that meet `rect` — the section being section `index`, starting
  /// at `start` — each item's size read by `size`; counts the cells scanned.
  ///
  /// - Complexity: O(items on the lines).
  @inline(__always)
  func appendCells(
    ofLines lines: Range<Int>, section index: Int, start sectionStart: Position,
    meeting rect: CGRect, _ geometry: FlowGeometry, size: (Int) -> CGSize,
    to result: inout [LayoutAttributes],
    counting counters: inout LayoutWorkCounters
  ) {
    let uniform = uniformCells(geometry)
    for line in lines {
      let lineStart = sectionStart + start(ofLine: line)
      counters.elementsScanned += self.lines[line].broken.itemCount
      let origin = lineStart.lineOrigin
      forEachCell(ofLine: line, geometry, uniform: uniform, size: size) { item, cell in
        let frame = Self.cellFrame(cell, line: origin, geometry)
        if frame.touchesOrIntersects(rect) {
          result.append(
            LayoutAttributes(
              kind: .cell, indexPath: LayoutIndexPath(item: item, section: index), frame: frame,
              zIndex: 0))
        }
      }
    }
  }

  /// The final frame of `cell` in a line whose origin is `line`: the engine's formula
  /// (`FlowGeometry.cellFrame`), from the sum rounded once.
  @inline(__always)
  static func cellFrame(
    _ cell: FlowCellPlacement, line: Position.LineOrigin, _ geometry: FlowGeometry
  ) -> CGRect {
    geometry.finalFrame(
      main: cell.main, scroll: Position.cellScroll(line, offset: cell.offset),
      mainLength: cell.mainLength, thickness: cell.thickness)
  }

  /// The last line, with where it starts (`start(ofLine:)`); nil for a section of none.
  var lastLine: Line? {
    guard let last = lines.last else { return nil }
    return Line(broken: last.broken, start: start(ofLine: lines.count - 1))
  }

  /// Adds each block's shift to its lines' stored starts, and empties the tree.
  ///
  /// - Complexity: O(lines) if a block has moved; O(1) otherwise.
  mutating func applyBlockShifts() {
    guard !blockShifts.isEmpty else { return }
    normalizeBlocks(0..<((lines.count + Self.linesPerBlock - 1) / Self.linesPerBlock))
    blockShifts = []
  }

  /// Adds the shift of each of `blocks` to its lines' stored starts and takes it out of the
  /// tree, the blocks after them keeping theirs; returns the tree nodes that touched.
  ///
  /// - Complexity: O(lines in `blocks` + log lines per block).
  @discardableResult
  mutating func normalizeBlocks(_ blocks: Range<Int>) -> Int {
    guard !blockShifts.isEmpty else { return 0 }
    let blockCount = blockShifts.count - 1
    var touched = 0
    for block in blocks {
      let shift = PrefixSumTree.prefixSum(block + 1, of: blockShifts)
      guard !shift.isIdentical(to: .zero) else { continue }
      let end = min((block + 1) * Self.linesPerBlock, lines.count)
      lines.withUnsafeMutableBufferPointer { lines in
        for line in (block * Self.linesPerBlock)..<end { lines[line].start += shift }
      }
      // The block's prefix sum is now 0, the next block's unchanged.
      touched += PrefixSumTree.add(.zero - shift, at: block, to: &blockShifts)
      if block + 1 < blockCount {
        touched += PrefixSumTree.add(shift, at: block + 1, to: &blockShifts)
      }
    }
    return touched
  }

  /// Moves lines `first...` by `distance`: those in `first`'s block one by one, the blocks
  /// after it through the tree (made here, with every block at 0, the first time). Returns the
  /// lines moved one by one and the tree nodes touched.
  ///
  /// - Complexity: O(`linesPerBlock` + log lines).
  mutating func moveLines(from first: Int, by distance: Position) -> (lines: Int, nodes: Int) {
    let blockEnd = min((first / Self.linesPerBlock + 1) * Self.linesPerBlock, lines.count)
    lines.withUnsafeMutableBufferPointer { lines in
      for line in first..<blockEnd { lines[line].start += distance }
    }
    let blockCount = (lines.count + Self.linesPerBlock - 1) / Self.linesPerBlock
    let nextBlock = first / Self.linesPerBlock + 1
    guard nextBlock < blockCount else { return (blockEnd - first, 0) }
    if blockShifts.isEmpty {
      blockShifts = PrefixSumTree.nodes(count: blockCount) { _ in .zero }
    }
    return (blockEnd - first, PrefixSumTree.add(distance, at: nextBlock, to: &blockShifts))
  }

  /// The index of the line that holds `item`: the last line starting at or before it.
  ///
  /// - Complexity: O(log lines).
  func lineIndex(holding item: Int) -> Int {
    // Invariant: lines before the result start at or before `item` (firstItem never decreases).
    partitioningIndex(lines.count) { lines[$0].broken.firstItem > item } - 1
  }

  /// `lineIndex(holding:)` for a pass that reads the section's lines in order and has read
  /// those before line `hint`: a first probe where `item` would be if the lines from `hint` on
  /// held equally many items, then steps doubling forward, then a binary search within the
  /// last step. Its probes fall near the lines the pass reads next, where a binary search of
  /// the whole section probes lines far apart, most of them out of the cache once a batch has
  /// copied many sections. A binary search of the whole section where line `hint` does not
  /// start at or before `item`.
  ///
  /// - Complexity: O(log(result − hint)).
  func lineIndex(holding item: Int, searchingFrom hint: Int) -> Int {
    guard hint > 0, hint < lines.count, lines[hint].broken.firstItem <= item else {
      return lineIndex(holding: item)
    }
    // Invariant: line `low` starts at or before `item`; line `high`, if any, after it.
    var (low, high) = (hint, lines.count)
    // Items and lines are each at most LayoutLimits' count: the product cannot overflow.
    let first = lines[hint].broken.firstItem
    let guess = min(
      hint + (item - first) * (lines.count - hint) / max(numberOfItems - first, 1),
      lines.count - 1)
    if guess > low {
      if lines[guess].broken.firstItem <= item { low = guess } else { high = guess }
    }
    var step = 1
    while low + step < high && lines[low + step].broken.firstItem <= item {
      low += step
      step &*= 2
    }
    high = min(high, low + step)
    return low + partitioningIndex(high - low - 1) { lines[low + 1 + $0].broken.firstItem > item }
  }
}
