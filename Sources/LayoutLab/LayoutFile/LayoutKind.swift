/// Which layout a layout file describes: its `layout.kind` key, `flow` when absent.
public enum LayoutKind: String, Hashable, Sendable, CaseIterable {
  /// `UICollectionViewFlowLayout` (docs/LayoutFileFormat.md).
  case flow
  /// `ColumnFlowLayout`: a flow layout whose item size follows the bounds.
  case columnFlow
  /// `MosaicLayout`: one section of segments 200 points tall.
  case mosaic
}
