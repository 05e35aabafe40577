import BenchmarkDatasets
import Foundation
import Testing

@testable import LayoutLab

/// Items inserted and deleted in a mixed section of the run-length strategy: only the lines
/// around them are broken again, and the later runs are renumbered and moved — through O(log
/// runs) nodes where the runs' starts and first items are a tree
/// (`FlowLayoutEngine+LineRunStarts.swift`), in one copy where they are a chain — with frames
/// equal to a fresh layout's, bit for bit.
@Suite("Run-length item batches")
struct RunLengthItemBatchTests {
  static let baseSeed: UInt64 =
    ProcessInfo.processInfo.environment["LAYOUTLAB_SEED"].flatMap { UInt64($0) } ?? 0x17E3_B47C

  /// Applies `batch` to `model` and `layout`, and prepares.
  static func apply(
    _ batch: BatchUpdate, _ model: inout FlowLayoutModel, _ layout: inout RunLengthLayout
  ) throws {
    (model, _) = try model.applying(batch)
    layout.resetWorkCounters()
    try layout.performBatchUpdates(batch)
    layout.prepare()
  }

  static func path(_ item: Int) -> LayoutIndexPath { LayoutIndexPath(item: item, section: 0) }

  static func randomSize(_ random: inout SplitMix64) -> CGSize {
    CGSize(
      width: Double(random.nextInt(in: 40...200)), height: Double(random.nextInt(in: 40...120)))
  }

  @Test(
    "inserting and deleting items of a 1,000,000-item mixed section re-breaks only the lines whose items move and touches O(log runs) tree nodes"
  )
  func logarithmicInsertsAndDeletes() throws {
    let seed = Self.baseSeed
    var (random, model, layout) = try RunLengthStartTreeTests.preparedSection(
      1_000_000, seed: seed, test: "RunLengthItemBatchTests.logarithmicInsertsAndDeletes")
    #expect(layout.prepared.sections[0].startSums != nil, "prepare makes a tree of many runs")
    let runs = layout.prepared.sections[0].runs.count
    let bound = 2 * (Int.bitWidth - runs.leadingZeroBitCount) + 8
    // One item in, one out, a few in and out at once, far apart in the section.
    let batches: [(String, BatchUpdate)] = [
      (
        "insert 500,000",
        BatchUpdate(insertItems: [.init(at: Self.path(500_000), size: Self.randomSize(&random))])
      ),
      ("delete 500,000", BatchUpdate(deleteItems: [Self.path(500_000)])),
      (
        "insert 123,457",
        BatchUpdate(insertItems: [
          .init(at: Self.path(123_457), size: CGSize(width: 390, height: 50))
        ])
      ),
      (
        "insert 3 at 777,000",
        BatchUpdate(
          insertItems: (0..<3).map {
            .init(at: Self.path(777_000 + $0), size: Self.randomSize(&random))
          })
      ),
      ("delete 2 at 31", BatchUpdate(deleteItems: [Self.path(31), Self.path(32)])),
      ("delete 999,000", BatchUpdate(deleteItems: [Self.path(999_000)])),
      // Ten stretches far apart in one batch: each re-broken on its own.
      (
        "insert 5 and delete 5, far apart",
        BatchUpdate(
          deleteItems: (0..<5).map { Self.path(50_000 + 200_000 * $0) },
          insertItems: (0..<5).map {
            .init(at: Self.path(150_000 + 200_000 * $0), size: Self.randomSize(&random))
          })
      ),
    ]
    for (name, batch) in batches {
      try Self.apply(batch, &model, &layout)
      let counters = layout.workCounters
      let stretches = batch.insertItems.count + batch.deleteItems.count
      if stretches == 10 {
        // O(k log runs): per stretch a few slots and the nodes above them.
        #expect(counters.sectionsLaidOut == 10, "\(name): \(counters)")
        #expect(counters.linesBroken <= 10 * FlowLayoutEngine.rebreakLimit, "\(name): \(counters)")
        #expect(
          counters.linesShifted <= 10 * (1 + FlowLayoutEngine.slackReach), "\(name): \(counters)")
        #expect(
          counters.treeNodesTouched
            <= 10 * bound + counters.linesBroken + counters.linesShifted + 20,
          "\(name): \(counters)")
        try RunLengthStartTreeTests.expectProbesEqualFresh(
          layout, model, items: batch.insertItems.map(\.at.item) + batch.deleteItems.map(\.item))
        continue
      }
      // The lines re-broken are those whose items move along them: until a break lands on
      // an old one (a few lines here; `FlowLayoutEngine.rebreakLimit` says how many). Each is
      // one slot rewritten, and so is each run that moves up a slot, up to an empty one
      // (`FlowLayoutEngine.slackReach` at most); the nodes' change is then passed on up the
      // tree in O(log runs).
      #expect(counters.sectionsLaidOut == 1, "\(name): \(counters)")
      #expect(counters.linesBroken <= FlowLayoutEngine.rebreakLimit, "\(name): \(counters)")
      #expect(counters.linesShifted <= 1 + FlowLayoutEngine.slackReach, "\(name): \(counters)")
      #expect(
        counters.treeNodesTouched <= bound + counters.linesBroken + counters.linesShifted + 2,
        "\(name): \(counters)")
      #expect(layout.prepared.sections[0].startSums != nil, "\(name)")
      #expect(layout.prepared.sections[0].numberOfItems == model.sections[0].numberOfItems)
      let items = batch.insertItems.map(\.at.item) + batch.deleteItems.map(\.item)
      try RunLengthStartTreeTests.expectProbesEqualFresh(layout, model, items: items)
    }
  }

  @Test(
    "deleting a long stretch of a 1,000,000-item mixed section replaces its lines whole, or lays the section out again past twice the re-break limit"
  )
  func longDeletes() throws {
    let seed = Self.baseSeed &+ 3
    var (_, model, layout) = try RunLengthStartTreeTests.preparedSection(
      1_000_000, seed: seed, test: "RunLengthItemBatchTests.longDeletes")
    // 600 items: about 200 lines, replaced whole (their slots emptied) by a few lines broken.
    try Self.apply(
      BatchUpdate(deleteItems: (600_000..<600_600).map(Self.path)), &model, &layout)
    var counters = layout.workCounters
    #expect(
      counters.sectionsLaidOut == 1 && counters.linesBroken <= FlowLayoutEngine.rebreakLimit,
      "\(counters)")
    #expect(counters.linesShifted <= 300, "\(counters)")
    #expect(layout.prepared.sections[0].startSums != nil)
    try RunLengthStartTreeTests.expectProbesEqualFresh(layout, model, items: [599_999, 600_000])
    // 30,000 items: the section laid out again, at once (no walk over the lines deleted).
    try Self.apply(
      BatchUpdate(deleteItems: (100_000..<130_000).map(Self.path)), &model, &layout)
    counters = layout.workCounters
    #expect(counters.sectionsLaidOut == 1 && counters.linesBroken > 100_000, "\(counters)")
    try RunLengthStartTreeTests.expectProbesEqualFresh(layout, model, items: [99_999, 100_000])
  }

  @Test(
    "seeded item batches of a mixed section, near one another or far apart, equal a fresh layout after every batch",
    arguments: [100_000, 3_000])
  func randomItemBatches(items count: Int) throws {
    let seed = Self.baseSeed &+ UInt64(count)
    var (random, model, layout) = try RunLengthStartTreeTests.preparedSection(
      count, seed: seed, test: "RunLengthItemBatchTests.randomItemBatches(\(count))")
    var (nearby, apart, joined, inTree) = (0, 0, 0, 0)
    for step in 0..<80 {
      let number = model.sections[0].numberOfItems
      // Mostly a few changes close together (one stretch of lines re-broken); sometimes far
      // apart (a stretch each), or at the section's very start or end.
      let spot =
        switch random.nextIndex(below: 8) {
        case 0: random.nextIndex(below: 4)
        case 1: number - 1 - random.nextIndex(below: 6)
        default: 10 + random.nextIndex(below: number - 20)
        }
      // Within 6 items (one stretch), 200 (stretches whose lines may run into each other:
      // joined) or half the section.
      let spread = [number / 2, 200, 6, 6, 6, 6][random.nextIndex(below: 6)]
      var deleted = Set<Int>()
      for _ in 0..<random.nextInt(in: 0...3) {
        deleted.insert(min(spot + random.nextIndex(below: spread), number - 1))
      }
      var inserted = Set<Int>()
      for _ in 0..<random.nextInt(in: deleted.isEmpty ? 1...3 : 0...3) {
        inserted.insert(min(spot + random.nextIndex(below: spread), number - deleted.count))
      }
      // Sorted: a set's order depends on the process's hashing seed.
      let batch = BatchUpdate(
        deleteItems: deleted.sorted().map(Self.path),
        insertItems: inserted.sorted().map {
          .init(at: Self.path($0), size: Self.randomSize(&random))
        })
      let wasTree = layout.prepared.sections[0].startSums != nil
      try Self.apply(batch, &model, &layout)
      let counters = layout.workCounters
      // Changes close together, clear of the last lines (which a full layout judges, FLOW-12):
      // only the lines around them are broken again, never the whole section.
      if spread == 6 && spot + 6 < number - 100 {
        nearby += 1
        #expect(
          counters.sectionsLaidOut == 1 && counters.linesBroken <= FlowLayoutEngine.rebreakLimit,
          "seed \(seed), batch \(step): \(batch), \(counters)")
      }
      // Changes far apart, clear of the last lines, in a tree: each stretch re-broken on its
      // own (`RunLengthLayout.reline`), never the whole section — unless the stretches are
      // more than one per 512 items, where laying the section out costs less.
      let changes = deleted.count + inserted.count
      if wasTree && spread == number / 2 && (deleted.max() ?? 0) < number - 100
        && (inserted.max() ?? 0) < number - 100 && changes <= number / 512
      {
        apart += 1
        #expect(
          counters.linesBroken <= FlowLayoutEngine.rebreakLimit * changes,
          "seed \(seed), batch \(step): \(batch), \(counters)")
      }
      if spread == 200 && counters.linesBroken < 200 { joined += 1 }
      if layout.prepared.sections[0].startSums != nil { inTree += 1 }
      guard
        try equalsFreshLayout(
          layout, model: model, context: "seed \(seed), batch \(step): \(batch)")
      else { return }
    }
    print(
      "changes close together in \(nearby) batches of 80, far apart in \(apart), within 200 "
        + "items and re-broken in \(joined), in the tree after \(inTree)")
    #expect(nearby > 30 && apart >= 4)
    #expect(inTree > 30, "the section's starts and items are a tree after most batches")
  }
}
