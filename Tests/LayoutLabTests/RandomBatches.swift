import BenchmarkDatasets
import Foundation
import LayoutLab

extension RandomLayouts {
  /// A valid batch for `model`, mixing every kind of change: section deletions and insertions,
  /// item deletions, insertions, moves, reloads and resizes, and sometimes a bounds change —
  /// weighted towards the first and last items and sections, and sometimes emptying a section.
  mutating func batch(for model: FlowLayoutModel) -> BatchUpdate {
    var batch = BatchUpdate()
    let sectionCount = model.sections.count

    // Before the batch: deletions, move sources, reloads.
    var deletedSections = Set<Int>()
    if sectionCount > 0 && chance(0.2) {
      deletedSections.insert(
        chance(0.5) ? pick([0, sectionCount - 1]) : random.nextIndex(below: sectionCount))
    }
    batch.deleteSections = deletedSections.sorted(by: { _, _ in chance(0.5) })
    var removedPerSection = [Int](repeating: 0, count: sectionCount)
    var moveSources: [LayoutIndexPath] = []
    for section in 0..<sectionCount where !deletedSections.contains(section) {
      let count = model.sections[section].numberOfItems
      guard count > 0 else { continue }
      var taken = Set<Int>()
      if chance(0.1) {
        taken = Set(0..<count)  // empty the section
      } else {
        for _ in 0..<random.nextInt(in: 0...2) where chance(0.5) {
          taken.insert(chance(0.4) ? pick([0, count - 1]) : random.nextIndex(below: count))
        }
      }
      // In order: a `Set`'s iteration order changes from process to process (hashing is seeded
      // per process), and a replayed seed must draw the same batch.
      for item in taken.sorted() {
        let path = LayoutIndexPath(item: item, section: section)
        if chance(0.25) { moveSources.append(path) } else { batch.deleteItems.append(path) }
      }
      removedPerSection[section] = taken.count
      let left = (0..<count).filter { !taken.contains($0) }
      if let reload = left.first, chance(0.2) {
        batch.reloadItems.append(LayoutIndexPath(item: reload, section: section))
      }
    }

    // After the batch: section layout.
    let inserted = chance(0.2) ? random.nextInt(in: 1...2) : 0
    let newCount = sectionCount - deletedSections.count + inserted
    var insertedAt = Set<Int>()
    while insertedAt.count < inserted {
      insertedAt.insert(
        chance(0.4) ? pick([0, newCount - 1]) : random.nextIndex(below: newCount))
    }
    for at in insertedAt.sorted() {
      batch.insertSections.append(
        BatchUpdate.SectionInsertion(at: at, section: FlowSection(items: random.nextInt(in: 0...6)))
      )
    }
    var survivors = (0..<sectionCount).filter { !deletedSections.contains($0) }.makeIterator()
    var oldOf = [Int?](repeating: nil, count: newCount)
    for index in 0..<newCount where !insertedAt.contains(index) { oldOf[index] = survivors.next() }
    let targets = (0..<newCount).filter { oldOf[$0] != nil }

    // Arrivals: insertions and move destinations, in sections that existed before.
    var arrivals = [Int: Int]()  // new section → number arriving
    var arrivalKinds: [(section: Int, move: LayoutIndexPath?)] = []
    if !targets.isEmpty {
      for source in moveSources {
        let section = pick(targets)
        arrivals[section, default: 0] += 1
        arrivalKinds.append((section, source))
      }
      for _ in 0..<random.nextInt(in: 0...3) where chance(0.6) {
        let section = pick(targets)
        arrivals[section, default: 0] += 1
        arrivalKinds.append((section, nil))
      }
    } else {
      // No section to move into: the sources become deletions.
      batch.deleteItems += moveSources
    }
    var freeSlots = [Int: [Int]]()
    for section in targets {
      let old = oldOf[section]!
      let final =
        model.sections[old].numberOfItems - removedPerSection[old] + arrivals[section, default: 0]
      var slots = Array(0..<final)
      // Shuffle deterministically, preferring the ends now and then.
      for index in slots.indices.reversed() where index > 0 {
        slots.swapAt(index, random.nextInt(in: 0...index))
      }
      freeSlots[section] = slots
    }
    for (section, source) in arrivalKinds {
      let item = freeSlots[section]!.removeLast()
      let at = LayoutIndexPath(item: item, section: section)
      if let source {
        batch.moveItems.append(BatchUpdate.ItemMove(from: source, to: at))
      } else {
        let section = model.sections[oldOf[section]!]
        var size: CGSize? = chance(0.5) ? itemSize() : nil
        // Only a section of one size gives an inserted item that size.
        var takesOneSize = false
        if case .fixed = section.itemSizing { takesOneSize = true }
        if !takesOneSize && size == nil { size = itemSize() }
        batch.insertItems.append(BatchUpdate.ItemInsertion(at: at, size: size))
      }
    }

    // Resizes name items after the batch.
    if let (after, _) = try? model.applying(batch) {
      let nonEmpty = after.sections.indices.filter { after.sections[$0].numberOfItems > 0 }
      var resized = Set<LayoutIndexPath>()
      for _ in 0..<random.nextInt(in: 0...3) where !nonEmpty.isEmpty && chance(0.7) {
        let section = pick(nonEmpty)
        let count = after.sections[section].numberOfItems
        let item = chance(0.4) ? pick([0, count - 1]) : random.nextIndex(below: count)
        let path = LayoutIndexPath(item: item, section: section)
        if resized.insert(path).inserted {
          batch.resizeItems.append(BatchUpdate.ItemResize(at: path, size: itemSize()))
        }
      }
    }
    if chance(0.15) { batch.contentOffset = CGPoint(x: 0, y: length(2_000) - 100) }
    if chance(0.08) { batch.boundsSize = CGSize(width: 40 + length(700), height: 40 + length(800)) }
    return batch
  }
}
