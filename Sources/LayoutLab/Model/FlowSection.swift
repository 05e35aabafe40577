import Foundation

/// One section of a flow layout: its items' sizes and the delegate's per-section overrides
/// (FLOW-3). A `nil` override means "use the layout's value".
public struct FlowSection: Hashable, Sendable {
  /// How the delegate sizes the section's items (`sizeForItemAt`).
  public enum ItemSizing: Hashable, Sendable {
    /// `count` items of one size: `itemSize`, or the layout's `itemSize` when `nil`.
    case fixed(count: Int, itemSize: CGSize?)
    /// `count` items of one size, as `.fixed`, but for the items `exceptions` names (sorted by
    /// item, each named once), which have their own: what a batch makes of a `.fixed` section
    /// when it resizes a few of its items, so that resizing one item of a million keeps one
    /// size and one exception rather than a million sizes. Mixed (FLOW-8) unless every
    /// exception has the one size; laid out exactly as the same sizes given per item.
    case fixedWithExceptions(
      count: Int, itemSize: CGSize?, exceptions: ContiguousArray<SizeException>)
    /// One size per item. With estimated sizes, these are the sizes cells report when measured.
    case perItem(ContiguousArray<CGSize>)
  }

  public var itemSizing: ItemSizing
  public var sectionInset: EdgeInsets?
  public var minimumInteritemSpacing: CGFloat?
  public var minimumLineSpacing: CGFloat?
  public var headerReferenceSize: CGSize?
  public var footerReferenceSize: CGSize?

  public init(
    itemSizing: ItemSizing,
    sectionInset: EdgeInsets? = nil,
    minimumInteritemSpacing: CGFloat? = nil,
    minimumLineSpacing: CGFloat? = nil,
    headerReferenceSize: CGSize? = nil,
    footerReferenceSize: CGSize? = nil
  ) {
    self.itemSizing = itemSizing
    self.sectionInset = sectionInset
    self.minimumInteritemSpacing = minimumInteritemSpacing
    self.minimumLineSpacing = minimumLineSpacing
    self.headerReferenceSize = headerReferenceSize
    self.footerReferenceSize = footerReferenceSize
  }

  /// `count` items sized by the layout's (or `itemSize`'s) one size.
  public init(items count: Int, itemSize: CGSize? = nil) {
    self.init(itemSizing: .fixed(count: count, itemSize: itemSize))
  }

  /// One size per item.
  public init(itemSizes: [CGSize]) {
    self.init(itemSizing: .perItem(ContiguousArray(itemSizes)))
  }

  public var numberOfItems: Int {
    switch itemSizing {
    case .fixed(let count, _), .fixedWithExceptions(let count, _, _): count
    case .perItem(let sizes): sizes.count
    }
  }
}
