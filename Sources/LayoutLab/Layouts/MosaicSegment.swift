import Foundation

/// One segment of a prepared mosaic layout: its items and the vertical extent of their frames.
/// Extents of successive segments increase strictly — each segment starts 1 point below the
/// previous one — which item extents do not: a rect search over segments is exact.
struct MosaicSegment: Hashable, Sendable {
  /// The segment's first item.
  var firstItem: Int
  /// How many items the segment holds (1 to 3).
  var itemCount: Int
  /// The smallest `minY` and the largest `maxY` of the segment's frames.
  var minY: Double
  var maxY: Double
}
