import BenchmarkDatasets
import Foundation
import Testing

@testable import LayoutLab

/// A batch that inserts, deletes, moves or reloads items but keeps every section where it was
/// changes only the sections it names: the model's own array is written in place, the change
/// lists only those sections, and both equal UIKit's semantics worked out item by item here.
@Suite("Item batches in place")
struct ItemBatchInPlaceTests {
  /// Each section's item sizes after `batch`, from UIKit's rules applied literally: the items
  /// deleted and moved away (before the batch) go, then the arrivals (after it) go in at their
  /// indexes, lowest first.
  static func expectedSizes(of model: FlowLayoutModel, after batch: BatchUpdate) -> [[CGSize]] {
    var removed = Set(batch.deleteItems)
    removed.formUnion(batch.moveItems.map(\.from))
    var arrivals: [(at: LayoutIndexPath, size: CGSize)] = []
    for insertion in batch.insertItems {
      let section = model.sections[insertion.at.section]
      arrivals.append(
        (insertion.at, insertion.size ?? section.itemSize(at: 0, layout: model.layout)))
    }
    for move in batch.moveItems {
      let section = model.sections[move.from.section]
      arrivals.append((move.to, section.itemSize(at: move.from.item, layout: model.layout)))
    }
    arrivals.sort { $0.at < $1.at }
    var result: [[CGSize]] = model.sections.indices.map { index in
      let section = model.sections[index]
      return (0..<section.numberOfItems)
        .filter { !removed.contains(LayoutIndexPath(item: $0, section: index)) }
        .map { section.itemSize(at: $0, layout: model.layout) }
    }
    for arrival in arrivals { result[arrival.at.section].insert(arrival.size, at: arrival.at.item) }
    return result
  }

  static func sizes(of model: FlowLayoutModel) -> [[CGSize]] {
    model.sections.map { section in
      (0..<section.numberOfItems).map { section.itemSize(at: $0, layout: model.layout) }
    }
  }

  /// A generator of layouts of up to 12 sections, seeded with `seed`, which is printed.
  static func generator(_ seed: UInt64, _ name: String) -> RandomLayouts {
    print("\(name): seed \(seed)")
    var generator = RandomLayouts(seed: seed)
    generator.sectionCounts = 1...12
    return generator
  }

  @Test("random item batches: in place, sparse, equal to applying(_:) and to UIKit's rules")
  func randomItemBatches() throws {
    let seed: UInt64 = 0x17E4_BA7C
    var generator = Self.generator(seed, "item batches in place")
    var (checked, refused) = (0, 0)
    for index in 0..<150 {
      var model = generator.model()
      guard (try? model.validate()) != nil else { continue }
      for step in 0..<8 {
        var batch = generator.batch(for: model)
        guard batch.deleteSections.isEmpty, batch.insertSections.isEmpty else { continue }
        // Resizes make a batch take the general path.
        batch.resizeItems = []
        // Now and then an arrival past its section's end: refused, nothing changed.
        if generator.chance(0.1), !model.sections.isEmpty {
          let section = generator.random.nextIndex(below: model.sections.count)
          batch.insertItems.append(
            .init(
              at: LayoutIndexPath(
                item: model.sections[section].numberOfItems + 5, section: section),
              size: CGSize(width: 10, height: 10)))
        }
        let context = LayoutInvalidationContext.batch(batch)
        let expected = Result { () throws(LayoutError) in try model.applying(context) }
        var inPlace = model
        let storage = inPlace.sections.withUnsafeBufferPointer { $0.baseAddress }
        let change = Result { () throws(LayoutError) in try inPlace.apply(context) }
        let place = "seed \(seed), layout \(index), step \(step)"
        switch (expected, change) {
        case (.success(let (after, expectedChange)), .success(let change)):
          #expect(inPlace == after && change == expectedChange, "\(place)")
          #expect(Self.sizes(of: after) == Self.expectedSizes(of: model, after: batch), "\(place)")
          // The count both paths keep, where they know it.
          for counted in [after, inPlace] {
            #expect(counted.numberOfItems == Self.sizes(of: after).map(\.count).reduce(0, +))
          }
          // Written into the model's own array (held by `model` too: copied once, on write,
          // where any section changed), and only the sections with removals or arrivals named.
          let named = Set(
            (batch.deleteItems + batch.moveItems.map(\.from)).map(\.section)
              + (batch.insertItems.map(\.at) + batch.moveItems.map(\.to)).map(\.section))
          var visited: [Int] = []
          change.sections.forEachChange { section, _ in visited.append(section) }
          #expect(visited == named.sorted(), "\(place)")
          #expect(!change.sections.structureChanged, "\(place)")
          if named.isEmpty {
            #expect(inPlace.sections.withUnsafeBufferPointer { $0.baseAddress } == storage)
          }
          model = after
          checked += 1
        case (.failure(let error), .failure(let inPlaceError)):
          #expect(error == inPlaceError && inPlace == model, "\(place)")
          refused += 1
        default:
          Issue.record("\(place): one path refused, one not")
        }
      }
    }
    #expect(checked > 200 && refused > 20, "checked \(checked), refused \(refused)")
  }

  @Test("an item batch writes into the model's own array of sections, not a new one")
  func writesInPlace() throws {
    var model = Dataset.manySections.model(items: 10_000)
    // The model holds its arrays alone.
    model.sections = model.sections.map { $0 }
    let storage = model.sections.withUnsafeBufferPointer { $0.baseAddress }
    let path = LayoutIndexPath(item: 40, section: 57)
    let change = try model.apply(
      .batch(BatchUpdate(deleteItems: [path], insertItems: [.init(at: path)])))
    #expect(model.sections.withUnsafeBufferPointer { $0.baseAddress } == storage)
    var visited: [Int] = []
    change.sections.forEachChange { section, _ in visited.append(section) }
    #expect(visited == [57])
    _ = try model.apply(.batch(BatchUpdate(insertItems: [.init(at: path)])))
    #expect(model.sections.withUnsafeBufferPointer { $0.baseAddress } == storage)
    #expect(model.sections[57].numberOfItems == 101)
  }

  @Test("a bad bounds change after a good item batch keeps the model as it was")
  func refusedContextKeepsState() throws {
    let model = Dataset.mixedFeed.model(items: 3_000)
    var inPlace = model
    let path = LayoutIndexPath(item: 3, section: 1)
    var context = LayoutInvalidationContext.batch(
      BatchUpdate(
        deleteItems: [path], insertItems: [.init(at: path, size: CGSize(width: 5, height: 5))]))
    context.newBounds = CGRect(x: 0, y: 0, width: -1, height: 100)
    #expect(throws: LayoutError.self) { try inPlace.apply(context) }
    #expect(inPlace == model)
  }

  @Test("a model changed in place keeps its number of items, and FLOW-28's limit holds in O(1)")
  func numberOfItemsKept() throws {
    let seed: UInt64 = 0x17E4_C0DE
    var generator = Self.generator(seed, "items kept in place")
    var model = generator.model()
    while (try? model.validate()) == nil { model = generator.model() }
    var applied = 0
    for step in 0..<400 {
      var batch = generator.batch(for: model)
      guard batch.deleteSections.isEmpty, batch.insertSections.isEmpty else { continue }
      // Now and then resizes too (the model's resize path), alone or with the items.
      if generator.chance(0.7) { batch.resizeItems = [] }
      guard (try? model.apply(.batch(batch))) != nil else { continue }
      applied += 1
      let counted = model.sections.reduce(0) { $0 + $1.numberOfItems }
      #expect(model.numberOfItems == counted, "seed \(seed), step \(step)")
    }
    #expect(applied > 100, "\(applied) applied")

    // At FLOW-28's limit: one item more is refused, whether the model knows its count or not.
    let limit = LayoutLimits.maximumNumberOfItems
    var full = FlowLayoutModel(
      collectionView: model.collectionView,
      sections: [FlowSection(items: limit / 2), FlowSection(items: limit - limit / 2)])
    let first = LayoutIndexPath(item: 0, section: 1)
    let one = BatchUpdate(insertItems: [.init(at: first)])
    #expect(throws: LayoutError.self) { try full.apply(.batch(one)) }
    _ = try full.apply(.batch(BatchUpdate(deleteItems: [first])))
    // A batch that adds no items does not add them up.
    #expect(full.knownNumberOfItems == nil && full.numberOfItems == limit - 1)
    _ = try full.apply(.batch(one))
    // One that adds some did, and the model keeps the count.
    #expect(full.knownNumberOfItems == limit)
    let before = full
    #expect(throws: LayoutError.self) { try full.apply(.batch(one)) }
    #expect(full == before && full.numberOfItems == limit)
  }

  @Test(
    "item batches with cells measured in the same context: every strategy equals a fresh layout")
  func itemBatchesWithInvalidatedItems() throws {
    let seed: UInt64 = 0x17E4_5123
    var generator = Self.generator(seed, "item batches with invalidated items")
    var checked = 0
    for index in 0..<60 {
      var model = generator.model()
      guard (try? model.validate()) != nil else { continue }
      var layouts = try FlowStrategies.all.map { try FlowStrategies.make($0, model: model) }
      for i in layouts.indices { layouts[i].prepare() }
      for step in 0..<6 {
        var batch = generator.batch(for: model)
        guard batch.deleteSections.isEmpty, batch.insertSections.isEmpty else { continue }
        batch.resizeItems = []
        guard let after = try? model.applying(batch).model else { continue }
        // A cell or two measured after the batch: its change merged with the batch's, whose
        // spans in those sections are dropped.
        var context = LayoutInvalidationContext.batch(batch)
        let nonEmpty = after.sections.indices.filter { after.sections[$0].numberOfItems > 0 }
        for _ in 0..<(nonEmpty.isEmpty ? 0 : generator.random.nextInt(in: 1...2)) {
          let section = generator.pick(nonEmpty)
          let item = generator.random.nextIndex(below: after.sections[section].numberOfItems)
          let path = LayoutIndexPath(item: item, section: section)
          if !context.invalidatedItems.contains(where: { $0.at == path }) {
            context.invalidatedItems.append(.init(at: path, size: generator.itemSize()))
          }
        }
        let (expected, change) = try model.applying(context)
        // Each changed section's count change, merged with the measured cells' (none).
        change.sections.forEachChange { section, origin in
          guard case .existing(let old, _, _, let delta) = origin else { return }
          #expect(
            delta == expected.sections[section].numberOfItems - model.sections[old].numberOfItems,
            "seed \(seed), layout \(index), step \(step), section \(section)")
        }
        for i in layouts.indices {
          try layouts[i].invalidateLayout(with: context)
          layouts[i].prepare()
        }
        model = expected
        guard
          try agreeWithFreshReference(
            layouts, model: model, rectsFrom: &generator,
            context: "seed \(seed), layout \(index), step \(step)")
        else { return }
        checked += 1
      }
    }
    #expect(checked > 100, "checked \(checked)")
  }
}
