import Foundation

/// Everything a column flow layout reads: the collection view, the column properties and the
/// sections. Sections give item counts (and, optionally, spacing and header or footer
/// overrides); item sizes and section insets are derived from the bounds, never given.
public struct ColumnFlowLayoutModel: Hashable, Sendable {
  public var collectionView: CollectionViewEnvironment
  public var layout: ColumnFlowConfiguration
  public var sections: [FlowSection]

  public init(
    collectionView: CollectionViewEnvironment,
    layout: ColumnFlowConfiguration = ColumnFlowConfiguration(),
    sections: [FlowSection]
  ) {
    self.collectionView = collectionView
    self.layout = layout
    self.sections = sections
  }

  /// The flow layout the column flow is for its current bounds: what the flow engine lays out.
  ///
  /// - Complexity: O(s) to copy the sections.
  public var flowModel: FlowLayoutModel {
    FlowLayoutModel(
      collectionView: collectionView, layout: layout.flowConfiguration(in: collectionView),
      sections: sections)
  }

  /// How many columns fit the current bounds (at least one).
  ///
  /// - Complexity: O(1).
  public var numberOfColumns: Int {
    // Clamped so that an absurd ratio converts without trapping.
    Int(min(layout.columns(in: collectionView).count, 1e15))
  }

  /// Rejects bad input, naming the field as the layout file spells it: what FLOW-28 rejects,
  /// a column width that is not positive, and a section that sizes its items or insets itself
  /// (the column flow derives both).
  ///
  /// - Complexity: O(n) for sections with one size per item (rejected at the first), O(s)
  ///   otherwise.
  public func validate() throws(LayoutError) {
    try layout.validate(field: "layout")
    for (index, section) in sections.enumerated() {
      let field = "sections[\(index)]"
      switch section.itemSizing {
      case .fixed(_, .some):
        throw LayoutError(
          field: "\(field).itemSize", "a column flow derives item sizes from the bounds")
      case .perItem, .fixedWithExceptions:
        throw LayoutError(
          field: "\(field).itemSizes", "a column flow derives item sizes from the bounds")
      case .fixed: break
      }
      if section.sectionInset != nil {
        throw LayoutError(
          field: "\(field).sectionInset", "a column flow derives section insets from its spacing")
      }
    }
    // Everything else — environment, counts, per-section overrides — as any flow layout.
    try flowModel.validate()
  }
}
