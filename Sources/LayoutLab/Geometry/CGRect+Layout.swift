import Foundation

extension CGRect {
  /// FLOW-22: closed intersection, as `CGRect.intersects` computes it on Apple platforms —
  /// rectangles that only touch along an edge or at a corner intersect, and so does a zero-size
  /// rectangle on the other's boundary. Written out so the result never depends on the
  /// platform's Foundation. Both rectangles must be standardized (non-negative sizes).
  @inlinable
  public func touchesOrIntersects(_ other: CGRect) -> Bool {
    origin.x <= other.origin.x + other.size.width
      && other.origin.x <= origin.x + size.width
      && origin.y <= other.origin.y + other.size.height
      && other.origin.y <= origin.y + size.height
  }
}

/// FLOW-21: a value on the pixel grid, `round(v · scale) / scale`, halves away from zero;
/// `scale == 0` turns rounding off.
@inlinable
func roundedToPixels(_ value: Double, scale: Double) -> Double {
  scale == 0 ? value : (value * scale).rounded(.toNearestOrAwayFromZero) / scale
}
