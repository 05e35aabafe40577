import Foundation

extension FlowLayoutModel {
  /// The model after `batch`, with UIKit's rules: deletions (highest index first) before
  /// insertions (lowest index first); deletions, reloads and move sources name index paths
  /// before the batch, insertions, move destinations and resizes after it.
  ///
  /// Throws — naming the offending entry, e.g. `deleteItems[1]: [2, 9] does not exist` — if
  /// the batch names an index path or section that does not exist on its side of the batch,
  /// names one twice, or carries a bad size; `self` is never modified.
  ///
  /// - Complexity: O(k log k) for the k index paths it names, plus O(items) for each section
  ///   of one size per item it changes (O(1) for a section that keeps one size), plus O(s) —
  ///   for a new array of sections; `apply(_:)` changes a model's own without it.
  public func applying(
    _ batch: BatchUpdate
  ) throws(LayoutError) -> (model: FlowLayoutModel, changes: FlowSectionChanges) {
    var builder = BatchApplication(model: self, batch: batch)
    return try builder.apply()
  }
}

extension BatchUpdate {
  /// Whether the batch only resizes items: every section and item stays where it was.
  var onlyResizesItems: Bool {
    deleteSections.isEmpty && insertSections.isEmpty && deleteItems.isEmpty
      && insertItems.isEmpty && moveItems.isEmpty && reloadItems.isEmpty && boundsSize == nil
      && contentOffset == nil
  }
}

extension FlowLayoutModel {
  /// Throws what `applying(_:)` throws for a batch of `resizes` alone, in its order: an item
  /// that does not exist, one named twice, a bad size.
  ///
  /// - Complexity: O(k) for k resizes.
  func checkResizes(_ resizes: [BatchUpdate.ItemResize]) throws(LayoutError) {
    guard !resizes.isEmpty else { return }
    if resizes.count == 1 {
      // One resize cannot name an item twice: no set to allocate (a cell measuring itself, a
      // one-item batch).
      try BatchApplication.checkResizedItem(resizes[0], 0, sections: sections)
      return try BatchApplication.checkResizedSize(resizes[0], 0)
    }
    var resized = Set<LayoutIndexPath>(minimumCapacity: resizes.count)
    for (index, resize) in resizes.enumerated() {
      try BatchApplication.checkResize(
        resize, index, sections: sections, resized: &resized)
    }
  }

  /// Writes checked `resizes` into the sections, in place, and returns the sections they
  /// changed.
  ///
  /// - Complexity: O(k log k) for k resizes, plus O(items) of a section of one size that gets
  ///   a size of its own.
  mutating func applyCheckedResizes(_ resizes: [BatchUpdate.ItemResize]) -> FlowSectionChanges {
    if resizes.count == 1 {
      // One item: nothing to sort or merge, and the change holds its one entry inline.
      let path = resizes[0].at
      sections[path.section].setItemSize(resizes[0].size, at: path.item, layout: layout)
      return FlowSectionChanges(
        sectionCount: sections.count,
        changed: FlowSectionChanges.ChangedItems(
          section: path.section, first: path.item, last: path.item))
    }
    var changed: [FlowSectionChanges.ChangedItems] = []
    changed.reserveCapacity(resizes.count)
    for resize in resizes {
      let path = resize.at
      sections[path.section].setItemSize(resize.size, at: path.item, layout: layout)
      changed.append(.init(section: path.section, first: path.item, last: path.item))
    }
    changed.sort { $0.section < $1.section }
    // One entry per section, covering its changed items.
    var merged: [FlowSectionChanges.ChangedItems] = []
    merged.reserveCapacity(changed.count)
    for entry in changed {
      if let last = merged.last, last.section == entry.section {
        merged[merged.count - 1].first = min(last.first, entry.first)
        merged[merged.count - 1].last = max(last.last, entry.last)
      } else {
        merged.append(entry)
      }
    }
    return FlowSectionChanges(sectionCount: sections.count, changed: merged)
  }
}

/// The work of `FlowLayoutModel.applying(_:)`, in the order UIKit checks a batch: what goes
/// (before the batch), then where sections and items land (after it), then the new sections,
/// resizes and bounds. Each step reads what the steps before it found.
///
/// The items a batch names are kept in flat arrays, sorted once, not in sets and dictionaries
/// of arrays: a batch of k item changes over many sections costs O(k log k) plus one merge pass
/// per changed section, and allocates O(1) blocks plus one size array per changed section of
/// sizes per item. Sorting puts an index path named twice next to itself; only then — an
/// error — is a set built, to find the entry UIKit's order names.
struct BatchApplication {
  let model: FlowLayoutModel
  let batch: BatchUpdate

  var oldCount: Int { model.sections.count }
  /// Sections the batch deletes (before the batch).
  var deletedSections = Set<Int>()
  /// Items deleted or moved away (before the batch), by increasing index path once sorted.
  var removed: [LayoutIndexPath] = []
  /// The number of sections after the batch.
  var newCount = 0
  /// For each section after the batch, its index before it; nil for an inserted one.
  var origins: [Int?] = []
  var insertedAt = [Int: FlowSection]()
  /// Items arriving (insertions and move destinations, after the batch) with their sizes, by
  /// increasing index path once sorted.
  var arriving: [Arrival] = []
  /// The sections after the batch, and how each relates to the old ones.
  var sections: [FlowSection] = []
  var changes: [FlowSectionChanges.Origin] = []
  /// The changes of each section whose items changed far apart, span by span.
  var itemSpans = ContiguousArray<FlowSectionChanges.ChangedItemSpan>()
  /// Whether the batch keeps every section where it was (inserts and deletes none) and resizes
  /// nothing: then no array of every section is made, only the sections whose items it
  /// changes are edited, where they are (`SectionEdits`), and its changes are sparse
  /// (`changedItems`) — a batch of k item changes costs O(k log k) plus one merge pass per
  /// changed section, not O(s).
  let keepsSections: Bool
  /// With `keepsSections`: the sections the batch changes, by increasing index.
  var edited: [SectionEdit] = []
  var changedItems: [FlowSectionChanges.ChangedItems] = []

  /// Section `section` loses the items of `removed` and gains those of `arriving` up to
  /// `removedEnd` and `arrivalsEnd`, from where the edit before it ended (the lists are sorted
  /// by section): 24 bytes a changed section.
  struct SectionEdit {
    var section: Int
    var removedEnd: Int
    var arrivalsEnd: Int
  }

  /// What a batch that keeps every section where it was (`keepsSections`) changes, checked:
  /// what `FlowLayoutModel.apply(_:)` writes into its own arrays (`apply(to:)`), holding none
  /// of the model's.
  struct SectionEdits {
    var edited: [SectionEdit]
    var removed: [LayoutIndexPath]
    var arriving: [Arrival]
    var layout: FlowLayoutConfiguration
    var changes: FlowSectionChanges
    var collectionView: CollectionViewEnvironment
    /// The number of items after the batch, where it was added up or known before it.
    var numberOfItems: Int?

    /// Writes the batch into `model`, the one it was checked against: its sections edited in
    /// place, its bounds, and its number of items where known.
    func apply(to model: inout FlowLayoutModel) {
      apply(to: &model.sections)
      model.collectionView = collectionView
      // After the sections, whose change resets it.
      model.knownNumberOfItems = numberOfItems
    }

    /// Edits `sections`, the model's before the batch, in place: each changed section's sizes
    /// merged once, no section copied.
    private func apply(to sections: inout [FlowSection]) {
      var (removedStart, arrivalsStart) = (0, 0)
      for edit in edited {
        sections[edit.section].edit(
          removing: removed[removedStart..<edit.removedEnd],
          inserting: arriving[arrivalsStart..<edit.arrivalsEnd], layout: layout)
        (removedStart, arrivalsStart) = (edit.removedEnd, edit.arrivalsEnd)
      }
    }
  }

  struct Arrival {
    var at: LayoutIndexPath
    var size: CGSize
  }

  init(model: FlowLayoutModel, batch: BatchUpdate) {
    self.model = model
    self.batch = batch
    keepsSections = Self.keepsSections(batch)
  }

  /// See `keepsSections`.
  static func keepsSections(_ batch: BatchUpdate) -> Bool {
    batch.deleteSections.isEmpty && batch.insertSections.isEmpty && batch.resizeItems.isEmpty
  }

  /// `model`'s sections after `batch`, which keeps every section where it was, checked as
  /// `apply()` checks them — in a function of its own, so that the application, which holds
  /// the model's arrays, has ended when the caller writes into them.
  static func edits(of model: FlowLayoutModel, by batch: BatchUpdate) throws(LayoutError)
    -> SectionEdits
  {
    var application = BatchApplication(model: model, batch: batch)
    precondition(application.keepsSections, "a batch that changes sections or resizes items")
    return try application.checkedEdits()
  }

  /// The checks and sections of `apply()`, for a batch that keeps its sections.
  private mutating func checkedEdits() throws(LayoutError) -> SectionEdits {
    try checkRemovedItems()
    try placeSections()
    try collectArrivingItems()
    try buildSections()
    let environment = try newCollectionView()
    // The sections' number is kept; the items' only needs adding up if it grows (O(1) where
    // the model knows it).
    let delta = arriving.count - removed.count
    var numberOfItems = model.knownNumberOfItems.map { $0 + delta }
    if delta > 0 {
      let total = model.numberOfItems + delta
      try checkItemLimit(total)
      numberOfItems = total
    }
    return SectionEdits(
      edited: edited, removed: removed, arriving: arriving, layout: model.layout,
      changes: FlowSectionChanges(
        sectionCount: oldCount, changed: changedItems, itemSpans: itemSpans),
      collectionView: environment, numberOfItems: numberOfItems)
  }

  mutating func apply() throws(LayoutError) -> (model: FlowLayoutModel, changes: FlowSectionChanges)
  {
    if keepsSections {
      let edits = try checkedEdits()
      var result = model
      edits.apply(to: &result)
      return (result, edits.changes)
    }
    try checkDeletedSections()
    try checkRemovedItems()
    try placeSections()
    try collectArrivingItems()
    try buildSections()
    try applyResizes()
    let result = try newModel()
    return (
      result,
      FlowSectionChanges(
        sections: changes,
        structureChanged: !batch.deleteSections.isEmpty || !batch.insertSections.isEmpty,
        itemSpans: itemSpans)
    )
  }

  /// `deleteSections`: each exists before the batch, once.
  mutating func checkDeletedSections() throws(LayoutError) {
    for (index, section) in batch.deleteSections.enumerated() {
      // Built only to report an error: no allocation per entry of a valid batch.
      func path() -> [LayoutError.PathComponent] { [.key("deleteSections"), .index(index)] }
      guard (0..<oldCount).contains(section) else {
        throw LayoutError(path: path(), "section \(section) does not exist (there are \(oldCount))")
      }
      guard deletedSections.insert(section).inserted else {
        throw LayoutError(path: path(), "section \(section) is named twice")
      }
    }
  }

  /// The entries that name items before the batch — `deleteItems`, `moveItems` sources,
  /// `reloadItems` — in the order they are checked, and the field of entry `position`.
  var namedBefore: (paths: [LayoutIndexPath], field: (Int) -> [LayoutError.PathComponent]) {
    let (deletes, moves) = (batch.deleteItems.count, batch.moveItems.count)
    let paths = batch.deleteItems + batch.moveItems.map(\.from) + batch.reloadItems
    return (
      paths,
      { position in
        if position < deletes { return [.key("deleteItems"), .index(position)] }
        if position < deletes + moves {
          return [.key("moveItems"), .index(position - deletes), .key("from")]
        }
        return [.key("reloadItems"), .index(position - deletes - moves)]
      }
    )
  }

  /// The entries that name items after the batch — `insertItems`, then `moveItems`
  /// destinations — in the order they are checked, and the field of entry `position`.
  var namedAfter: (paths: [LayoutIndexPath], field: (Int) -> [LayoutError.PathComponent]) {
    let inserts = batch.insertItems.count
    return (
      batch.insertItems.map(\.at) + batch.moveItems.map(\.to),
      { position in
        position < inserts
          ? [.key("insertItems"), .index(position), .key("at")]
          : [.key("moveItems"), .index(position - inserts), .key("to")]
      }
    )
  }

  /// The error UIKit's order reports when entry `failed` of `named` (all of them when nil)
  /// fails, or when sorting found a path named twice: the first entry that repeats an earlier
  /// one, if it comes no later than `failed`; otherwise `error`. Error path only.
  static func firstError(
    _ named: (paths: [LayoutIndexPath], field: (Int) -> [LayoutError.PathComponent]),
    failed: Int?, _ error: LayoutError?
  ) -> LayoutError {
    var seen = Set<LayoutIndexPath>()
    let end = failed.map { $0 + 1 } ?? named.paths.count
    for (position, path) in named.paths.prefix(end).enumerated()
    where !seen.insert(path).inserted {
      return LayoutError(path: named.field(position), "\(path) is named twice")
    }
    return error ?? LayoutError(path: [.key("batch")], "an index path is named twice")
  }

  /// Whether sorted `paths` hold one twice.
  static func hasRepeat(_ paths: [LayoutIndexPath]) -> Bool {
    paths.indices.dropFirst().contains { paths[$0] == paths[$0 - 1] }
  }

  /// `deleteItems`, `moveItems` sources and `reloadItems`: each exists before the batch, outside
  /// the deleted sections, once among all three.
  mutating func checkRemovedItems() throws(LayoutError) {
    removed.reserveCapacity(batch.deleteItems.count + batch.moveItems.count)
    // The entry being checked, in `namedBefore`'s order.
    var position = 0
    do throws(LayoutError) {
      for (index, path) in batch.deleteItems.enumerated() {
        position = index
        try checkOld(path, [.key("deleteItems"), .index(index)])
        removed.append(path)
      }
      for (index, move) in batch.moveItems.enumerated() {
        position = batch.deleteItems.count + index
        try checkOld(move.from, [.key("moveItems"), .index(index), .key("from")])
        removed.append(move.from)
      }
      for (index, path) in batch.reloadItems.enumerated() {
        position = batch.deleteItems.count + batch.moveItems.count + index
        try checkOld(path, [.key("reloadItems"), .index(index)])
      }
    } catch {
      throw Self.firstError(namedBefore, failed: position, error)
    }
    removed.sort()
    // Reloaded items are only checked: named once among the three lists.
    let repeated: Bool
    if batch.reloadItems.isEmpty {
      repeated = Self.hasRepeat(removed)
    } else {
      repeated = Self.hasRepeat((removed + batch.reloadItems).sorted())
    }
    if repeated { throw Self.firstError(namedBefore, failed: nil, nil) }
  }

  /// Item `path` exists before the batch, outside the deleted sections. `field` is built only
  /// to report an error: a valid batch allocates nothing per entry.
  func checkOld(
    _ path: LayoutIndexPath, _ field: @autoclosure () -> [LayoutError.PathComponent]
  ) throws(LayoutError) {
    guard (0..<oldCount).contains(path.section),
      (0..<model.sections[path.section].numberOfItems).contains(path.item)
    else { throw LayoutError(path: field(), "\(path) does not exist before the batch") }
    if !deletedSections.isEmpty && deletedSections.contains(path.section) {
      throw LayoutError(
        path: field(), "\(path) is in section \(path.section), which the batch deletes")
    }
  }

  /// Sections after the batch: inserted ones at their indexes, survivors in order between them.
  mutating func placeSections() throws(LayoutError) {
    newCount = oldCount - deletedSections.count + batch.insertSections.count
    // Every section where it was: no list of them (`origin(ofNew:)`).
    if keepsSections { return }
    origins = [Int?](repeating: nil, count: newCount)
    for (index, insertion) in batch.insertSections.enumerated() {
      let field: [LayoutError.PathComponent] = [.key("insertSections"), .index(index), .key("at")]
      guard (0..<newCount).contains(insertion.at) else {
        throw LayoutError(
          path: field,
          "section \(insertion.at) does not exist after the batch (there will be \(newCount))")
      }
      guard insertedAt[insertion.at] == nil else {
        throw LayoutError(path: field, "section \(insertion.at) is named twice")
      }
      try insertion.section.validate(field: "insertSections[\(index)].section")
      insertedAt[insertion.at] = insertion.section
    }
    // Survivors in order: the counts match, as every inserted index is distinct.
    var survivor = 0
    for index in 0..<newCount where insertedAt.isEmpty || insertedAt[index] == nil {
      while !deletedSections.isEmpty && deletedSections.contains(survivor) { survivor += 1 }
      guard survivor < oldCount else { break }
      origins[index] = survivor
      survivor += 1
    }
  }

  /// `insertItems` and `moveItems` destinations (after the batch), with their sizes, sorted.
  /// Whether each index fits its section is checked when the section is built.
  mutating func collectArrivingItems() throws(LayoutError) {
    arriving.reserveCapacity(batch.insertItems.count + batch.moveItems.count)
    // The entry being checked, in `namedAfter`'s order.
    var position = 0
    do throws(LayoutError) {
      for (index, insertion) in batch.insertItems.enumerated() {
        position = index
        try checkNewSection(insertion.at, [.key("insertItems"), .index(index), .key("at")])
        // `checkNewSection` found the section among the survivors.
        guard let old = origin(ofNew: insertion.at.section) else { continue }
        let size: CGSize
        if let given = insertion.size {
          try checkSize(given, "insertItems[\(index)].size")
          size = given
        } else if case .fixed(_, let itemSize) = model.sections[old].itemSizing {
          size = itemSize ?? model.layout.itemSize
        } else {
          throw LayoutError(
            field: "insertItems[\(index)].size",
            "is required: section \(insertion.at.section) gives one size per item")
        }
        arriving.append(Arrival(at: insertion.at, size: size))
      }
      for (index, move) in batch.moveItems.enumerated() {
        position = batch.insertItems.count + index
        try checkNewSection(move.to, [.key("moveItems"), .index(index), .key("to")])
        let size = model.sections[move.from.section].itemSize(
          at: move.from.item, layout: model.layout)
        arriving.append(Arrival(at: move.to, size: size))
      }
    } catch {
      throw Self.firstError(namedAfter, failed: position, error)
    }
    arriving.sort { $0.at < $1.at }
    if arriving.indices.dropFirst().contains(where: { arriving[$0].at == arriving[$0 - 1].at }) {
      throw Self.firstError(namedAfter, failed: nil, nil)
    }
  }

  /// Index path `path` is in a section after the batch that the batch does not insert.
  func checkNewSection(
    _ path: LayoutIndexPath, _ field: @autoclosure () -> [LayoutError.PathComponent]
  ) throws(LayoutError) {
    guard (0..<newCount).contains(path.section) else {
      throw LayoutError(
        path: field(),
        "\(path) does not exist after the batch (there will be \(newCount) sections)")
    }
    // `placeSections` left nil only where it inserted a section.
    if origin(ofNew: path.section) == nil {
      throw LayoutError(
        path: field(),
        "\(path) is in section \(path.section), which the batch inserts with its items")
    }
  }

  /// Section `index`'s index before the batch; nil for a section it inserts.
  func origin(ofNew index: Int) -> Int? { keepsSections ? index : origins[index] }

  /// The sections after the batch: inserted ones as given, untouched ones as they were, the
  /// others rebuilt from their survivors and arrivals — one walk of the sorted removals and
  /// arrivals, section by section. With `keepsSections`, only the sections those name.
  mutating func buildSections() throws(LayoutError) {
    if keepsSections { return try buildChangedSections() }
    sections.reserveCapacity(newCount)
    changes.reserveCapacity(newCount)
    var (nextRemoved, nextArrival) = (0, 0)
    for newIndex in 0..<newCount {
      guard let old = origins[newIndex] else {
        if let inserted = insertedAt[newIndex] { sections.append(inserted) }
        changes.append(.inserted)
        continue
      }
      // Removals are in surviving sections (`checkOld`), whose old indexes grow with the new.
      let firstRemoved = nextRemoved
      while nextRemoved < removed.count && removed[nextRemoved].section == old { nextRemoved += 1 }
      let firstArrival = nextArrival
      while nextArrival < arriving.count && arriving[nextArrival].at.section == newIndex {
        nextArrival += 1
      }
      try rebuildSection(
        old: old, at: newIndex, removedItems: removed[firstRemoved..<nextRemoved],
        arrivals: arriving[firstArrival..<nextArrival])
    }
  }

  /// `buildSections()` for a batch that keeps every section where it was: the sections that
  /// lose or gain items, in increasing order, as the walk over all of them meets them (so the
  /// same first error).
  mutating func buildChangedSections() throws(LayoutError) {
    // At most a section per removal or arrival: one block each, not one per doubling.
    let bound = min(oldCount, removed.count + arriving.count)
    edited.reserveCapacity(bound)
    changedItems.reserveCapacity(bound)
    var (nextRemoved, nextArrival) = (0, 0)
    while nextRemoved < removed.count || nextArrival < arriving.count {
      let index = min(
        nextRemoved < removed.count ? removed[nextRemoved].section : Int.max,
        nextArrival < arriving.count ? arriving[nextArrival].at.section : Int.max)
      let firstRemoved = nextRemoved
      while nextRemoved < removed.count && removed[nextRemoved].section == index {
        nextRemoved += 1
      }
      let firstArrival = nextArrival
      while nextArrival < arriving.count && arriving[nextArrival].at.section == index {
        nextArrival += 1
      }
      let (removedItems, arrivals) = (
        removed[firstRemoved..<nextRemoved], arriving[firstArrival..<nextArrival]
      )
      let oldItems = model.sections[index].numberOfItems
      try checkArrivals(arrivals, inSection: index, oldItems: oldItems, removing: removedItems)
      if !FlowSection.keepsOneSize(model.sections[index].itemSizing, arrivals, model.layout) {
        appendChangedSpans(of: index, removedItems, arrivals)
      }
      edited.append(SectionEdit(section: index, removedEnd: nextRemoved, arrivalsEnd: nextArrival))
      changedItems.append(
        Self.changedItems(of: index, oldItems: oldItems, removedItems, arrivals))
    }
  }

  /// Each of `arrivals` lands in section `newIndex` after the batch, of `oldItems` items before
  /// it less `removedItems`.
  func checkArrivals(
    _ arrivals: ArraySlice<Arrival>, inSection newIndex: Int, oldItems: Int,
    removing removedItems: ArraySlice<LayoutIndexPath>
  ) throws(LayoutError) {
    let finalCount = oldItems - removedItems.count + arrivals.count
    for arrival in arrivals where arrival.at.item < 0 || arrival.at.item >= finalCount {
      throw LayoutError(
        path: pathNaming(arrival.at),
        "[\(newIndex), \(arrival.at.item)] does not exist after the batch (section \(newIndex) will have \(finalCount) items)"
      )
    }
  }

  /// The items of section `newIndex` that `removedItems` and `arrivals` change, of `oldItems`
  /// before the batch: from the first to the last, in indexes after the batch, and the count
  /// change.
  static func changedItems(
    of newIndex: Int, oldItems: Int, _ removedItems: ArraySlice<LayoutIndexPath>,
    _ arrivals: ArraySlice<Arrival>
  ) -> FlowSectionChanges.ChangedItems {
    let delta = arrivals.count - removedItems.count
    let firstChanged = min(
      removedItems.first?.item ?? Int.max, arrivals.first?.at.item ?? Int.max)
    let lastChanged = max(
      (removedItems.last?.item ?? Int.min) + delta, arrivals.last?.at.item ?? Int.min)
    return .init(section: newIndex, first: firstChanged, last: lastChanged, itemDelta: delta)
  }

  /// Section `old`, which is `newIndex` after the batch, without `removedItems` (sorted) and
  /// with `arrivals` (sorted) at their places, appended to `sections` and `changes`.
  mutating func rebuildSection(
    old: Int, at newIndex: Int, removedItems: ArraySlice<LayoutIndexPath>,
    arrivals: ArraySlice<Arrival>
  ) throws(LayoutError) {
    let oldSection = model.sections[old]
    let oldItems = oldSection.numberOfItems
    try checkArrivals(arrivals, inSection: newIndex, oldItems: oldItems, removing: removedItems)
    if removedItems.isEmpty && arrivals.isEmpty {
      sections.append(oldSection)
      changes.append(.existing(old: old, firstChangedItem: nil, lastChangedItem: -1, itemDelta: 0))
      return
    }
    var section = oldSection
    section.edit(removing: removedItems, inserting: arrivals, layout: model.layout)
    if !FlowSection.keepsOneSize(oldSection.itemSizing, arrivals, model.layout) {
      appendChangedSpans(of: newIndex, removedItems, arrivals)
    }
    sections.append(section)
    changes.append(
      Self.changedItems(of: newIndex, oldItems: oldItems, removedItems, arrivals).origin(old: old))
  }

  /// The spans of section `section`'s changes (`FlowSectionChanges.ChangedItemSpan`), appended
  /// to `itemSpans` if there are two or more: one walk of the sorted removals (indexes before
  /// the batch) and arrivals (after it), in the order of where they land after the batch.
  mutating func appendChangedSpans(
    of section: Int, _ removedItems: ArraySlice<LayoutIndexPath>, _ arrivals: ArraySlice<Arrival>
  ) {
    // A single change is one span.
    guard removedItems.count + arrivals.count >= 2 else { return }
    // One block for the batch's spans, at most one per removal or arrival.
    if itemSpans.capacity == 0 { itemSpans.reserveCapacity(removed.count + arriving.count) }
    removedItems.withUnsafeBufferPointer { removed in
      arrivals.withUnsafeBufferPointer { arrivals in
        Self.appendSpans(of: section, removed, arrivals, to: &itemSpans)
      }
    }
  }

  /// `appendChangedSpans`' walk, over buffers: the slices' bounds checks and `self`'s array
  /// accessed through `self` cost it twice as many instructions a change.
  private static func appendSpans(
    of section: Int, _ removed: UnsafeBufferPointer<LayoutIndexPath>,
    _ arrivals: UnsafeBufferPointer<Arrival>,
    to spans: inout ContiguousArray<FlowSectionChanges.ChangedItemSpan>
  ) {
    let start = spans.count
    var span = FlowSectionChanges.ChangedItemSpan(section: section, first: 0, last: 0, itemDelta: 0)
    var isOpen = false
    var delta = 0
    var (nextRemoved, nextArrival) = (0, 0)
    while nextRemoved < removed.count || nextArrival < arrivals.count {
      let (first, last): (Int, Int)
      // A removal lands where its old index lands: shifted by the count change so far.
      if nextArrival < arrivals.count
        && (nextRemoved == removed.count
          || arrivals[nextArrival].at.item <= removed[nextRemoved].item + delta)
      {
        first = arrivals[nextArrival].at.item
        last = first
        delta += 1
        nextArrival += 1
      } else {
        // No item changed: the old one after it now follows the items before.
        first = removed[nextRemoved].item + delta
        last = first - 1
        delta -= 1
        nextRemoved += 1
      }
      if isOpen && first - span.last <= FlowSectionChanges.ChangedItemSpan.gap {
        span.last = max(span.last, last)
      } else {
        if isOpen { spans.append(span) }
        (span.first, span.last, isOpen) = (first, last, true)
      }
      span.itemDelta = delta
    }
    if spans.count > start { spans.append(span) }
  }

  /// `resizeItems` (after the batch): each exists in the new sections, once.
  mutating func applyResizes() throws(LayoutError) {
    var resized = Set<LayoutIndexPath>()
    // A section with a resize too is one range (its spans are dropped).
    defer {
      if !resized.isEmpty && !itemSpans.isEmpty {
        let sections = Set(resized.map(\.section))
        itemSpans.removeAll { sections.contains($0.section) }
      }
    }
    for (index, resize) in batch.resizeItems.enumerated() {
      try Self.checkResize(resize, index, sections: sections, resized: &resized)
      let path = resize.at
      sections[path.section].setItemSize(resize.size, at: path.item, layout: model.layout)
      if case .existing(let old, let first, let last, let delta) = changes[path.section] {
        changes[path.section] = .existing(
          old: old, firstChangedItem: min(first ?? Int.max, path.item),
          lastChangedItem: max(last, path.item), itemDelta: delta)
      }
    }
  }

  /// Resize `index` of a batch names an item of `sections` (after the batch) not named
  /// before it in `resized`, with a good size.
  static func checkResize(
    _ resize: BatchUpdate.ItemResize, _ index: Int, sections: [FlowSection],
    resized: inout Set<LayoutIndexPath>
  ) throws(LayoutError) {
    try checkResizedItem(resize, index, sections: sections)
    guard resized.insert(resize.at).inserted else {
      throw LayoutError(
        path: [.key("resizeItems"), .index(index), .key("at")], "\(resize.at) is named twice")
    }
    try checkResizedSize(resize, index)
  }

  /// Resize `index` names an item of `sections` (after the batch): `checkResize`'s first check.
  static func checkResizedItem(
    _ resize: BatchUpdate.ItemResize, _ index: Int, sections: [FlowSection]
  ) throws(LayoutError) {
    let path = resize.at
    guard (0..<sections.count).contains(path.section),
      (0..<sections[path.section].numberOfItems).contains(path.item)
    else {
      throw LayoutError(
        path: [.key("resizeItems"), .index(index), .key("at")],
        "\(path) does not exist after the batch")
    }
  }

  /// Resize `index` carries a good size: `checkResize`'s last check.
  static func checkResizedSize(_ resize: BatchUpdate.ItemResize, _ index: Int) throws(LayoutError) {
    try checkSize(resize.size, "resizeItems[\(index)].size")
  }

  /// The model with the new sections and bounds, within the layout's limits.
  func newModel() throws(LayoutError) -> FlowLayoutModel {
    var result = model
    result.sections = sections
    result.collectionView = try newCollectionView()
    // Everything the batch brought in was validated above, and the rest was valid before:
    // only the item and section limits are left to check, in O(s) rather than validating every item again.
    if result.sections.count > LayoutLimits.maximumNumberOfSections {
      throw LayoutError(
        path: [.key("batch")],
        "the layout would hold more than \(LayoutLimits.maximumNumberOfSections) sections")
    }
    try checkItemLimit(result.numberOfItems)
    return result
  }

  /// The collection view with the batch's bounds size and content offset, checked.
  func newCollectionView() throws(LayoutError) -> CollectionViewEnvironment {
    var result = model.collectionView
    if let size = batch.boundsSize {
      try checkSize(size, "bounds.size")
      result.bounds.size = size
    }
    if let offset = batch.contentOffset {
      try checkOffset(offset.x, "bounds.contentOffset.x")
      try checkOffset(offset.y, "bounds.contentOffset.y")
      result.contentOffset = offset
    }
    return result
  }

  /// FLOW-28's limit on the items of the model after the batch, `count` of them.
  func checkItemLimit(_ count: Int) throws(LayoutError) {
    if count > LayoutLimits.maximumNumberOfItems {
      throw LayoutError(
        path: [.key("batch")],
        "the layout would hold more than \(LayoutLimits.maximumNumberOfItems) items")
    }
  }

  /// The batch entry that names an arriving index path, for errors found after grouping.
  func pathNaming(_ path: LayoutIndexPath) -> [LayoutError.PathComponent] {
    if let index = batch.insertItems.firstIndex(where: { $0.at == path }) {
      return [.key("insertItems"), .index(index), .key("at")]
    }
    if let index = batch.moveItems.firstIndex(where: { $0.to == path }) {
      return [.key("moveItems"), .index(index), .key("to")]
    }
    return [.key("batch")]
  }
}

extension FlowSection {
  /// The size the delegate gives item `item`.
  func itemSize(at item: Int, layout: FlowLayoutConfiguration) -> CGSize {
    switch itemSizing {
    case .fixed(_, let itemSize): itemSize ?? layout.itemSize
    case .fixedWithExceptions(_, let itemSize, let exceptions):
      exceptions.size(of: item, fixed: itemSize ?? layout.itemSize)
    case .perItem(let sizes): sizes[item]
    }
  }

  /// Replaces the items' sizes, keeping one size for the section when they are all its size,
  /// or all but a few (`fixedWithExceptions`).
  mutating func setItemSizes(_ sizes: ContiguousArray<CGSize>, layout: FlowLayoutConfiguration) {
    switch itemSizing {
    case .fixed(_, let itemSize), .fixedWithExceptions(_, let itemSize, _):
      itemSizing = Self.fixedSizing(sizes, itemSize: itemSize, layout: layout)
    case .perItem: itemSizing = .perItem(sizes)
    }
  }

  /// Appends the sizes of `items` to `sizes`.
  ///
  /// - Complexity: O(items.count), a copy of a slice for one size per item.
  func appendItemSizes(
    _ items: Range<Int>, to sizes: inout ContiguousArray<CGSize>, layout: FlowLayoutConfiguration
  ) {
    switch itemSizing {
    case .fixed(_, let itemSize):
      sizes.append(contentsOf: repeatElement(itemSize ?? layout.itemSize, count: items.count))
    case .fixedWithExceptions(_, let itemSize, let exceptions):
      let first = sizes.count
      sizes.append(contentsOf: repeatElement(itemSize ?? layout.itemSize, count: items.count))
      var index = exceptions.index(atOrAfter: items.lowerBound)
      while index < exceptions.count && exceptions[index].item < items.upperBound {
        sizes[first + exceptions[index].item - items.lowerBound] = exceptions[index].size
        index += 1
      }
    case .perItem(let own): sizes.append(contentsOf: own[items])
    }
  }

  /// Changes one item's size.
  mutating func setItemSize(_ size: CGSize, at item: Int, layout: FlowLayoutConfiguration) {
    switch itemSizing {
    case .fixed(let count, let itemSize):
      if size == itemSize ?? layout.itemSize { return }
      var exceptions = ContiguousArray<SizeException>()
      setExceptionalSize(size, at: item, count: count, itemSize: itemSize, &exceptions, layout)
    case .fixedWithExceptions(let count, let itemSize, var exceptions):
      itemSizing = .fixed(count: 0, itemSize: nil)  // release the array, as below
      setExceptionalSize(size, at: item, count: count, itemSize: itemSize, &exceptions, layout)
    case .perItem(var sizes):
      itemSizing = .perItem([])  // release the array so the write below does not copy it
      sizes[item] = size
      itemSizing = .perItem(sizes)
    }
  }
}

extension FlowSection {
  /// Whether a section sized by `sizing` keeps one size for all its items when `arrivals` join
  /// it: it has one, and every arrival has it.
  static func keepsOneSize(
    _ sizing: ItemSizing, _ arrivals: ArraySlice<BatchApplication.Arrival>,
    _ layout: FlowLayoutConfiguration
  ) -> Bool {
    guard case .fixed(_, let itemSize) = sizing else { return false }
    return arrivals.allSatisfy { $0.size == itemSize ?? layout.itemSize }
  }

  /// The section without `removedItems` (its own, sorted) and with `arrivals` (sorted) at
  /// their places.
  ///
  /// - Complexity: O(1) where it keeps one size (`keepsOneSize`); else one merge pass over its
  ///   items.
  mutating func edit(
    removing removedItems: ArraySlice<LayoutIndexPath>,
    inserting arrivals: ArraySlice<BatchApplication.Arrival>, layout: FlowLayoutConfiguration
  ) {
    let finalCount = numberOfItems - removedItems.count + arrivals.count
    if Self.keepsOneSize(itemSizing, arrivals, layout), case .fixed(_, let itemSize) = itemSizing {
      // Every item keeps the section's one size: only the count changes, no size is written.
      // (A uniform section is laid out again whole, in O(1) lines: no spans.)
      itemSizing = .fixed(count: finalCount, itemSize: itemSize)
    } else if case .perItem(var sizes) = itemSizing {
      // In the section's own array (released first, so that the edit does not copy it): only
      // the sizes after the first change move.
      itemSizing = .perItem([])
      Self.merge(into: &sizes, removing: removedItems, inserting: arrivals)
      itemSizing = .perItem(sizes)
    } else {
      setItemSizes(mergedSizes(removedItems, arrivals, finalCount, layout), layout: layout)
    }
  }

  /// `sizes` without `removedItems` (sorted, in range) and with `arrivals` (sorted, their
  /// final places in range), in place: the survivors after the first removal move down over
  /// the removed ones, a stretch at a time, then those after the first arrival move up to
  /// their final places from the last back, making room for the arrivals.
  ///
  /// - Complexity: O(sizes after the first change), as two memory moves at most — no pass
  ///   over the sizes before it, and no new array unless the arrivals outgrow its capacity.
  private static func merge(
    into sizes: inout ContiguousArray<CGSize>, removing removedItems: ArraySlice<LayoutIndexPath>,
    inserting arrivals: ArraySlice<BatchApplication.Arrival>
  ) {
    let stride = MemoryLayout<CGSize>.stride
    if let firstRemoved = removedItems.first?.item {
      let count = sizes.count
      sizes.withUnsafeMutableBytes { bytes in
        guard let base = bytes.baseAddress else { return }
        // The survivors after removal `read` move to `write`: each stretch up to the next
        // removal (or the end).
        var (write, read) = (firstRemoved, firstRemoved)
        var next = removedItems.startIndex + 1
        while true {
          let removed = next < removedItems.endIndex ? removedItems[next].item : count
          let survivors = removed - read - 1
          precondition(survivors >= 0 && removed <= count, "removals out of order")
          if survivors > 0 {
            (base + write * stride).copyMemory(
              from: base + (read + 1) * stride, byteCount: survivors * stride)
          }
          write += survivors
          read = removed
          guard next < removedItems.endIndex else { break }
          next += 1
        }
      }
      sizes.removeLast(removedItems.count)
    }
    guard !arrivals.isEmpty else { return }
    let survivors = sizes.count
    sizes.append(contentsOf: repeatElement(CGSize.zero, count: arrivals.count))
    let finalCount = sizes.count
    sizes.withUnsafeMutableBytes { bytes in
      guard let base = bytes.baseAddress else { return }
      // From the last arrival back: the survivors after it move to just after its place.
      var (write, read) = (finalCount, survivors)
      for arrival in arrivals.reversed() {
        let place = arrival.at.item
        let after = write - place - 1
        precondition(after >= 0 && read - after >= 0, "arrivals out of order")
        if after > 0 {
          (base + (place + 1) * stride).copyMemory(
            from: base + (read - after) * stride, byteCount: after * stride)
        }
        read -= after
        base.storeBytes(of: arrival.size, toByteOffset: place * stride, as: CGSize.self)
        write = place
      }
    }
  }

  /// The section's sizes without `removedItems` (sorted) and with `arrivals` (sorted) at their
  /// places: one merge pass, copying the survivors between two removals or arrivals as one
  /// slice, with no lookup per item.
  private func mergedSizes(
    _ removedItems: ArraySlice<LayoutIndexPath>, _ arrivals: ArraySlice<BatchApplication.Arrival>,
    _ finalCount: Int, _ layout: FlowLayoutConfiguration
  ) -> ContiguousArray<CGSize> {
    let oldItems = numberOfItems
    var sizes = ContiguousArray<CGSize>()
    sizes.reserveCapacity(finalCount)
    var (nextOld, nextRemoved, nextArrival) = (0, removedItems.startIndex, arrivals.startIndex)
    while sizes.count < finalCount {
      if nextArrival < arrivals.endIndex && arrivals[nextArrival].at.item == sizes.count {
        sizes.append(arrivals[nextArrival].size)
        nextArrival += 1
        continue
      }
      while nextRemoved < removedItems.endIndex && removedItems[nextRemoved].item == nextOld {
        nextRemoved += 1
        nextOld += 1
      }
      // Survivors up to the next removal, or as many as fit before the next arrival.
      let untilRemoval =
        (nextRemoved < removedItems.endIndex ? removedItems[nextRemoved].item : oldItems) - nextOld
      let untilArrival =
        (nextArrival < arrivals.endIndex ? arrivals[nextArrival].at.item : finalCount)
        - sizes.count
      let count = min(untilRemoval, untilArrival)
      // Counts add up (finalCount = survivors + arrivals), so a step always copies something.
      precondition(count > 0, "a section's survivors and arrivals do not add up")
      appendItemSizes(nextOld..<(nextOld + count), to: &sizes, layout: layout)
      nextOld += count
    }
    return sizes
  }
}
