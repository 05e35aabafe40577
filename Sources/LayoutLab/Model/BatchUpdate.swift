import Foundation

/// What one `performBatchUpdates` call does to a flow layout's data (docs/LayoutFileFormat.md, "Updates
/// file"). Deletions, reloads and move sources name index paths *before* the batch; insertions,
/// move destinations and resizes name them *after* it.
public struct BatchUpdate: Hashable, Sendable {
  public struct SectionInsertion: Hashable, Sendable {
    public var at: Int
    public var section: FlowSection
    public init(at: Int, section: FlowSection) {
      self.at = at
      self.section = section
    }
  }

  public struct ItemInsertion: Hashable, Sendable {
    public var at: LayoutIndexPath
    /// The new item's size; may be omitted in a section that gives one size for all its items.
    public var size: CGSize?
    public init(at: LayoutIndexPath, size: CGSize? = nil) {
      self.at = at
      self.size = size
    }
  }

  public struct ItemMove: Hashable, Sendable {
    public var from: LayoutIndexPath
    public var to: LayoutIndexPath
    public init(from: LayoutIndexPath, to: LayoutIndexPath) {
      self.from = from
      self.to = to
    }
  }

  public struct ItemResize: Hashable, Sendable {
    public var at: LayoutIndexPath
    public var size: CGSize
    public init(at: LayoutIndexPath, size: CGSize) {
      self.at = at
      self.size = size
    }
  }

  public var deleteSections: [Int] = []
  public var insertSections: [SectionInsertion] = []
  public var deleteItems: [LayoutIndexPath] = []
  public var insertItems: [ItemInsertion] = []
  public var moveItems: [ItemMove] = []
  /// Reloaded items keep their size: a reload changes no frame.
  public var reloadItems: [LayoutIndexPath] = []
  /// The delegate's answer for these items changed.
  public var resizeItems: [ItemResize] = []
  /// The collection view's new bounds size and content offset (a rotation, or a scroll when
  /// only the offset changes).
  public var boundsSize: CGSize?
  public var contentOffset: CGPoint?

  public init(
    deleteSections: [Int] = [], insertSections: [SectionInsertion] = [],
    deleteItems: [LayoutIndexPath] = [], insertItems: [ItemInsertion] = [],
    moveItems: [ItemMove] = [], reloadItems: [LayoutIndexPath] = [],
    resizeItems: [ItemResize] = [], boundsSize: CGSize? = nil, contentOffset: CGPoint? = nil
  ) {
    self.deleteSections = deleteSections
    self.insertSections = insertSections
    self.deleteItems = deleteItems
    self.insertItems = insertItems
    self.moveItems = moveItems
    self.reloadItems = reloadItems
    self.resizeItems = resizeItems
    self.boundsSize = boundsSize
    self.contentOffset = contentOffset
  }

  /// Whether the batch changes the data (anything but the bounds).
  public var changesData: Bool {
    !(deleteSections.isEmpty && insertSections.isEmpty && deleteItems.isEmpty
      && insertItems.isEmpty && moveItems.isEmpty && resizeItems.isEmpty)
  }
}
