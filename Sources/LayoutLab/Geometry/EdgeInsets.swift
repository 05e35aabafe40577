import Foundation

/// Insets from each edge of a rectangle, as UIKit's `UIEdgeInsets`: `(top, left, bottom, right)`.
public struct EdgeInsets: Hashable, Sendable {
  public var top: CGFloat
  public var left: CGFloat
  public var bottom: CGFloat
  public var right: CGFloat

  public init(top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  public static let zero = EdgeInsets()
}

extension CGRect {
  /// The rectangle shrunk by `insets` on each side (UIKit's `inset(by:)`); may become negative
  /// in size, which callers that care must check.
  func inset(by insets: EdgeInsets) -> CGRect {
    CGRect(
      x: minX + insets.left, y: minY + insets.top,
      width: width - insets.left - insets.right,
      height: height - insets.top - insets.bottom)
  }
}
