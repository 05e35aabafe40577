import Foundation

/// Everything a mosaic layout reads: the collection view and the item count of its one section.
///
/// Of the environment only the bounds width shapes the frames, as in Apple's sample: it ignores
/// insets, margins, the display scale (its own integral arithmetic replaces pixel rounding) and
/// the layout direction.
public struct MosaicLayoutModel: Hashable, Sendable {
  public var collectionView: CollectionViewEnvironment
  /// The items of section 0, the only section.
  public var numberOfItems: Int

  public init(collectionView: CollectionViewEnvironment, numberOfItems: Int) {
    self.collectionView = collectionView
    self.numberOfItems = numberOfItems
  }

  /// Rejects a bad environment (FLOW-28) and an impossible item count, naming the field as the
  /// layout file spells it.
  ///
  /// - Complexity: O(1).
  public func validate() throws(LayoutError) {
    try collectionView.validate(field: "collectionView")
    if numberOfItems < 0 {
      throw LayoutError(field: "sections[0].items", "\(numberOfItems) is negative")
    }
    if numberOfItems > LayoutLimits.maximumNumberOfItems {
      throw LayoutError(
        field: "sections[0].items",
        "\(numberOfItems) is more than the \(LayoutLimits.maximumNumberOfItems) items a layout may hold"
      )
    }
  }
}
