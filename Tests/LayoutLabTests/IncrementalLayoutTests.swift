import BenchmarkDatasets
import Foundation
import Testing

@testable import LayoutLab

/// The incremental strategy does work proportional to what changed — shown by its counters —
/// and still equals a fresh reference layout.
@Suite("Incremental invalidation")
struct IncrementalLayoutTests {
  func prepared(_ model: FlowLayoutModel) throws -> IncrementalLayout {
    var layout = try IncrementalLayout(model: model)
    layout.prepare()
    layout.resetWorkCounters()
    return layout
  }

  /// Every element and the content size equal a reference laid out from scratch.
  func expectEqualsFreshReference(_ layout: IncrementalLayout, _ context: String) throws {
    var reference = try CachedAttributesLayout(model: layout.model)
    reference.prepare()
    #expect(layout.collectionViewContentSize == reference.collectionViewContentSize, "\(context)")
    #expect(
      layout.layoutAttributesForAllElements() == reference.layoutAttributesForAllElements(),
      "\(context)")
  }

  /// Resizes one item (a batch update) and prepares, counting only that work.
  func resize(_ layout: inout IncrementalLayout, _ item: LayoutIndexPath, to size: CGSize) throws {
    layout.resetWorkCounters()
    try layout.performBatchUpdates(
      BatchUpdate(resizeItems: [BatchUpdate.ItemResize(at: item, size: size)]))
    layout.prepare()
  }

  @Test(
    "resizing one item of a 100,000-item section without changing line breaks re-breaks O(1) lines")
  func resizeInGiantSection() throws {
    let model = Dataset.giantSection.model(items: 100_000)
    var layout = try prepared(model)
    let middle = LayoutIndexPath(item: 50_000, section: 0)
    let old = try #require(layout.layoutAttributesForItem(at: middle)).frame.size
    // Taller, same width: the line breaks stay, the line may get thicker.
    try resize(&layout, middle, to: CGSize(width: old.width, height: old.height + 37))
    let counters = layout.workCounters
    #expect(counters.linesBroken <= 4, "\(counters)")
    // No cell is placed: a query places the cells of the lines it reads.
    #expect(counters.framesComputed == 0, "\(counters)")
    #expect(counters.sectionsLaidOut == 1)
    // The ~19,500 lines after it move without being re-broken: the rest of their block of
    // 64 one by one, the blocks after it through a tree of ~300 blocks.
    #expect(counters.linesShifted < IncrementalSection<Double>.linesPerBlock, "\(counters)")
    #expect(counters.treeNodesTouched <= 2 * 10, "\(counters)")
    try expectEqualsFreshReference(layout, "after the resize")
  }

  @Test(
    "resizing an item of one of 1,000 sections lays out only that section; later ones move in O(log s)",
    arguments: [false, true])
  func resizeInManySections(offTheGrid: Bool) throws {
    let model = Dataset.manySections.model(items: 100_000)  // 1,000 sections of 100
    var layout = try prepared(model)
    if offTheGrid {
      // A height in thirds takes the model off the grid: positions become exact sums.
      try layout.performBatchUpdates(
        BatchUpdate(resizeItems: [
          BatchUpdate.ItemResize(
            at: LayoutIndexPath(item: 3, section: 2), size: CGSize(width: 80, height: 100.0 / 3))
        ]))
      layout.prepare()
      layout.resetWorkCounters()
    }
    try layout.performBatchUpdates(
      BatchUpdate(resizeItems: [
        BatchUpdate.ItemResize(
          at: LayoutIndexPath(item: 40, section: 500),
          size: CGSize(width: 80, height: offTheGrid ? 95.1 : 95))
      ]))
    layout.prepare()
    let counters = layout.workCounters
    #expect(layout.keepsExactSums == offTheGrid)
    #expect(counters.sectionsLaidOut == 1, "\(counters)")
    #expect(counters.linesBroken <= 100, "only section 500's lines: \(counters)")
    // Later sections move through the tree of starts: ⌈log₂ 1,001⌉ = 10 nodes at most.
    #expect(counters.sectionsShifted == 0, "\(counters)")
    #expect(counters.treeNodesTouched >= 1 && counters.treeNodesTouched <= 10, "\(counters)")
    try expectEqualsFreshReference(layout, "after the resize")
  }

  @Test(
    "equal sections are laid out once, sharing their arrays until one changes, on and off the grid",
    arguments: [false, true])
  func equalSectionsLaidOutOnce(offTheGrid: Bool) throws {
    let model = Dataset.manySections.model(items: 100_000)  // 1,000 equal sections of 100
    var layout = try IncrementalLayout(model: model)
    layout.prepare()
    #expect(layout.workCounters.sectionsLaidOut == 1, "\(layout.workCounters)")
    #expect(layout.workCounters.linesBroken <= 100, "\(layout.workCounters)")
    // A resize in section 2, which is laid out again. Off the grid (a height in thirds), the
    // content length then shows the sums can no longer be proved exact, and everything is
    // laid out again in exact sums — once per run of equal sections: 0–1, 2, 3–999.
    try resize(
      &layout, LayoutIndexPath(item: 3, section: 2),
      to: CGSize(width: 80, height: offTheGrid ? 100.0 / 3 : 100))
    #expect(layout.keepsExactSums == offTheGrid)
    #expect(
      layout.workCounters.sectionsLaidOut == (offTheGrid ? 1 + 3 : 1), "\(layout.workCounters)")
    try expectEqualsFreshReference(layout, "after the resize")
    // Sections 700 and 701 shared their arrays: a change to 700 leaves 701 as it was.
    let before = layout.layoutAttributesForItem(at: LayoutIndexPath(item: 10, section: 701))
    try resize(&layout, LayoutIndexPath(item: 10, section: 700), to: CGSize(width: 60, height: 90))
    let after = try #require(
      layout.layoutAttributesForItem(at: LayoutIndexPath(item: 10, section: 701)))
    #expect(after.frame.size == before?.frame.size)
    try expectEqualsFreshReference(layout, "after a change to a section that shared its arrays")
  }

  @Test(
    "resizing a section's first item re-breaks its first lines, unless FLOW-11's empty line opens or closes"
  )
  func resizeFirstItem() throws {
    let model = Dataset.mixedFeed.model(items: 10_000)  // sections of 1,000
    var layout = try prepared(model)
    let first = LayoutIndexPath(item: 0, section: 5)
    let old = try #require(layout.layoutAttributesForItem(at: first)).frame.size
    // Taller: the line breaks stay.
    try resize(&layout, first, to: CGSize(width: old.width, height: old.height + 9))
    #expect(layout.workCounters.linesBroken <= 4, "\(layout.workCounters)")
    try expectEqualsFreshReference(layout, "after the first item's resize")
    // Wider than the line (FLOW-11): the section opens with an empty line, every line moves.
    try resize(&layout, first, to: CGSize(width: 500, height: 80))
    // Every line of the section's 1,000 items: at most 5 a line (60-point minimum width on a
    // 374-point line).
    #expect(layout.workCounters.linesBroken >= 1_000 / 5, "\(layout.workCounters)")
    try expectEqualsFreshReference(layout, "after the empty line opened")
    // Back within the line: the empty line closes, and the section is laid out again.
    try resize(&layout, first, to: old)
    #expect(layout.workCounters.linesBroken >= 1_000 / 5, "\(layout.workCounters)")
    try expectEqualsFreshReference(layout, "after the empty line closed")
  }

  @Test("an update changes a section's lines in place: no copy of them")
  func updateInPlace() throws {
    var model = Dataset.mixedFeed.model(items: 1_000)  // one section
    var counters = LayoutWorkCounters()
    var section = IncrementalSection<Double>(
      laidOutBy: FlowLayoutEngine(model), section: 0, counters: &counters)
    let lines = section.lines.withUnsafeBufferPointer { $0.baseAddress }
    guard case .perItem(var sizes) = model.sections[0].itemSizing else {
      Issue.record("mixed-feed sizes each item")
      return
    }
    sizes[500].height += 9  // taller: the same breaks
    model.sections[0].itemSizing = .perItem(sizes)
    let updated = section.update(
      by: FlowLayoutEngine(model), section: 0, firstChanged: 500, lastChanged: 500, delta: 0,
      counters: &counters)
    #expect(updated)
    #expect(section.lines.withUnsafeBufferPointer { $0.baseAddress } == lines)
    let fresh = IncrementalSection<Double>(
      laidOutBy: FlowLayoutEngine(model), section: 0, counters: &counters)
    #expect(section.lines.map(\.broken) == fresh.lines.map(\.broken))
    #expect(section.lines.map(\.start) == fresh.lines.map(\.start))
    #expect(section.numberOfItems == fresh.numberOfItems && section.length == fresh.length)
  }

  @Test("a line is 40 bytes with Double starts and 48 with exact ones: its item indexes in 32 bits")
  func lineSize() {
    #expect(MemoryLayout<IncrementalSection<Double>.Line>.stride == 40)
    #expect(MemoryLayout<IncrementalSection<ExactPosition>.Line>.stride == 48)
    let broken = FlowLayoutEngine.BrokenLine(
      firstItem: LayoutLimits.maximumNumberOfItems - 3, itemCount: 3, mainLength: 1.5,
      thickness: 2.25, used: 7)
    var line = IncrementalSection<ExactPosition>.Line(broken: broken, start: ExactPosition(9.75))
    #expect(line.broken == broken && line.start == ExactPosition(9.75))
    line.moveItems(by: -5)
    #expect(line.broken.firstItem == LayoutLimits.maximumNumberOfItems - 8)
    #expect(line.broken.itemCount == 3 && line.broken.used == 7)
  }

  @Test("the line search from a hint finds the line a search of the whole section finds")
  func lineSearchFromAHint() {
    // A section that opens with FLOW-11's empty line (item 0 wider than the line), then
    // lines of one to several items.
    var sizes = [CGSize(width: 500, height: 20)]
    sizes += (1..<400).map { CGSize(width: Double(30 + $0 * 37 % 190), height: 20) }
    let model = FlowLayoutModel(
      collectionView: CollectionViewEnvironment(size: CGSize(width: 390, height: 844)),
      sections: [FlowSection(itemSizes: sizes)])
    var counters = LayoutWorkCounters()
    let section = IncrementalSection<Double>(
      laidOutBy: FlowLayoutEngine(model), section: 0, counters: &counters)
    #expect(section.lines[0].broken.itemCount == 0 && section.lines.count > 100)
    var checked = 0
    for hint in 0...section.lines.count {
      for item in 0..<section.numberOfItems {
        let found = section.lineIndex(holding: item, searchingFrom: hint)
        if found != section.lineIndex(holding: item) {
          Issue.record("item \(item) from line \(hint): line \(found)")
          return
        }
        checked += 1
      }
    }
    #expect(checked == (section.lines.count + 1) * sizes.count)
  }

  @Test("a pure scroll with pinned headers recomputes no item frame")
  func pureScrollWithPinnedHeaders() throws {
    let model = Dataset.pinnedHeaders.model(items: 10_000)
    var layout = try prepared(model)
    var bounds = model.collectionView.bounds
    bounds.origin.y += 1_234
    #expect(layout.shouldInvalidateLayout(forBoundsChange: bounds))
    try layout.invalidateLayout(with: .boundsChange(bounds))
    layout.prepare()
    #expect(layout.workCounters.framesComputed == 0, "\(layout.workCounters)")
    #expect(layout.workCounters.linesBroken == 0)
    try expectEqualsFreshReference(layout, "after the scroll")
  }

  @Test("a rotation lays everything out again")
  func rotationIsAFullLayout() throws {
    let model = Dataset.mixedFeed.model(items: 5_000)
    var layout = try prepared(model)
    try layout.invalidateLayout(with: .boundsChange(CGRect(x: 0, y: 0, width: 844, height: 390)))
    layout.prepare()
    #expect(layout.workCounters.sectionsLaidOut == model.sections.count)
    try expectEqualsFreshReference(layout, "after the rotation")
  }

  /// Lines after a resize move as blocks (`IncrementalSection.blockShifts`): a sequence of
  /// resizes that keep the line breaks (moved through the tree) mixed with changes that move
  /// lines to other blocks (which apply every block's shift first), each compared with a fresh
  /// layout — every element, and items looked up one by one — on and off the grid.
  @Test(
    "resizes move the lines after them as blocks, bit for bit, seeded", arguments: [false, true])
  func resizesMoveBlocks(offTheGrid: Bool) throws {
    let seed: UInt64 =
      ProcessInfo.processInfo.environment["LAYOUTLAB_SEED"].flatMap { UInt64($0) } ?? 0xB10C
    print("incremental block shifts (off the grid \(offTheGrid)): seed \(seed)")
    var random = SplitMix64(seed: seed)
    let divisor = offTheGrid ? 3.0 : 1.0
    var layout = try prepared(
      IncrementalSpanTests.model(items: 6_000, thirds: offTheGrid, random: &random))
    var movedAsBlocks = 0
    for step in 0..<80 {
      let count = layout.model.sections[0].numberOfItems
      let path = LayoutIndexPath(item: random.nextInt(in: 1...(count - 1)), section: 0)
      let old = try #require(layout.layoutAttributesForItem(at: path)).frame.size
      let batch: BatchUpdate
      switch random.nextIndex(below: 8) {
      case 0:
        batch = BatchUpdate(deleteItems: [path])
      case 1:
        batch = BatchUpdate(
          insertItems: [.init(at: path, size: CGSize(width: 150, height: 100 / divisor))])
      case 2:
        // Another width: the breaks may move, and the lines with them.
        let width = Double(random.nextInt(in: 40...300))
        batch = BatchUpdate(
          resizeItems: [.init(at: path, size: CGSize(width: width, height: old.height))])
      default:
        // Another thickness, the same width: the breaks stay, every later line moves.
        let height = Double(random.nextInt(in: 120...600)) / divisor
        batch = BatchUpdate(
          resizeItems: [.init(at: path, size: CGSize(width: old.width, height: height))])
      }
      layout.resetWorkCounters()
      try layout.performBatchUpdates(batch)
      layout.prepare()
      let counters = layout.workCounters
      if counters.linesShifted < IncrementalSection<Double>.linesPerBlock
        && counters.treeNodesTouched > 1
      {
        movedAsBlocks += 1
      }
      let context = "seed \(seed), off the grid \(offTheGrid), step \(step)"
      guard try equalsFreshLayout(layout, model: layout.model, context: context) else { return }
      var fresh = try IncrementalLayout(model: layout.model)
      fresh.prepare()
      for item in stride(from: step, to: layout.model.sections[0].numberOfItems, by: 97) {
        let path = LayoutIndexPath(item: item, section: 0)
        #expect(
          layout.layoutAttributesForItem(at: path) == fresh.layoutAttributesForItem(at: path),
          "\(context), item \(item)")
      }
    }
    #expect(movedAsBlocks >= 30, "the resizes must move lines as blocks to test it")
  }

  @Test("insertions, deletions and resizes in a large mixed section re-break few lines, seeded")
  func manySmallChanges() throws {
    let seed: UInt64 =
      ProcessInfo.processInfo.environment["LAYOUTLAB_SEED"].flatMap { UInt64($0) } ?? 0x1C4E
    print("incremental small changes: seed \(seed)")
    var random = SplitMix64(seed: seed)
    var layout = try prepared(Dataset.giantSection.model(items: 20_000))
    let lineCount = layout.layoutAttributesForAllElements().reduce(into: Set<Double>()) {
      $0.insert($1.frame.midY.rounded())
    }.count
    var rebroken: [Int] = []
    for step in 0..<60 {
      let count = layout.model.sections[0].numberOfItems
      let item = random.nextInt(in: 1...(count - 1))
      let path = LayoutIndexPath(item: item, section: 0)
      let size = CGSize(
        width: Double(random.nextInt(in: 40...200)), height: Double(random.nextInt(in: 40...120)))
      let batch: BatchUpdate
      switch step % 3 {
      case 0: batch = BatchUpdate(insertItems: [BatchUpdate.ItemInsertion(at: path, size: size)])
      case 1: batch = BatchUpdate(deleteItems: [path])
      default: batch = BatchUpdate(resizeItems: [BatchUpdate.ItemResize(at: path, size: size)])
      }
      layout.resetWorkCounters()
      try layout.performBatchUpdates(batch)
      layout.prepare()
      // Greedy breaks realign after the change — usually within a few lines, sometimes after a
      // cascade of line breaks moving by one item — never anywhere near all of them.
      rebroken.append(layout.workCounters.linesBroken)
      #expect(
        layout.workCounters.linesBroken * 20 < lineCount,
        "seed \(seed), step \(step): \(layout.workCounters)")
      if step % 10 == 9 { try expectEqualsFreshReference(layout, "seed \(seed), step \(step)") }
    }
    try expectEqualsFreshReference(layout, "seed \(seed), at the end")
    #expect(
      rebroken.sorted()[rebroken.count / 2] <= 6, "median lines re-broken: \(rebroken.sorted())")
  }
}
