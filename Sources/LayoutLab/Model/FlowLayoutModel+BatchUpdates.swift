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
  /// - Complexity: O(n) for the sections it touches; O(s) otherwise.
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
private struct BatchApplication {
  let model: FlowLayoutModel
  let batch: BatchUpdate

  var oldCount: Int { model.sections.count }
  /// Sections the batch deletes (before the batch).
  var deletedSections = Set<Int>()
  /// Items deleted or moved away (before the batch).
  var removed = Set<LayoutIndexPath>()
  /// Items reloaded (before the batch): named once, like removed ones.
  var reloaded = Set<LayoutIndexPath>()
  /// The number of sections after the batch.
  var newCount = 0
  /// For each section after the batch, its index before it; nil for an inserted one.
  var origins: [Int?] = []
  var insertedAt = [Int: FlowSection]()
  /// New section → items arriving in it (insertions and move destinations), unsorted.
  var arriving = [Int: [(item: Int, size: CGSize)]]()
  var arrivingPaths = Set<LayoutIndexPath>()
  /// The sections after the batch, and how each relates to the old ones.
  var sections: [FlowSection] = []
  var changes: [FlowSectionChanges.Origin] = []

  init(model: FlowLayoutModel, batch: BatchUpdate) {
    self.model = model
    self.batch = batch
  }

  mutating func apply() throws(LayoutError) -> (model: FlowLayoutModel, changes: FlowSectionChanges)
  {
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
        structureChanged: !batch.deleteSections.isEmpty || !batch.insertSections.isEmpty)
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

  /// `deleteItems`, `moveItems` sources and `reloadItems`: each exists before the batch, outside
  /// the deleted sections, once among all three.
  mutating func checkRemovedItems() throws(LayoutError) {
    for (index, path) in batch.deleteItems.enumerated() {
      try checkOld(path, [.key("deleteItems"), .index(index)])
      removed.insert(path)
    }
    for (index, move) in batch.moveItems.enumerated() {
      try checkOld(move.from, [.key("moveItems"), .index(index), .key("from")])
      removed.insert(move.from)
    }
    for (index, path) in batch.reloadItems.enumerated() {
      try checkOld(path, [.key("reloadItems"), .index(index)])
      reloaded.insert(path)
    }
  }

  /// `field` is built only to report an error: a valid batch allocates nothing per entry.
  func checkOld(
    _ path: LayoutIndexPath, _ field: @autoclosure () -> [LayoutError.PathComponent]
  ) throws(LayoutError) {
    guard (0..<oldCount).contains(path.section),
      (0..<model.sections[path.section].numberOfItems).contains(path.item)
    else { throw LayoutError(path: field(), "\(path) does not exist before the batch") }
    if deletedSections.contains(path.section) {
      throw LayoutError(
        path: field(), "\(path) is in section \(path.section), which the batch deletes")
    }
    if removed.contains(path) || reloaded.contains(path) {
      throw LayoutError(path: field(), "\(path) is named twice")
    }
  }

  /// Sections after the batch: inserted ones at their indexes, survivors in order between them.
  mutating func placeSections() throws(LayoutError) {
    newCount = oldCount - deletedSections.count + batch.insertSections.count
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
    var survivors = (0..<oldCount).filter { !deletedSections.contains($0) }.makeIterator()
    for index in 0..<newCount where insertedAt[index] == nil { origins[index] = survivors.next() }
  }

  /// `insertItems` and `moveItems` destinations (after the batch), with their sizes, grouped by
  /// section. Whether each index fits its section is checked when the section is built.
  mutating func collectArrivingItems() throws(LayoutError) {
    for (index, insertion) in batch.insertItems.enumerated() {
      try checkNewSection(insertion.at, [.key("insertItems"), .index(index), .key("at")])
      // `checkNewSection` found the section among the survivors.
      guard let old = origins[insertion.at.section] else { continue }
      let oldSection = model.sections[old]
      let size: CGSize
      if let given = insertion.size {
        try checkSize(given, "insertItems[\(index)].size")
        size = given
      } else if case .fixed(_, let itemSize) = oldSection.itemSizing {
        size = itemSize ?? model.layout.itemSize
      } else {
        throw LayoutError(
          field: "insertItems[\(index)].size",
          "is required: section \(insertion.at.section) gives one size per item")
      }
      arriving[insertion.at.section, default: []].append((insertion.at.item, size))
    }
    for (index, move) in batch.moveItems.enumerated() {
      try checkNewSection(move.to, [.key("moveItems"), .index(index), .key("to")])
      let size = model.sections[move.from.section].itemSize(
        at: move.from.item, layout: model.layout)
      arriving[move.to.section, default: []].append((move.to.item, size))
    }
  }

  mutating func checkNewSection(
    _ path: LayoutIndexPath, _ field: @autoclosure () -> [LayoutError.PathComponent]
  ) throws(LayoutError) {
    guard (0..<newCount).contains(path.section) else {
      throw LayoutError(
        path: field(),
        "\(path) does not exist after the batch (there will be \(newCount) sections)")
    }
    if insertedAt[path.section] != nil {
      throw LayoutError(
        path: field(),
        "\(path) is in section \(path.section), which the batch inserts with its items")
    }
    guard arrivingPaths.insert(path).inserted else {
      throw LayoutError(path: field(), "\(path) is named twice")
    }
  }

  /// The sections after the batch: inserted ones as given, untouched ones as they were, the
  /// others rebuilt from their survivors and arrivals.
  mutating func buildSections() throws(LayoutError) {
    var removedBySection = [Int: [Int]]()
    for path in removed { removedBySection[path.section, default: []].append(path.item) }
    sections.reserveCapacity(newCount)
    for newIndex in 0..<newCount {
      guard let old = origins[newIndex] else {
        // `placeSections` left nil only where it inserted a section.
        if let inserted = insertedAt[newIndex] { sections.append(inserted) }
        changes.append(.inserted)
        continue
      }
      try rebuildSection(
        old: old, at: newIndex, removedItems: removedBySection[old] ?? [],
        arrivals: (arriving[newIndex] ?? []).sorted { $0.item < $1.item })
    }
  }

  /// Section `old`, which is `newIndex` after the batch, without `removedItems` and with
  /// `arrivals` (sorted by index) at their places.
  mutating func rebuildSection(
    old: Int, at newIndex: Int, removedItems: [Int], arrivals: [(item: Int, size: CGSize)]
  ) throws(LayoutError) {
    let oldSection = model.sections[old]
    let oldItems = oldSection.numberOfItems
    let finalCount = oldItems - removedItems.count + arrivals.count
    for arrival in arrivals where arrival.item < 0 || arrival.item >= finalCount {
      throw LayoutError(
        path: pathNaming(LayoutIndexPath(item: arrival.item, section: newIndex)),
        "[\(newIndex), \(arrival.item)] does not exist after the batch (section \(newIndex) will have \(finalCount) items)"
      )
    }
    if removedItems.isEmpty && arrivals.isEmpty {
      sections.append(oldSection)
      changes.append(.existing(old: old, firstChangedItem: nil, lastChangedItem: -1, itemDelta: 0))
      return
    }
    // Survivors in order, arrivals at their indexes (lowest first): one merge pass, copying
    // the survivors between two removals or arrivals as one slice, with no lookup per item.
    var removed = removedItems
    removed.sortWithoutScratch()
    var sizes = ContiguousArray<CGSize>()
    sizes.reserveCapacity(finalCount)
    var (nextOld, nextRemoved, nextArrival) = (0, 0, 0)
    while sizes.count < finalCount {
      if nextArrival < arrivals.count && arrivals[nextArrival].item == sizes.count {
        sizes.append(arrivals[nextArrival].size)
        nextArrival += 1
        continue
      }
      while nextRemoved < removed.count && removed[nextRemoved] == nextOld {
        nextRemoved += 1
        nextOld += 1
      }
      // Survivors up to the next removal, or as many as fit before the next arrival.
      let untilRemoval = (nextRemoved < removed.count ? removed[nextRemoved] : oldItems) - nextOld
      let untilArrival =
        (nextArrival < arrivals.count ? arrivals[nextArrival].item : finalCount) - sizes.count
      let count = min(untilRemoval, untilArrival)
      // Counts add up (finalCount = survivors + arrivals), so a step always copies something.
      precondition(count > 0, "a section's survivors and arrivals do not add up")
      oldSection.appendItemSizes(nextOld..<(nextOld + count), to: &sizes, layout: model.layout)
      nextOld += count
    }
    var section = oldSection
    section.setItemSizes(sizes, layout: model.layout)
    sections.append(section)
    let delta = finalCount - oldItems
    let firstChanged = min(removedItems.min() ?? Int.max, arrivals.first?.item ?? Int.max)
    let lastChanged = max((removedItems.max() ?? Int.min) + delta, arrivals.last?.item ?? Int.min)
    changes.append(
      .existing(
        old: old, firstChangedItem: firstChanged, lastChangedItem: lastChanged, itemDelta: delta))
  }

  /// `resizeItems` (after the batch): each exists in the new sections, once.
  mutating func applyResizes() throws(LayoutError) {
    var resized = Set<LayoutIndexPath>()
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
    if let size = batch.boundsSize {
      try checkSize(size, "bounds.size")
      result.collectionView.bounds.size = size
    }
    if let offset = batch.contentOffset {
      try checkOffset(offset.x, "bounds.contentOffset.x")
      try checkOffset(offset.y, "bounds.contentOffset.y")
      result.collectionView.contentOffset = offset
    }
    // Everything the batch brought in was validated above, and the rest was valid before:
    // only the item and section limits are left to check, in O(s) rather than validating every item again.
    if result.sections.count > LayoutLimits.maximumNumberOfSections {
      throw LayoutError(
        path: [.key("batch")],
        "the layout would hold more than \(LayoutLimits.maximumNumberOfSections) sections")
    }
    if result.numberOfItems > LayoutLimits.maximumNumberOfItems {
      throw LayoutError(
        path: [.key("batch")],
        "the layout would hold more than \(LayoutLimits.maximumNumberOfItems) items")
    }
    return result
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
    case .perItem(let sizes): sizes[item]
    }
  }

  /// Replaces the items' sizes, keeping one size for the section when they are all its size.
  mutating func setItemSizes(_ sizes: ContiguousArray<CGSize>, layout: FlowLayoutConfiguration) {
    if case .fixed(_, let itemSize) = itemSizing,
      sizes.allSatisfy({ $0 == itemSize ?? layout.itemSize })
    {
      itemSizing = .fixed(count: sizes.count, itemSize: itemSize)
    } else {
      itemSizing = .perItem(sizes)
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
    case .perItem(let own): sizes.append(contentsOf: own[items])
    }
  }

  /// Changes one item's size.
  mutating func setItemSize(_ size: CGSize, at item: Int, layout: FlowLayoutConfiguration) {
    switch itemSizing {
    case .fixed(let count, let itemSize):
      let fixed = itemSize ?? layout.itemSize
      if size == fixed { return }
      var sizes = ContiguousArray(repeating: fixed, count: count)
      sizes[item] = size
      itemSizing = .perItem(sizes)
    case .perItem(var sizes):
      itemSizing = .perItem([])  // release the array so the write below does not copy it
      sizes[item] = size
      itemSizing = .perItem(sizes)
    }
  }
}

extension Array where Element == Int {
  /// Sorts in place without the scratch buffer `sort()` allocates (a heapsort): a batch
  /// update's allocations are counted exactly, and sorting a section's removals must not add
  /// one.
  ///
  /// - Complexity: O(n log n), no allocation.
  mutating func sortWithoutScratch() {
    guard count > 1 else { return }
    withUnsafeMutableBufferPointer { values in
      func siftDown(_ root: Int, _ end: Int) {
        var parent = root
        while true {
          var child = 2 * parent + 1
          guard child < end else { return }
          if child + 1 < end && values[child + 1] > values[child] { child += 1 }
          guard values[child] > values[parent] else { return }
          values.swapAt(child, parent)
          parent = child
        }
      }
      for root in stride(from: values.count / 2 - 1, through: 0, by: -1) {
        siftDown(root, values.count)
      }
      for end in stride(from: values.count - 1, to: 0, by: -1) {
        values.swapAt(0, end)
        siftDown(0, end)
      }
    }
  }
}
