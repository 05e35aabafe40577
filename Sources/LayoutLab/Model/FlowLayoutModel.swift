import Foundation

/// Everything a flow layout reads from its collection view and delegate: the environment
/// (FLOW-1), the layout's properties (FLOW-2) and the sections with their overrides (FLOW-3).
public struct FlowLayoutModel: Hashable, Sendable {
  public var collectionView: CollectionViewEnvironment
  public var layout: FlowLayoutConfiguration
  public var sections: [FlowSection]

  public init(
    collectionView: CollectionViewEnvironment,
    layout: FlowLayoutConfiguration = FlowLayoutConfiguration(),
    sections: [FlowSection]
  ) {
    self.collectionView = collectionView
    self.layout = layout
    self.sections = sections
  }

  public var numberOfItems: Int { sections.reduce(0) { $0 + $1.numberOfItems } }
}
