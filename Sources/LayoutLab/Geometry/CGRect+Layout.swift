import Foundation

extension CGRect {
  /// FLOW-22: closed intersection, as `CGRect.intersects` computes it on Apple platforms —
  /// rectangles that only touch along an edge or at a corner intersect, and so does a zero-size
  /// rectangle on the other's boundary. Written out so the result never depends on the
  /// platform's Foundation. Both rectangles must be standardized (non-negative sizes).
  /// Always inlined: four comparisons, which a rect query's loops made a call of once they
  /// were compiled for each orientation.
  @inlinable @inline(__always)
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
  scale == 0 ? value : roundedHalfAwayFromZero(value * scale) / scale
}

/// `x.rounded(.toNearestOrAwayFromZero)`, bit for bit, without a call: on baseline x86-64 the
/// standard library calls libm's `round`, two calls per frame, which callgrind showed as the
/// largest single cost of a rect query on a uniform grid.
@inlinable @inline(__always)
func roundedHalfAwayFromZero(_ x: Double) -> Double {
  let magnitude = x.magnitude
  // At or beyond 2^52 every Double is an integer; NaN fails the test and is returned as is.
  guard magnitude < 0x1p52 else { return x }
  // Adding and removing 2^52 rounds to an integer, halves to even (exact below 2^52)…
  let nearest = (magnitude + 0x1p52) - 0x1p52
  // …and a half that went down to even goes up instead: away from zero. (The difference is
  // exact.) The sign is copied back, so that -0.4 gives -0 as `round` does.
  let rounded = magnitude - nearest == 0.5 ? nearest + 1 : nearest
  return Double(signOf: x, magnitudeOf: rounded)
}

/// `roundedToPixels` of two values at once — a frame's origin — in the two lanes of one
/// register: the same operations, lane by lane, so the same bits, in about half the
/// instructions of two scalar calls.
@inlinable @inline(__always)
func roundedToPixels(_ value: SIMD2<Double>, scale: Double) -> SIMD2<Double> {
  scale == 0 ? value : roundedHalfAwayFromZero(value * scale) / scale
}

/// `roundedHalfAwayFromZero` lane by lane, with its branch a choice of lanes.
@inlinable @inline(__always)
func roundedHalfAwayFromZero(_ x: SIMD2<Double>) -> SIMD2<Double> {
  let bits = unsafeBitCast(x, to: SIMD2<UInt64>.self)
  let signBit = SIMD2<UInt64>(repeating: 1 << 63)
  let magnitude = unsafeBitCast(bits & ~signBit, to: SIMD2<Double>.self)
  let limit = SIMD2<Double>(repeating: 0x1p52)
  // Adding and removing 2^52 rounds below it; at or beyond it (and for NaN) 0 is added and
  // removed instead, which leaves the value itself — a mask on the constant, where a choice
  // of the result afterwards took a comparison and three bit operations more.
  let shift = limit.replacing(with: 0, where: .!(magnitude .< limit))
  let nearest = (magnitude + shift) - shift
  // A half that went down to even goes up: 1 added where it did, +0 elsewhere (`nearest` is
  // never −0, so adding +0 keeps its bits).
  let up = SIMD2<Double>(repeating: 1).replacing(
    with: 0, where: magnitude - nearest .!= SIMD2(repeating: 0.5))
  let rounded = nearest + up
  // `rounded` is not negative: its sign is x's.
  return unsafeBitCast(
    unsafeBitCast(rounded, to: SIMD2<UInt64>.self) | (bits & signBit), to: SIMD2<Double>.self)
}
