import Foundation

extension MosaicAttributesCache {
  /// The correct query: binary-searches the segments, whose vertical extents increase
  /// strictly, for the first one that reaches `rect`, then tests the frames of every segment
  /// up to the last one that starts within it.
  ///
  /// - Complexity: O(log s + k), s segments, k the items of the segments that meet the rect
  ///   vertically (at most three per segment).
  func segmentSearchCells(in rect: CGRect, counting counters: inout LayoutWorkCounters)
    -> [LayoutAttributes]
  {
    var result: [LayoutAttributes] = []
    segments.withUnsafeBufferPointer { segments in
      // Invariant: segments before `segment` end above `rect` (ends never decrease), so none of
      // their frames can meet it.
      var segment = partitioningIndex(segments.count) { segments[$0].maxY >= rect.minY }
      while segment < segments.count && segments[segment].minY <= rect.maxY {
        let record = segments[segment]
        appendCells(
          in: record.firstItem..<(record.firstItem + record.itemCount), meeting: rect,
          to: &result, counters: &counters)
        segment += 1
      }
    }
    return result
  }
}
