import Foundation

/// The direction in which a collection view's content reads (UIKit's
/// `UIUserInterfaceLayoutDirection`).
public enum LayoutDirection: String, Hashable, Sendable, CaseIterable {
  case leftToRight
  case rightToLeft
}

/// FLOW-1: what a collection view tells its layout about itself.
public struct CollectionViewEnvironment: Hashable, Sendable {
  /// The visible region in content coordinates: its origin is the content offset.
  public var bounds: CGRect
  /// The content inset after the system's adjustments (`adjustedContentInset`).
  public var adjustedContentInset: EdgeInsets
  public var safeAreaInsets: EdgeInsets
  public var layoutMargins: EdgeInsets
  /// Points to pixels (`traitCollection.displayScale`); `0` turns pixel rounding off (FLOW-21).
  public var displayScale: CGFloat
  public var layoutDirection: LayoutDirection

  public init(
    size: CGSize,
    contentOffset: CGPoint = .zero,
    adjustedContentInset: EdgeInsets = .zero,
    safeAreaInsets: EdgeInsets = .zero,
    layoutMargins: EdgeInsets = .zero,
    displayScale: CGFloat = 3,
    layoutDirection: LayoutDirection = .leftToRight
  ) {
    self.bounds = CGRect(origin: contentOffset, size: size)
    self.adjustedContentInset = adjustedContentInset
    self.safeAreaInsets = safeAreaInsets
    self.layoutMargins = layoutMargins
    self.displayScale = displayScale
    self.layoutDirection = layoutDirection
  }

  public var contentOffset: CGPoint {
    get { bounds.origin }
    set { bounds.origin = newValue }
  }

  /// FLOW-24's `V`: the bounds inset by the adjusted content inset.
  public var visibleContentRect: CGRect { bounds.inset(by: adjustedContentInset) }
}
