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

/// The work of `FlowLayoutModel.applying(_:)`: validation first, then the new sections.
private struct BatchApplication {
  let model: FlowLayoutModel
  let batch: BatchUpdate

  /// One item on its way to the new model: its size, and where it was before the batch.
  struct Item {
    var size: CGSize
    var oldIndex: Int?
  }

  mutating func apply() throws(LayoutError) -> (model: FlowLayoutModel, changes: FlowSectionChanges)
  {
    let oldCount = model.sections.count

    // Sections deleted (before the batch).
    var deletedSections = Set<Int>()
    for (index, section) in batch.deleteSections.enumerated() {
      let field = "deleteSections[\(index)]"
      guard (0..<oldCount).contains(section) else {
        throw LayoutError(field: field, "section \(section) does not exist (there are \(oldCount))")
      }
      guard deletedSections.insert(section).inserted else {
        throw LayoutError(field: field, "section \(section) is named twice")
      }
    }

    // Items removed or reloaded (before the batch).
    var removed = Set<LayoutIndexPath>()
    var reloaded = Set<LayoutIndexPath>()
    func checkOld(_ path: LayoutIndexPath, _ field: String) throws(LayoutError) {
      guard (0..<oldCount).contains(path.section),
        (0..<model.sections[path.section].numberOfItems).contains(path.item)
      else { throw LayoutError(field: field, "\(path) does not exist before the batch") }
      if deletedSections.contains(path.section) {
        throw LayoutError(
          field: field, "\(path) is in section \(path.section), which the batch deletes")
      }
      if removed.contains(path) || reloaded.contains(path) {
        throw LayoutError(field: field, "\(path) is named twice")
      }
    }
    for (index, path) in batch.deleteItems.enumerated() {
      try checkOld(path, "deleteItems[\(index)]")
      removed.insert(path)
    }
    for (index, move) in batch.moveItems.enumerated() {
      try checkOld(move.from, "moveItems[\(index)].from")
      removed.insert(move.from)
    }
    for (index, path) in batch.reloadItems.enumerated() {
      try checkOld(path, "reloadItems[\(index)]")
      reloaded.insert(path)
    }

    var removedBySection = [Int: [Int]]()
    for path in removed { removedBySection[path.section, default: []].append(path.item) }

    // Sections after the batch: inserted ones at their indexes, survivors in order.
    let newCount = oldCount - deletedSections.count + batch.insertSections.count
    var origins = [Int?](repeating: nil, count: newCount)  // old index, nil for inserted
    var insertedAt = [Int: FlowSection]()
    for (index, insertion) in batch.insertSections.enumerated() {
      let field = "insertSections[\(index)].at"
      guard (0..<newCount).contains(insertion.at) else {
        throw LayoutError(
          field: field,
          "section \(insertion.at) does not exist after the batch (there will be \(newCount))")
      }
      guard insertedAt[insertion.at] == nil else {
        throw LayoutError(field: field, "section \(insertion.at) is named twice")
      }
      try insertion.section.validate(field: "insertSections[\(index)].section")
      insertedAt[insertion.at] = insertion.section
    }
    var survivors = (0..<oldCount).filter { !deletedSections.contains($0) }.makeIterator()
    for index in 0..<newCount where insertedAt[index] == nil { origins[index] = survivors.next() }

    // Items arriving (after the batch): insertions and move destinations.
    var arriving = [Int: [(item: Int, entry: Item)]]()  // new section → arrivals
    var arrivingPaths = Set<LayoutIndexPath>()
    func checkNewSection(_ path: LayoutIndexPath, _ field: String) throws(LayoutError) {
      guard (0..<newCount).contains(path.section) else {
        throw LayoutError(
          field: field,
          "\(path) does not exist after the batch (there will be \(newCount) sections)")
      }
      if insertedAt[path.section] != nil {
        throw LayoutError(
          field: field,
          "\(path) is in section \(path.section), which the batch inserts with its items")
      }
      guard arrivingPaths.insert(path).inserted else {
        throw LayoutError(field: field, "\(path) is named twice")
      }
    }
    for (index, insertion) in batch.insertItems.enumerated() {
      let field = "insertItems[\(index)]"
      try checkNewSection(insertion.at, "\(field).at")
      let oldSection = model.sections[origins[insertion.at.section]!]
      let size: CGSize
      if let given = insertion.size {
        try checkSize(given, "\(field).size")
        size = given
      } else if case .fixed(_, let itemSize) = oldSection.itemSizing {
        size = itemSize ?? model.layout.itemSize
      } else {
        throw LayoutError(
          field: "\(field).size",
          "is required: section \(insertion.at.section) gives one size per item")
      }
      arriving[insertion.at.section, default: []].append(
        (insertion.at.item, Item(size: size, oldIndex: nil)))
    }
    for (index, move) in batch.moveItems.enumerated() {
      try checkNewSection(move.to, "moveItems[\(index)].to")
      let size = model.sections[move.from.section].itemSize(
        at: move.from.item, layout: model.layout)
      arriving[move.to.section, default: []].append((move.to.item, Item(size: size, oldIndex: nil)))
    }

    // Build the new sections.
    var sections: [FlowSection] = []
    var changes: [FlowSectionChanges.Origin] = []
    sections.reserveCapacity(newCount)
    for newIndex in 0..<newCount {
      guard let old = origins[newIndex] else {
        sections.append(insertedAt[newIndex]!)
        changes.append(.inserted)
        continue
      }
      let oldSection = model.sections[old]
      let oldItems = oldSection.numberOfItems
      let removedHere = removedBySection[old] ?? []
      let arrivals = (arriving[newIndex] ?? []).sorted { $0.item < $1.item }
      let finalCount = oldItems - removedHere.count + arrivals.count
      for arrival in arrivals where arrival.item < 0 || arrival.item >= finalCount {
        throw LayoutError(
          field: fieldNaming(LayoutIndexPath(item: arrival.item, section: newIndex)),
          "[\(newIndex), \(arrival.item)] does not exist after the batch (section \(newIndex) will have \(finalCount) items)"
        )
      }
      if removedHere.isEmpty && arrivals.isEmpty {
        sections.append(oldSection)
        changes.append(
          .existing(old: old, firstChangedItem: nil, lastChangedItem: -1, itemDelta: 0))
        continue
      }
      // Survivors in order, arrivals at their indexes (lowest first).
      let removedSet = Set(removedHere)
      var sizes = ContiguousArray<CGSize>()
      sizes.reserveCapacity(finalCount)
      var nextOld = 0
      var arrivalIterator = arrivals.makeIterator()
      var nextArrival = arrivalIterator.next()
      for position in 0..<finalCount {
        if let arrival = nextArrival, arrival.item == position {
          sizes.append(arrival.entry.size)
          nextArrival = arrivalIterator.next()
          continue
        }
        while removedSet.contains(nextOld) { nextOld += 1 }
        sizes.append(oldSection.itemSize(at: nextOld, layout: model.layout))
        nextOld += 1
      }
      var section = oldSection
      section.setItemSizes(sizes, layout: model.layout)
      sections.append(section)
      let delta = finalCount - oldItems
      let firstChanged = min(removedHere.min() ?? Int.max, arrivals.first?.item ?? Int.max)
      let lastChanged = max((removedHere.max() ?? Int.min) + delta, arrivals.last?.item ?? Int.min)
      changes.append(
        .existing(
          old: old, firstChangedItem: firstChanged, lastChangedItem: lastChanged, itemDelta: delta))
    }

    // Resizes (after the batch).
    var resized = Set<LayoutIndexPath>()
    for (index, resize) in batch.resizeItems.enumerated() {
      let field = "resizeItems[\(index)]"
      let path = resize.at
      guard (0..<newCount).contains(path.section),
        (0..<sections[path.section].numberOfItems).contains(path.item)
      else { throw LayoutError(field: "\(field).at", "\(path) does not exist after the batch") }
      guard resized.insert(path).inserted else {
        throw LayoutError(field: "\(field).at", "\(path) is named twice")
      }
      try checkSize(resize.size, "\(field).size")
      sections[path.section].setItemSize(resize.size, at: path.item, layout: model.layout)
      if case .existing(let old, let first, let last, let delta) = changes[path.section] {
        changes[path.section] = .existing(
          old: old, firstChangedItem: min(first ?? Int.max, path.item),
          lastChangedItem: max(last, path.item), itemDelta: delta)
      }
    }

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
        field: "batch",
        "the layout would hold more than \(LayoutLimits.maximumNumberOfSections) sections")
    }
    if result.numberOfItems > LayoutLimits.maximumNumberOfItems {
      throw LayoutError(
        field: "batch", "the layout would hold more than \(LayoutLimits.maximumNumberOfItems) items"
      )
    }
    return (
      result,
      FlowSectionChanges(
        sections: changes,
        structureChanged: !batch.deleteSections.isEmpty || !batch.insertSections.isEmpty)
    )
  }

  /// The batch field that names an arriving index path, for errors found after grouping.
  func fieldNaming(_ path: LayoutIndexPath) -> String {
    if let index = batch.insertItems.firstIndex(where: { $0.at == path }) {
      return "insertItems[\(index)].at"
    }
    if let index = batch.moveItems.firstIndex(where: { $0.to == path }) {
      return "moveItems[\(index)].to"
    }
    return "batch"
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
