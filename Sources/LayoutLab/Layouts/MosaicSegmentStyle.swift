import Foundation

/// How one segment of a mosaic layout — a band 200 points tall spanning the bounds width — is
/// cut into item frames (Apple's "Customizing collection view layouts" sample).
public enum MosaicSegmentStyle: Hashable, Sendable, CaseIterable {
  /// One item, the whole segment.
  case fullWidth
  /// Two items side by side, halves cut integrally.
  case fiftyFifty
  /// A left item two thirds wide, then two items stacked on the right.
  case twoThirdsOneThird
  /// Two items stacked on the left third, then a wide item on the right.
  case oneThirdTwoThirds

  /// How many items a segment of this style holds.
  ///
  /// - Complexity: O(1).
  public var numberOfItems: Int {
    switch self {
    case .fullWidth: 1
    case .fiftyFifty: 2
    case .twoThirdsOneThird, .oneThirdTwoThirds: 3
    }
  }

  /// The style of the next segment, when `remainingItems` items are still to be placed: one
  /// left gets the full width, two get halves, more continue the cycle full width →
  /// fifty-fifty → two-thirds/one-third → one-third/two-thirds → fifty-fifty → …
  /// The result never holds more items than remain (for `remainingItems ≥ 1`).
  ///
  /// - Complexity: O(1).
  public func next(remainingItems: Int) -> MosaicSegmentStyle {
    switch remainingItems {
    case 1: return .fullWidth
    case 2: return .fiftyFifty
    default:
      switch self {
      case .fullWidth: return .fiftyFifty
      case .fiftyFifty: return .twoThirdsOneThird
      case .twoThirdsOneThird: return .oneThirdTwoThirds
      case .oneThirdTwoThirds: return .fiftyFifty
      }
    }
  }

  /// Appends the frames of a segment occupying `segment`, in item order.
  ///
  /// - Complexity: O(1).
  func appendFrames(in segment: CGRect, to frames: inout ContiguousArray<CGRect>) {
    switch self {
    case .fullWidth:
      frames.append(segment)
    case .fiftyFifty:
      let halves = segment.dividedIntegralFromMinX(fraction: 0.5)
      frames.append(halves.first)
      frames.append(halves.second)
    case .twoThirdsOneThird:
      let columns = segment.dividedIntegralFromMinX(fraction: 2.0 / 3.0)
      let stacked = columns.second.dividedIntegralFromMinY(fraction: 0.5)
      frames.append(columns.first)
      frames.append(stacked.first)
      frames.append(stacked.second)
    case .oneThirdTwoThirds:
      let columns = segment.dividedIntegralFromMinX(fraction: 1.0 / 3.0)
      let stacked = columns.first.dividedIntegralFromMinY(fraction: 0.5)
      frames.append(stacked.first)
      frames.append(stacked.second)
      frames.append(columns.second)
    }
  }
}
