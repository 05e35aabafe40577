import Foundation

/// The axis along which a flow layout scrolls (`UICollectionView.ScrollDirection`).
public enum ScrollDirection: String, Hashable, Sendable, CaseIterable {
  case vertical
  case horizontal
}

/// What section insets are measured from (`UICollectionViewFlowLayout.SectionInsetReference`).
public enum SectionInsetReference: String, Hashable, Sendable, CaseIterable {
  case fromContentInset
  case fromSafeArea
  case fromLayoutMargins
}

/// `estimatedItemSize`: off (`.zero`), a size, or UIKit's `automaticSize`.
public enum EstimatedItemSize: Hashable, Sendable {
  case size(CGSize)
  case automatic

  public static let none = EstimatedItemSize.size(.zero)

  /// FLOW-8: any estimate other than zero makes every section mixed.
  public var isEnabled: Bool {
    switch self {
    case .size(let size): size != .zero
    case .automatic: true
    }
  }
}

/// FLOW-2: the properties of a `UICollectionViewFlowLayout`, with UIKit's defaults.
public struct FlowLayoutConfiguration: Hashable, Sendable {
  public var itemSize = CGSize(width: 50, height: 50)
  public var minimumLineSpacing: CGFloat = 10
  public var minimumInteritemSpacing: CGFloat = 10
  public var sectionInset = EdgeInsets.zero
  public var headerReferenceSize = CGSize.zero
  public var footerReferenceSize = CGSize.zero
  public var estimatedItemSize = EstimatedItemSize.none
  public var scrollDirection = ScrollDirection.vertical
  public var sectionHeadersPinToVisibleBounds = false
  public var sectionFootersPinToVisibleBounds = false
  public var sectionInsetReference = SectionInsetReference.fromContentInset

  public init() {}
}
