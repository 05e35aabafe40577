import Foundation

/// FLOW-25: what a change of the collection view's bounds does to a flow layout.
public enum FlowBoundsChange: Hashable, Sendable {
  /// Nothing a flow layout reads changed.
  case none
  /// Only the scroll-axis origin or size changed: FLOW-24's `V` moves, so pinned headers and
  /// footers move; no other frame changes.
  case scroll
  /// The cross-axis size or origin changed (a rotation, a resize), or the bounds became empty
  /// or stopped being so (FLOW-5): everything is laid out again.
  case relayout

  init(from model: FlowLayoutModel, to newBounds: CGRect) {
    let old = model.collectionView.bounds
    let vertical = model.layout.scrollDirection == .vertical
    let crossChanged =
      vertical
      ? (old.width != newBounds.width || old.minX != newBounds.minX)
      : (old.height != newBounds.height || old.minY != newBounds.minY)
    let emptinessChanged =
      (old.width == 0 || old.height == 0) != (newBounds.width == 0 || newBounds.height == 0)
    if crossChanged || emptinessChanged {
      self = .relayout
    } else if old != newBounds {
      self = .scroll
    } else {
      self = .none
    }
  }
}

extension CollectionViewEnvironment {
  /// The environment with `newBounds`, or an error naming the bad field (FLOW-28).
  func withBounds(_ newBounds: CGRect) throws(LayoutError) -> CollectionViewEnvironment {
    var environment = self
    environment.bounds = newBounds
    try environment.validate(field: "collectionView")
    return environment
  }
}
