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

  /// The batch's lists and bounds, shared by copies until one is changed (copy on write): a
  /// batch rides inside an invalidation context through every layer of an update, and inline
  /// its seven lists cost seven retains and releases per copy where this costs one.
  private var storage: Storage

  public var deleteSections: [Int] {
    get { storage.entries.deleteSections }
    _modify { yield &uniqueEntries.deleteSections }
  }
  public var insertSections: [SectionInsertion] {
    get { storage.entries.insertSections }
    _modify { yield &uniqueEntries.insertSections }
  }
  public var deleteItems: [LayoutIndexPath] {
    get { storage.entries.deleteItems }
    _modify { yield &uniqueEntries.deleteItems }
  }
  public var insertItems: [ItemInsertion] {
    get { storage.entries.insertItems }
    _modify { yield &uniqueEntries.insertItems }
  }
  public var moveItems: [ItemMove] {
    get { storage.entries.moveItems }
    _modify { yield &uniqueEntries.moveItems }
  }
  /// Reloaded items keep their size: a reload changes no frame.
  public var reloadItems: [LayoutIndexPath] {
    get { storage.entries.reloadItems }
    _modify { yield &uniqueEntries.reloadItems }
  }
  /// The delegate's answer for these items changed.
  public var resizeItems: [ItemResize] {
    get { storage.entries.resizeItems }
    _modify { yield &uniqueEntries.resizeItems }
  }
  /// The collection view's new bounds size and content offset (a rotation, or a scroll when
  /// only the offset changes).
  public var boundsSize: CGSize? {
    get { storage.entries.boundsSize }
    _modify { yield &uniqueEntries.boundsSize }
  }
  public var contentOffset: CGPoint? {
    get { storage.entries.contentOffset }
    _modify { yield &uniqueEntries.contentOffset }
  }

  public init(
    deleteSections: [Int] = [], insertSections: [SectionInsertion] = [],
    deleteItems: [LayoutIndexPath] = [], insertItems: [ItemInsertion] = [],
    moveItems: [ItemMove] = [], reloadItems: [LayoutIndexPath] = [],
    resizeItems: [ItemResize] = [], boundsSize: CGSize? = nil, contentOffset: CGPoint? = nil
  ) {
    storage = Storage(
      Entries(
        deleteSections: deleteSections, insertSections: insertSections, deleteItems: deleteItems,
        insertItems: insertItems, moveItems: moveItems, reloadItems: reloadItems,
        resizeItems: resizeItems, boundsSize: boundsSize, contentOffset: contentOffset))
  }

  public static func == (a: BatchUpdate, b: BatchUpdate) -> Bool {
    a.storage === b.storage || a.storage.entries == b.storage.entries
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(storage.entries) }

  /// Every field of a batch.
  private struct Entries: Hashable, Sendable {
    var deleteSections: [Int]
    var insertSections: [SectionInsertion]
    var deleteItems: [LayoutIndexPath]
    var insertItems: [ItemInsertion]
    var moveItems: [ItemMove]
    var reloadItems: [LayoutIndexPath]
    var resizeItems: [ItemResize]
    var boundsSize: CGSize?
    var contentOffset: CGPoint?
  }

  /// A class only to be shared: its entries are changed only through `uniqueEntries`, when no
  /// other batch holds it, so a batch is as safe to send as its values.
  private final class Storage: @unchecked Sendable {
    // Unchecked: read shared, written only when unique (no access can overlap a write), so
    // the runtime's exclusivity check on every read would guard nothing.
    @exclusivity(unchecked) var entries: Entries
    init(_ entries: Entries) { self.entries = entries }
  }

  /// The entries, once this batch alone holds them.
  private var uniqueEntries: Entries {
    _read { yield storage.entries }
    _modify {
      if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.entries) }
      yield &storage.entries
    }
  }

  /// Whether the batch changes the data (anything but the bounds).
  public var changesData: Bool {
    !(deleteSections.isEmpty && insertSections.isEmpty && deleteItems.isEmpty
      && insertItems.isEmpty && moveItems.isEmpty && resizeItems.isEmpty)
  }
}
