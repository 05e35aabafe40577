import Foundation

/// How a mosaic layout answers "elements in rect". Both strategies keep the same frames and
/// answer item lookups in O(1); they differ only in how a rect query searches.
public enum MosaicQueryStrategy: String, Hashable, Sendable, CaseIterable {
  /// Binary search over segments, whose vertical extents are monotonic: exact. The reference.
  case segmentSearch = "mosaic-segment-search"
  /// Apple's sample's query — binary search over items, then walks — which can miss elements.
  case sampleQuery = "mosaic-sample-query"

  /// The name `bench list` shows and `--strategy` takes.
  public var strategyName: String { rawValue }

  /// The strategy the other one is checked against.
  public static let reference = MosaicQueryStrategy.segmentSearch

  /// The strategy in `LayoutRegistry`.
  public var descriptor: LayoutDescriptor {
    let query = self
    return LayoutDescriptor(
      name: strategyName, kinds: [.mosaic], summary: summary, complexity: complexity,
      isReference: self == .reference, answersExactly: self != .sampleQuery
    ) { content throws(LayoutError) -> any CollectionViewLayout in
      guard case .mosaic(let model) = content else {
        throw LayoutError(field: "layout.kind", "a mosaic strategy lays out a mosaic only")
      }
      return try MosaicLayout(model: model, query: query)
    }
  }

  private var summary: String {
    switch self {
    case .segmentSearch: "segment search"
    case .sampleQuery: "Apple's sample: item binary search + walks; can MISS elements"
    }
  }

  private var complexity: LayoutComplexity {
    LayoutComplexity(
      prepare: "O(n)",
      rectQuery: self == .segmentSearch ? "O(log segments + answer)" : "O(log n + walk)",
      itemLookup: "O(1)", update: "O(n) when the width changes")
  }
}
