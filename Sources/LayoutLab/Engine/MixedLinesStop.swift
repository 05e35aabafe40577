import Foundation

/// Where a resumed line loop of a mixed section stops
/// (`FlowLayoutEngine.layoutMixedLines(_:_:from:into:stoppingAt:)`). A generic parameter
/// rather than a closure, so that a full layout's `NeverStop` costs nothing per line.
protocol MixedLinesStop {
  /// Whether the loop stops before breaking the line at `next`, which would start where `next`
  /// says; called after every line but the section's last.
  mutating func shouldStop(before next: FlowLayoutEngine.MixedLinesCursor) -> Bool
}

/// A full layout's condition: the loop runs to the section's last line.
struct NeverStop: MixedLinesStop {
  @inline(__always)
  func shouldStop(before next: FlowLayoutEngine.MixedLinesCursor) -> Bool { false }
}
