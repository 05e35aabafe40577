import BenchmarkDatasets
import Foundation
import LayoutLab
import Testing

/// Every strategy accepts every kind of invalidation context, and no batch — however wrong —
/// crashes a layout or changes it when rejected.
@Suite("Invalidation contexts")
struct InvalidationContextTests {
  static let strategies = FlowStrategies.all.map { $0.strategyName }

  func expectEqualsFresh(_ layout: any FlowLayoutStrategy, _ context: String) throws {
    var fresh = try NaiveLinearLayout(model: layout.model)
    fresh.prepare()
    #expect(layout.collectionViewContentSize == fresh.collectionViewContentSize, "\(context)")
    #expect(
      layout.layoutAttributesForAllElements() == fresh.layoutAttributesForAllElements(),
      "\(context)")
  }

  @Test(
    "every kind of context, every strategy: equal to a fresh layout of the new data",
    arguments: strategies)
  func everyContext(strategy: String) throws {
    var model = Dataset.mixedFeed.model(items: 3_000)
    model.layout.sectionHeadersPinToVisibleBounds = true
    var layout = try FlowStrategies.make(try #require(FlowStrategies.named(strategy)), model: model)
    layout.prepare()

    // invalidateFlowLayoutDelegateMetrics: new spacing and header size.
    var metrics = layout.model
    metrics.layout.minimumLineSpacing = 17
    metrics.sections[1].headerReferenceSize = CGSize(width: 0, height: 80)
    try layout.invalidateLayout(with: .delegateMetrics(metrics))
    layout.prepare()
    #expect(layout.model.layout.minimumLineSpacing == 17)
    try expectEqualsFresh(layout, "delegate metrics")

    // invalidateItems(at:) with new sizes.
    try layout.invalidateLayout(
      with: .items([
        .init(at: LayoutIndexPath(item: 0, section: 0), size: CGSize(width: 300, height: 10)),
        .init(at: LayoutIndexPath(item: 999, section: 2), size: CGSize(width: 1, height: 1)),
      ]))
    layout.prepare()
    try expectEqualsFresh(layout, "invalidated items")

    // A content offset adjustment (FLOW-27) moves pinned headers only.
    let before = layout.layoutAttributesForItem(at: LayoutIndexPath(item: 5, section: 1))
    try layout.invalidateLayout(
      with: LayoutInvalidationContext(contentOffsetAdjustment: CGPoint(x: 0, y: 250)))
    layout.prepare()
    #expect(layout.collectionView.contentOffset.y == model.collectionView.contentOffset.y + 250)
    #expect(layout.layoutAttributesForItem(at: LayoutIndexPath(item: 5, section: 1)) == before)
    try expectEqualsFresh(layout, "content offset adjustment")

    // Everything at once, then invalidate everything.
    try layout.invalidateLayout(
      with: LayoutInvalidationContext(
        batchUpdate: BatchUpdate(deleteSections: [0]),
        invalidatedItems: [
          .init(at: LayoutIndexPath(item: 0, section: 0), size: CGSize(width: 10, height: 10))
        ],
        newBounds: CGRect(x: 0, y: 100, width: 500, height: 700)))
    layout.prepare()
    try expectEqualsFresh(layout, "combined")
    layout.invalidateLayout()
    layout.prepare()
    try expectEqualsFresh(layout, "everything")
  }

  @Test(
    "3,000 random batches of arbitrary index paths: accepted or rejected, never a crash, state kept",
    arguments: strategies)
  func arbitraryBatchesNeverCrash(strategy: String) throws {
    let seed: UInt64 = 0xF022
    print("arbitrary batches: seed \(seed)")
    var random = SplitMix64(seed: seed)
    var model = Dataset.manySections.model(items: 300)  // 3 sections of 100
    model.sections.append(FlowSection(items: 0))
    var layout = try FlowStrategies.make(try #require(FlowStrategies.named(strategy)), model: model)
    layout.prepare()
    var rejected = 0
    // Mostly plausible index paths for the current data, one in ten anywhere (negative, past
    // the end).
    func path() -> LayoutIndexPath {
      let sections = layout.model.sections
      if random.nextInt(in: 0...9) == 0 || sections.isEmpty {
        return LayoutIndexPath(
          item: random.nextInt(in: -2...105), section: random.nextInt(in: -1...4))
      }
      let section = random.nextIndex(below: sections.count)
      return LayoutIndexPath(
        item: random.nextInt(in: 0...sections[section].numberOfItems), section: section)
    }
    func size() -> CGSize {
      CGSize(
        width: Double(random.nextInt(in: -5...120)), height: Double(random.nextInt(in: 0...120)))
    }
    for step in 0..<3_000 {
      var batch = BatchUpdate()
      for _ in 0..<random.nextInt(in: 0...2) { batch.deleteItems.append(path()) }
      for _ in 0..<random.nextInt(in: 0...2) {
        batch.insertItems.append(
          .init(at: path(), size: random.nextInt(in: 0...1) == 0 ? nil : size()))
      }
      for _ in 0..<random.nextInt(in: 0...1) {
        batch.moveItems.append(.init(from: path(), to: path()))
      }
      for _ in 0..<random.nextInt(in: 0...1) {
        batch.resizeItems.append(.init(at: path(), size: size()))
      }
      for _ in 0..<random.nextInt(in: 0...1) { batch.reloadItems.append(path()) }
      if random.nextInt(in: 0...9) == 0 { batch.deleteSections.append(random.nextInt(in: -1...4)) }
      if random.nextInt(in: 0...9) == 0 {
        batch.insertSections.append(
          .init(
            at: random.nextInt(in: -1...4), section: FlowSection(items: random.nextInt(in: 0...80)))
        )
      }
      let modelBefore = layout.model
      let dumpBefore = layout.layoutAttributesForAllElements()
      do {
        try layout.performBatchUpdates(batch)
        layout.prepare()
        if step % 100 == 0 { try expectEqualsFresh(layout, "seed \(seed), step \(step)") }
      } catch {
        rejected += 1
        #expect(
          !((error as? LayoutError)?.field.isEmpty ?? true), "seed \(seed), step \(step): \(error)")
        #expect(layout.model == modelBefore, "seed \(seed), step \(step)")
        layout.prepare()
        #expect(layout.layoutAttributesForAllElements() == dumpBefore, "seed \(seed), step \(step)")
      }
    }
    // Both outcomes happened many times.
    #expect(rejected > 300 && rejected < 2_700, "\(rejected) rejected")
    try expectEqualsFresh(layout, "seed \(seed), at the end")
  }
}

/// One resize in a context — the model's inline path (`checkResizes` without a set,
/// `applyCheckedResizes` without a list) — gives what the general path gives: the model, the
/// change and the error of `applying(_:)`, and frames equal to a fresh reference's.
@Suite("One-item resize contexts")
struct OneItemResizeTests {
  @Test("one resize per batch or per invalidateItems equals applying(_:) and a fresh reference")
  func oneResizeAgrees() throws {
    let seed: UInt64 = 0x0E_12E5_17E0
    var generator = RandomLayouts(seed: seed)
    generator.sectionCounts = 1...30
    var (checked, refused) = (0, 0)
    for index in 0..<120 {
      var model = generator.model()
      guard (try? model.validate()) != nil else { continue }
      var layouts = try FlowStrategies.all.map { try FlowStrategies.make($0, model: model) }
      for i in layouts.indices { layouts[i].prepare() }
      for step in 0..<6 {
        let context = Self.context(for: model, &generator)
        let expected = Result { () throws(LayoutError) in try model.applying(context) }
        var inPlace = model
        let change = Result { () throws(LayoutError) in try inPlace.apply(context) }
        switch (expected, change) {
        case (.success(let (after, expectedChange)), .success(let change)):
          #expect(inPlace == after && change == expectedChange, "seed \(seed), layout \(index)")
          model = after
          for i in layouts.indices { try layouts[i].invalidateLayout(with: context) }
        case (.failure(let error), .failure(let inPlaceError)):
          // Refused alike, and nothing changed.
          #expect(error == inPlaceError && inPlace == model, "seed \(seed), layout \(index)")
          refused += 1
          continue
        default:
          Issue.record("seed \(seed), layout \(index), step \(step): one path refused, one not")
          continue
        }
        for i in layouts.indices { layouts[i].prepare() }
        guard
          try agreeWithFreshReference(
            layouts, model: model, rectsFrom: &generator,
            context: "seed \(seed), layout \(index), step \(step)")
        else { return }
        checked += 1
      }
    }
    // Both outcomes happened.
    #expect(checked > 100 && refused > 10, "checked \(checked), refused \(refused)")
  }

  /// One resize in the batch, in the invalidated items, or one in each (two single changes
  /// merged); now and then of an item that does not exist, or to a bad size.
  static func context(
    for model: FlowLayoutModel, _ generator: inout RandomLayouts
  ) -> LayoutInvalidationContext {
    let nonEmpty = model.sections.indices.filter { model.sections[$0].numberOfItems > 0 }
    func resize() -> [BatchUpdate.ItemResize] {
      guard !nonEmpty.isEmpty, !generator.chance(0.05) else {
        return [.init(at: LayoutIndexPath(item: 0, section: model.sections.count), size: .zero)]
      }
      let section = generator.pick(nonEmpty)
      let item = generator.random.nextIndex(below: model.sections[section].numberOfItems)
      let size = generator.chance(0.05) ? CGSize(width: -1, height: 10) : generator.itemSize()
      return [.init(at: LayoutIndexPath(item: item, section: section), size: size)]
    }
    switch generator.random.nextInt(in: 0...2) {
    case 0: return .batch(BatchUpdate(resizeItems: resize()))
    case 1: return .items(resize())
    default:
      var context = LayoutInvalidationContext.items(resize())
      context.batchUpdate = BatchUpdate(resizeItems: resize())
      return context
    }
  }
}
