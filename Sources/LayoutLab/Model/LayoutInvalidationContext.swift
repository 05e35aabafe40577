import Foundation

/// What changed since the layout was last prepared (`UICollectionViewLayoutInvalidationContext`).
/// A strategy recomputes no more than the context requires; a simple one may recompute
/// everything.
public struct LayoutInvalidationContext: Hashable, Sendable {
  /// Everything may have changed: data, metrics and environment (`invalidateLayout()`).
  public var invalidateEverything: Bool
  /// The collection view's new bounds (a rotation, a resize or a scroll), if they changed.
  public var newBounds: CGRect?

  public init(invalidateEverything: Bool = false, newBounds: CGRect? = nil) {
    self.invalidateEverything = invalidateEverything
    self.newBounds = newBounds
  }

  public static let everything = LayoutInvalidationContext(invalidateEverything: true)

  /// The context for moving or resizing the bounds (`invalidationContext(forBoundsChange:)`).
  public static func boundsChange(_ newBounds: CGRect) -> LayoutInvalidationContext {
    LayoutInvalidationContext(newBounds: newBounds)
  }
}
