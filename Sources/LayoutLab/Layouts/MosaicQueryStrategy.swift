import Foundation

/// How a mosaic layout answers "elements in rect". Both strategies keep the same frames and
/// answer item lookups in O(1); they differ only in how a rect query searches.
public enum MosaicQueryStrategy: String, Hashable, Sendable, CaseIterable {
  /// Binary search over segments, whose vertical extents are monotonic: exact. The reference,
  /// listed first.
  case segmentSearch = "mosaic-segment-search"
  /// Apple's sample's query — binary search over items, then walks — which can miss elements.
  case sampleQuery = "mosaic-sample-query"

  /// The name `bench list` shows and `--strategy` takes.
  public var strategyName: String { rawValue }

  /// The strategy the other one is checked against.
  public static let reference = MosaicQueryStrategy.segmentSearch

  /// The strategy called `name`, if any.
  ///
  /// - Complexity: O(1).
  public static func named(_ name: String) -> MosaicQueryStrategy? { Self(rawValue: name) }
}
