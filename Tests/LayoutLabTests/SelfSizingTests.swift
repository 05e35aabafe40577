import BenchmarkDatasets
import Foundation
import LayoutLab
import Testing

/// FLOW-26 and FLOW-27: estimated sizes, measured as cells appear.
@Suite("Self-sizing")
struct SelfSizingTests {
  /// 10,000 items of varied real sizes (4–6 to a row, so a sweep takes a few hundred
  /// viewports) in 20 sections with headers, estimated at 100×100 or automatically.
  static func model(_ estimate: EstimatedItemSize, items: Int = 10_000) -> FlowLayoutModel {
    var random = SplitMix64(seed: 0x5E1F)
    var layout = FlowLayoutConfiguration()
    layout.estimatedItemSize = estimate
    layout.headerReferenceSize = CGSize(width: 0, height: 30)
    layout.sectionInset = EdgeInsets(top: 4, left: 8, bottom: 4, right: 8)
    let sections = (0..<20).map { _ in
      FlowSection(
        itemSizes: (0..<(items / 20)).map { _ in
          CGSize(
            width: Double(random.nextInt(in: 40...90)), height: Double(random.nextInt(in: 30...90)))
        })
    }
    return FlowLayoutModel(
      collectionView: CollectionViewEnvironment(
        size: CGSize(width: 390, height: 844), adjustedContentInset: EdgeInsets(top: 47, bottom: 34)
      ),
      layout: layout, sections: sections)
  }

  @Test(
    "scrolling a 10,000-item estimated layout top to bottom converges to the exact layout",
    arguments: FlowStrategies.all.map { $0.strategyName }, [true, false])
  func scrollingConverges(strategy: String, automatic: Bool) throws {
    // The naive reference lays everything out for every query, many times per viewport, and
    // with `automaticSize` every measurement re-estimates every unmeasured item: those sweep
    // 2,000 or 3,000 items to keep `swift test` quick; the others sweep 10,000.
    let items = strategy == NaiveLinearLayout.strategyName ? 2_000 : automatic ? 3_000 : 10_000
    let model = Self.model(
      automatic ? .automatic : .size(CGSize(width: 100, height: 100)), items: items)
    var view = try SelfSizingCollectionView(
      model: model, strategy: try #require(FlowStrategies.named(strategy)))
    #expect(view.measuredCount == 0)
    // Before any measurement every item has the estimate (FLOW-26).
    let first = try #require(
      view.layout.layoutAttributesForItem(at: LayoutIndexPath(item: 0, section: 0)))
    #expect(
      first.frame.size
        == (automatic ? CGSize(width: 50, height: 50) : CGSize(width: 100, height: 100)))

    var offset = view.layout.collectionView.contentOffset
    var viewports = 0
    while true {
      _ = try view.scroll(to: offset)
      viewports += 1
      offset = view.layout.collectionView.contentOffset
      let height = view.layout.collectionView.bounds.height
      if offset.y + height >= view.layout.collectionViewContentSize.height { break }
      offset.y += height - 47 - 34  // one screen of content, inside the insets
      #expect(viewports < 100_000)
    }
    #expect(view.isFullyMeasured, "\(view.measuredCount) of \(view.totalItems) measured")

    // The exact layout: the same layout given the measured sizes directly (FLOW-26).
    var exact = try CachedAttributesLayout(model: model)
    exact.prepare()
    let cells = view.layout.layoutAttributesForAllElements().filter { $0.kind == .cell }
    #expect(cells == exact.layoutAttributesForAllElements().filter { $0.kind == .cell })
    #expect(view.layout.collectionViewContentSize == exact.collectionViewContentSize)
  }

  @Test(
    "FLOW-27: resizing items above the viewport keeps the first visible item where it is on screen",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func contentOffsetFollowsChangesAbove(strategy: String) throws {
    let model = Self.model(
      .size(CGSize(width: 100, height: 100)),
      items: strategy == NaiveLinearLayout.strategyName ? 4_000 : 10_000)
    var view = try SelfSizingCollectionView(
      model: model, strategy: try #require(FlowStrategies.named(strategy)))
    // Scroll to the middle, one viewport at a time, so what is above has been measured.
    var y = 0.0
    while y < 9_000 {
      _ = try view.scroll(to: CGPoint(x: 0, y: y))
      y = view.layout.collectionView.contentOffset.y + 700
    }
    let visible = try view.layoutAttributesForElements(in: view.layout.collectionView.bounds)
    let firstVisible = try #require(visible.first { $0.kind == .cell })
    let onScreen = firstVisible.frame.minY - view.layout.collectionView.contentOffset.y
    let offsetBefore = view.layout.collectionView.contentOffset.y

    // Items at the top of section 0 — thousands of points above the viewport — grow by 200
    // points each.
    let lastResized = try #require(
      view.layout.layoutAttributesForItem(at: LayoutIndexPath(item: 4, section: 0)))
    #expect(firstVisible.frame.minY > lastResized.frame.maxY + 5_000)
    let resizes = try (0..<5).map { item in
      let path = LayoutIndexPath(item: item, section: 0)
      let size = try #require(view.measuredSize(of: path))
      return BatchUpdate.ItemResize(
        at: path, size: CGSize(width: size.width, height: size.height + 200))
    }
    try view.measuredCellsDidResize(resizes)

    let after = try #require(view.layout.layoutAttributesForItem(at: firstVisible.indexPath))
    #expect(after.frame.minY > firstVisible.frame.minY, "the item moved down in content")
    #expect(view.layout.collectionView.contentOffset.y > offsetBefore, "and so did the offset")
    #expect(after.frame.minY - view.layout.collectionView.contentOffset.y == onScreen)
  }

  @Test("measuring an unmeasured item or a bad size is rejected, changing nothing")
  func badResizesAreRejected() throws {
    var view = try SelfSizingCollectionView(
      model: Self.model(.size(CGSize(width: 100, height: 100)), items: 100),
      strategy: IncrementalLayout.self)
    // An item not yet measured: rejected, nothing changes.
    let unmeasured = view.layout.layoutAttributesForAllElements()
    #expect(throws: LayoutError.self) {
      try view.measuredCellsDidResize([
        BatchUpdate.ItemResize(
          at: LayoutIndexPath(item: 99, section: 0), size: CGSize(width: 1, height: 1))
      ])
    }
    #expect(view.layout.layoutAttributesForAllElements() == unmeasured)
    // A measured item with a negative size, in a batch with a valid resize: all rejected.
    _ = try view.scroll(to: .zero)
    let measured = view.layout.layoutAttributesForAllElements()
    let sizes = view.measuredModel
    #expect(throws: LayoutError.self) {
      try view.measuredCellsDidResize([
        BatchUpdate.ItemResize(
          at: LayoutIndexPath(item: 1, section: 0), size: CGSize(width: 10, height: 10)),
        BatchUpdate.ItemResize(
          at: LayoutIndexPath(item: 0, section: 0), size: CGSize(width: -1, height: 1)),
      ])
    }
    #expect(view.layout.layoutAttributesForAllElements() == measured)
    #expect(view.measuredModel == sizes)
    #expect(throws: LayoutError.self) {
      try SelfSizingCollectionView(
        model: Dataset.mixedFeed.model(items: 10), strategy: IncrementalLayout.self)
    }
  }

  @Test(
    "a scroll to a NaN, infinite or too distant offset throws, changing nothing",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func badScrollsAreRejected(strategy: String) throws {
    var view = try SelfSizingCollectionView(
      model: Self.model(.size(CGSize(width: 100, height: 100)), items: 100),
      strategy: try #require(FlowStrategies.named(strategy)))
    _ = try view.scroll(to: CGPoint(x: 0, y: 300))
    let before = view.layout.layoutAttributesForAllElements()
    let bounds = view.layout.collectionView.bounds
    let measured = view.measuredCount
    for offset in [
      CGPoint(x: 0, y: Double.nan), CGPoint(x: Double.infinity, y: 0), CGPoint(x: 0, y: -1e300),
      CGPoint(x: 0, y: LayoutLimits.maximumOffset * 2),
    ] {
      #expect(throws: LayoutError.self, "\(offset)") { try view.scroll(to: offset) }
      #expect(view.layout.collectionView.bounds == bounds)
      #expect(view.layout.layoutAttributesForAllElements() == before)
      #expect(view.measuredCount == measured)
    }
  }
  @Test(
    "a bad size a cell reports is rejected when the cell is measured, naming the item, changing nothing",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func badMeasuredSizeIsRejectedWhenMeasured(strategy: String) throws {
    // 20 sections of 5 items; item 2 of section 10 reports a negative width.
    var model = Self.model(.size(CGSize(width: 100, height: 100)), items: 100)
    guard case .perItem(var sizes) = model.sections[10].itemSizing else {
      Issue.record("section 10 is not sized per item")
      return
    }
    sizes[2] = CGSize(width: -4, height: 30)
    model.sections[10].itemSizing = .perItem(sizes)
    let bad = LayoutIndexPath(item: 2, section: 10)

    // Made without looking at it (a view starts in O(s)), and the first screen does not show it.
    var view = try SelfSizingCollectionView(
      model: model, strategy: try #require(FlowStrategies.named(strategy)))
    let screen = try view.layoutAttributesForElements(in: view.layout.collectionView.bounds)
    #expect(!screen.contains { $0.indexPath.section == 10 })
    let measured = view.measuredCount
    #expect(measured > 0)
    let before = view.layout.layoutAttributesForAllElements()

    // Measuring everything meets it: one error naming the model's field; nothing changes.
    let error = #expect(throws: LayoutError.self) { try view.measureAll() }
    #expect(error?.description == "sections[10].itemSizes[2].width: -4 is negative")
    #expect(view.measuredCount == measured)
    #expect(!view.isMeasured(LayoutIndexPath(item: 0, section: 10)))
    #expect(view.layout.layoutAttributesForAllElements() == before)

    // So does a query that returns it; the items measured before it stay measured.
    let frame = try #require(view.layout.layoutAttributesForItem(at: bad)).frame
    let queried = #expect(throws: LayoutError.self) {
      try view.layoutAttributesForElements(in: frame)
    }
    #expect(queried == error)
    #expect(view.measuredCount == measured)
    #expect(!view.isMeasured(bad))
    #expect(view.layout.layoutAttributesForAllElements() == before)
    #expect(view.measuredSize(of: bad) == CGSize(width: -4, height: 30))

    // A section's one size is checked when the view is made, as the layout would.
    var fixed = model
    fixed.sections[3].itemSizing = .fixed(count: 5, itemSize: CGSize(width: 10, height: Double.nan))
    let made = #expect(throws: LayoutError.self) {
      try SelfSizingCollectionView(model: fixed, strategy: RunLengthLayout.self)
    }
    #expect(made?.field == "sections[3].itemSize.height")
  }

  @Test("estimated sizes: a 1M-item first screen in run-length costs what a 10k-item one does")
  func estimatedFirstScreenIsFlat() throws {
    var counters: [LayoutWorkCounters] = []
    var screens: [[LayoutAttributes]] = []
    for items in [10_000, 1_000_000] {
      let model = Dataset.estimatedSizes.model(items: items)
      var view = try SelfSizingCollectionView(model: model, strategy: RunLengthLayout.self)
      // Made: sections at the estimate are equal, so the first is laid out (its first line, a
      // run of equal lines, its last) and the others copied (FLOW-8: mixed all the same).
      let made = view.layout.workCounters
      #expect(made.framesComputed == 0)
      #expect(made.sectionsLaidOut == 1, "\(items) items")
      #expect(made.linesBroken <= 3, "\(items) items")
      screens.append(try view.layoutAttributesForElements(in: view.layout.collectionView.bounds))
      // Each measuring round lays section 0 out again: its measured lines one by one, the
      // rest as runs.
      let after = view.layout.workCounters
      let rounds = after.sectionsLaidOut - made.sectionsLaidOut
      #expect(rounds >= 1 && rounds <= 8, "\(rounds) rounds")
      #expect(after.linesBroken - made.linesBroken <= rounds * (view.measuredCount + 3))
      #expect(view.measuredCount < 100)
      counters.append(after)
    }
    // The first 10,000 items are the same at both sizes: the same work, the same screen —
    // but for the tree of section starts, whose nodes touched grow as log2 of the sections
    // (10 and 1,000 here).
    #expect(counters[0].treeNodesTouched <= 2 * 4 && counters[1].treeNodesTouched <= 2 * 10)
    var (small, large) = (counters[0], counters[1])
    (small.treeNodesTouched, large.treeNodesTouched) = (0, 0)
    #expect(small == large)
    #expect(screens[0] == screens[1])
    #expect(!screens[0].isEmpty)
  }

  @Test(
    "estimated sizes at 3×: the first screen leaves the grid and lays out each run of equal sections once",
    arguments: [RunLengthLayout.strategyName, IncrementalLayout.strategyName])
  func estimatedFirstScreenOffTheGrid(strategy: String) throws {
    // Cells measured in thirds of a point take the model off the grid at the first screen;
    // the layout in exact sums (run-length's fallback, or incremental's own) lays out the
    // measured section and one of the 99 equal sections at the estimate, not 100,000 items.
    let model = Dataset.estimatedSizes3x.model(items: 100_000)
    var view = try SelfSizingCollectionView(
      model: model, strategy: try #require(FlowStrategies.named(strategy)))
    let screen = try view.layoutAttributesForElements(in: view.layout.collectionView.bounds)
    let counters = view.layout.workCounters
    // Lines, not frames: neither layout computes a frame at prepare off the grid. At 100,000
    // items of at most 5 a line, a layout of every section would break 20,000 lines or more.
    #expect(counters.linesBroken < 2_000, "\(counters)")
    #expect(counters.sectionsLaidOut <= 20, "\(counters)")
    if strategy == RunLengthLayout.strategyName { #expect(counters.exactPositionFallbacks >= 1) }
    var reference = try FlowStrategies.make(FlowStrategies.reference, model: view.layout.model)
    reference.prepare()
    #expect(screen == reference.layoutAttributesForElements(in: view.layout.collectionView.bounds))
    #expect(view.layout.collectionViewContentSize == reference.collectionViewContentSize)
    #expect(!screen.isEmpty)
  }

  @Test(
    "estimated sizes: the first screen is the reference's, frames and content size",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func estimatedFirstScreenMatchesReference(strategy: String) throws {
    let model = Dataset.estimatedSizes.model(items: 3_000)
    func firstScreen(_ type: any FlowLayoutStrategy.Type) throws -> ([LayoutAttributes], CGSize) {
      var view = try SelfSizingCollectionView(model: model, strategy: type)
      let screen = try view.layoutAttributesForElements(in: view.layout.collectionView.bounds)
      return (screen, view.layout.collectionViewContentSize)
    }
    let (screen, size) = try firstScreen(try #require(FlowStrategies.named(strategy)))
    let (reference, referenceSize) = try firstScreen(FlowStrategies.reference)
    #expect(screen == reference)
    #expect(size == referenceSize)
  }
}
