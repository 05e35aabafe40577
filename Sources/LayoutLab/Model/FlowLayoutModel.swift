import Foundation

/// Everything a flow layout reads from its collection view and delegate: the environment
/// (FLOW-1), the layout's properties (FLOW-2) and the sections with their overrides (FLOW-3).
public struct FlowLayoutModel: Hashable, Sendable {
  public var collectionView: CollectionViewEnvironment
  public var layout: FlowLayoutConfiguration
  public var sections: [FlowSection] {
    // Changed in place (`didSet` without `oldValue` does not copy the array).
    didSet { knownNumberOfItems = nil }
  }
  /// `numberOfItems`, where a change that keeps track of it left it (`apply(_:)`'s item
  /// batches and resizes): an item batch that adds items then checks FLOW-28's limit in O(1),
  /// not by adding up every section. nil after any other change to `sections`; not part of the
  /// value (`==`, `hash(into:)`).
  var knownNumberOfItems: Int?

  public init(
    collectionView: CollectionViewEnvironment,
    layout: FlowLayoutConfiguration = FlowLayoutConfiguration(),
    sections: [FlowSection]
  ) {
    self.collectionView = collectionView
    self.layout = layout
    self.sections = sections
  }

  /// - Complexity: O(1) where `knownNumberOfItems` holds it; else O(s).
  public var numberOfItems: Int {
    knownNumberOfItems ?? sections.reduce(0) { $0 + $1.numberOfItems }
  }

  public static func == (a: Self, b: Self) -> Bool {
    a.collectionView == b.collectionView && a.layout == b.layout && a.sections == b.sections
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(collectionView)
    hasher.combine(layout)
    hasher.combine(sections)
  }
}
