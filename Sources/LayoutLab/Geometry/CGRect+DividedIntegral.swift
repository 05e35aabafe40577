import Foundation

extension CGRect {
  /// Cuts the rect into a left and a right slice the way Apple's mosaic sample does
  /// (`dividedIntegral(fraction:from: .minXEdge)`): the left slice is `ceil(width × fraction)`
  /// wide; the right one starts 1 point after it and is 1 point narrower than the rest, so a
  /// 1-point gutter separates them.
  ///
  /// Lengths are clamped where the sample's are not: the first slice to the rect's width (as
  /// `CGRect.divided(atDistance:from:)` clamps), the second at 0 rather than negative — a rect
  /// narrower than about 3 points would otherwise give a frame of negative width.
  ///
  /// - Complexity: O(1).
  func dividedIntegralFromMinX(fraction: Double) -> (first: CGRect, second: CGRect) {
    let cut = integralCut(length: width, fraction: fraction)
    return (
      CGRect(x: minX, y: minY, width: cut.first, height: height),
      CGRect(x: minX + cut.secondOffset, y: minY, width: cut.second, height: height)
    )
  }

  /// The same cut along y (`dividedIntegral(fraction:from: .minYEdge)`): a top slice
  /// `ceil(height × fraction)` tall, then, 1 point lower, a bottom slice 1 point shorter than
  /// the rest.
  ///
  /// - Complexity: O(1).
  func dividedIntegralFromMinY(fraction: Double) -> (first: CGRect, second: CGRect) {
    let cut = integralCut(length: height, fraction: fraction)
    return (
      CGRect(x: minX, y: minY, width: width, height: cut.first),
      CGRect(x: minX, y: minY + cut.secondOffset, width: width, height: cut.second)
    )
  }
}

/// The lengths of an integral cut of `length` at `fraction` (see `dividedIntegralFromMinX`).
@inline(__always)
private func integralCut(
  length: Double, fraction: Double
) -> (first: Double, secondOffset: Double, second: Double) {
  // `(length * fraction).rounded(.up)` with the sample's own Double arithmetic, so frames match
  // the sample's to the bit (2/3 of 390 is 259.99999999999997 before rounding up to 260).
  let first = min(max((length * fraction).rounded(.up), 0), length)
  return (first, first + 1, max(length - first - 1, 0))
}
