import Foundation

/// What a rect query searches along the scroll axis, in logical coordinates: the rect's extent,
/// widened by `FlowGeometry.searchSlack(from:to:)` because logical extents are exact before FLOW-21 moves
/// origins by up to half a pixel. Candidates found in it are then tested exactly against the
/// rect (FLOW-22). The run-length strategy searches through it; the other strategies write the
/// same preamble out, because sharing it cost the incremental query ~1.4 % more instructions.
struct FlowSearchRange {
  let low: Double
  let high: Double

  @inline(__always)
  init(_ rect: CGRect, in geometry: FlowGeometry) {
    let (queryMin, queryMax) = geometry.logicalScrollRange(of: rect)
    let slack = geometry.searchSlack(from: queryMin, to: queryMax)
    (low, high) = (queryMin - slack, queryMax + slack)
  }

  /// The sections of `0..<count` that can meet `low...high`, given where each starts and
  /// ends, as positions of any kind (`ScrollPosition`). Sections' starts and ends never
  /// decrease (FLOW-16, FLOW-18): a binary search finds the first, a walk the ones after it
  /// that start within the range.
  ///
  /// - Complexity: O(log count + sections returned).
  @inline(__always)
  static func sections<Position: ScrollPosition>(
    count: Int, from low: Position, through high: Position, start: (Int) -> Position,
    end: (Int) -> Position
  ) -> Range<Int> {
    // Invariant: sections before `first` end before `low` (ends never decrease).
    let first = partitioningIndex(count) { end($0) >= low }
    var last = first
    while last < count && start(last) <= high { last += 1 }
    return first..<last
  }
}
