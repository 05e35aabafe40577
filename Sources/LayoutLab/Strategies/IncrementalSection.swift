import Foundation

/// One section of an `IncrementalLayout`, kept relative to the section's start so that a change
/// elsewhere moves it without touching it: its lines (how each was broken and where it starts)
/// and its cells (where each sits in its line). Flat arrays of plain structs, one pair per
/// section.
///
/// Where lines start and how long the section is are `Position`s (`ScrollPosition`): `Double`s
/// on the grid, exact sums off it, so that any grouping of their additions — kept lines moved
/// by a delta, sections restacked from a change — gives the bits a full layout gives.
struct IncrementalSection<Position: ScrollPosition>: Sendable {
  struct Line: Sendable {
    var broken: FlowLayoutEngine.BrokenLine
    /// Where the line starts along the scroll axis, relative to the section's start.
    var start: Position
  }

  var lines: ContiguousArray<Line> = []
  var cells: ContiguousArray<FlowCellPlacement> = []
  /// The section's length along the scroll axis (FLOW-16).
  var length = Position.zero
  var headerLength: Double = 0
  var footerLength: Double = 0
  /// FLOW-8: laid out by the uniform rules. A change to a uniform section lays it out again.
  var isUniform = false
  /// FLOW-12a: the first line that holds other than exactly one item (FLOW-11's empty line
  /// counts), if any. An index rather than a count, so that an update resuming the line loop
  /// knows in O(1) whether every line before it holds one item.
  var firstLineNotHoldingOne: Int?
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
