/// What a layout file describes: one kind of layout (`LayoutKind`) with its model.
public enum LayoutFileContent: Hashable, Sendable {
  case flow(FlowLayoutModel)
  case columnFlow(ColumnFlowLayoutModel)
  case mosaic(MosaicLayoutModel)

  /// The file's `layout.kind`.
  ///
  /// - Complexity: O(1).
  public var kind: LayoutKind {
    switch self {
    case .flow: .flow
    case .columnFlow: .columnFlow
    case .mosaic: .mosaic
    }
  }

  /// The collection view the layout is for.
  ///
  /// - Complexity: O(1).
  public var collectionView: CollectionViewEnvironment {
    switch self {
    case .flow(let model): model.collectionView
    case .columnFlow(let model): model.collectionView
    case .mosaic(let model): model.collectionView
    }
  }
}
