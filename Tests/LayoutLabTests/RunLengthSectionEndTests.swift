import BenchmarkDatasets
import Foundation
import Testing

@testable import LayoutLab

/// Changes at a mixed section's end in the run-length strategy — appends, deletes of the last
/// items, changes in the last two lines: only the lines from the one before the first change
/// to the end are broken again, FLOW-12 judges the new last line as a full layout does, and
/// nothing after them moves (`FlowLayoutEngine.lineRunsToEnd`), with frames equal to a fresh
/// layout's, bit for bit.
@Suite("Run-length changes at a section's end")
struct RunLengthSectionEndTests {
  static let baseSeed: UInt64 =
    ProcessInfo.processInfo.environment["LAYOUTLAB_SEED"].flatMap { UInt64($0) } ?? 0x5EC7_10E5

  static let apply = RunLengthItemBatchTests.apply
  static let path = RunLengthItemBatchTests.path

  /// A batch at the end of the one section of `count` items: an append of one to three items,
  /// a delete of the last few, a change inside the last lines, or both ends of a line.
  static func endBatch(
    _ count: Int, _ random: inout SplitMix64, size: (inout SplitMix64) -> CGSize
  ) -> BatchUpdate {
    switch random.nextIndex(below: 6) {
    case 0, 1:
      let appended = random.nextInt(in: 1...3)
      return BatchUpdate(
        insertItems: (0..<appended).map { .init(at: path(count + $0), size: size(&random)) })
    case 2:
      let deleted = random.nextInt(in: 1...3)
      return BatchUpdate(deleteItems: ((count - deleted)..<count).map(path))
    case 3:
      return BatchUpdate(
        resizeItems: [.init(at: path(count - 1 - random.nextIndex(below: 4)), size: size(&random))]
      )
    case 4:
      return BatchUpdate(
        insertItems: [.init(at: path(count - 1 - random.nextIndex(below: 5)), size: size(&random))]
      )
    default:
      return BatchUpdate(
        deleteItems: [path(count - 2 - random.nextIndex(below: 5))],
        insertItems: [.init(at: path(count - 1), size: size(&random))])
    }
  }

  /// Each section's FLOW-12 flags, item count and length equal a fresh layout's: a stale flag
  /// would show in the frames only at a later change.
  static func expectSectionsEqualFresh(
    _ layout: RunLengthLayout, _ model: FlowLayoutModel, _ context: String
  ) throws {
    var fresh = try RunLengthLayout(model: model)
    fresh.prepare()
    let (sections, expected) = (layout.prepared.sections, fresh.prepared.sections)
    #expect(sections.count == expected.count, "\(context)")
    for (index, section) in zip(sections, expected).enumerated() {
      let (got, want) = section
      #expect(
        got.everyLineHoldsOneItem == want.everyLineHoldsOneItem
          && got.lastLineIsComplete == want.lastLineIsComplete
          && got.numberOfItems == want.numberOfItems
          && got.length.bitPattern == want.length.bitPattern,
        "\(context), section \(index)")
    }
  }

  @Test(
    "appends and changes at the end of a 1,000,000-item mixed section break only the last lines and write as many tree nodes"
  )
  func endOfATree() throws {
    let seed = Self.baseSeed
    var (random, model, layout) = try RunLengthStartTreeTests.preparedSection(
      1_000_000, seed: seed, test: "RunLengthSectionEndTests.endOfATree")
    #expect(layout.prepared.sections[0].startSums != nil, "prepare makes a tree of many runs")
    let runs = layout.prepared.sections[0].runs.count
    let bound = 2 * (Int.bitWidth - runs.leadingZeroBitCount) + 8
    for step in 0..<60 {
      let count = model.sections[0].numberOfItems
      let batch = Self.endBatch(count, &random, size: RunLengthItemBatchTests.randomSize)
      try Self.apply(batch, &model, &layout)
      let counters = layout.workCounters
      // The line before the first change's, and those after it: a few, each a node written;
      // nothing after them, so nothing moved. Or, where the lines fall back on an old boundary
      // before the last line, the middle path: the rest of the stop's run and the runs that
      // move up into an empty slot, a node each, then O(log runs) nodes above them.
      let endPath = counters.linesShifted == 0
      #expect(
        counters.sectionsLaidOut == 1 && counters.linesBroken <= 8
          && (endPath
            ? counters.treeNodesTouched <= counters.linesBroken + 1
            : counters.linesShifted <= 1 + FlowLayoutEngine.slackReach
              && counters.treeNodesTouched
                <= bound + counters.linesBroken + counters.linesShifted + 2),
        "seed \(seed), batch \(step): \(batch), \(counters)")
      #expect(layout.prepared.sections[0].startSums != nil, "seed \(seed), batch \(step)")
      try RunLengthStartTreeTests.expectProbesEqualFresh(
        layout, model, items: [model.sections[0].numberOfItems - 1])
    }
    _ = try equalsFreshLayout(layout, model: model, context: "seed \(seed), after 60 batches")
  }

  @Test(
    "a batch of two stretches, an insert or delete near the end and an append, re-breaks only the last lines of a 1,000,000-item section when the first stretch's lines run into the last line"
  )
  func stretchesJoinedAtTheEnd() throws {
    let seed = Self.baseSeed &+ 5
    var (random, model, layout) = try RunLengthStartTreeTests.preparedSection(
      1_000_000, seed: seed, test: "RunLengthSectionEndTests.stretchesJoinedAtTheEnd")
    let size = RunLengthItemBatchTests.randomSize
    for step in 0..<80 {
      let count = model.sections[0].numberOfItems
      // Farther from the append than `ChangedItemSpan.gap`: two stretches. An item inserted
      // or deleted moves every later one along its line, so the first stretch's lines often
      // fall back on no old boundary before the last line, which holds the second.
      let at = count - 10 - random.nextIndex(below: 15)
      let batch =
        random.nextIndex(below: 2) == 0
        ? BatchUpdate(
          deleteItems: [Self.path(at)],
          insertItems: [.init(at: Self.path(count - 1), size: size(&random))])
        : BatchUpdate(insertItems: [
          .init(at: Self.path(at), size: size(&random)),
          .init(at: Self.path(count + 1), size: size(&random)),
        ])
      try Self.apply(batch, &model, &layout)
      // Each stretch counts the section once; runs after the first stretch's may move up into
      // an empty slot. A layout of the whole section again would break about 700,000 lines.
      let counters = layout.workCounters
      #expect(
        counters.sectionsLaidOut <= 2 && counters.linesBroken <= 2 * FlowLayoutEngine.rebreakLimit
          && counters.linesShifted <= 1 + FlowLayoutEngine.slackReach,
        "seed \(seed), batch \(step): \(batch), \(counters)")
      #expect(layout.prepared.sections[0].startSums != nil, "seed \(seed), batch \(step)")
      try RunLengthStartTreeTests.expectProbesEqualFresh(
        layout, model, items: [at, model.sections[0].numberOfItems - 1])
    }
    _ = try equalsFreshLayout(layout, model: model, context: "seed \(seed), after 80 batches")
  }

  /// Sizes from a few widths, so that the last line often uses exactly what the line before
  /// it used (FLOW-12b), on a grid (a tree) or off it (thirds: a chain).
  static func fewWidths(thirds: Bool) -> (inout SplitMix64) -> CGSize {
    { random in
      let width = [100.0, 120, 60, 185][random.nextIndex(below: 4)]
      let height = Double(random.nextInt(in: 40...120))
      return thirds
        ? CGSize(width: width + 1.0 / 3, height: height + 1.0 / 3)
        : CGSize(width: width, height: height)
    }
  }

  @Test(
    "seeded changes at a mixed section's end equal a fresh layout after every batch",
    arguments: [(100_000, false), (3_000, false), (3_000, true)])
  func randomEndChanges(items count: Int, thirds: Bool) throws {
    let seed = Self.baseSeed &+ UInt64(count) &+ (thirds ? 1 : 0)
    print("RunLengthSectionEndTests.randomEndChanges(\(count), \(thirds)): seed \(seed)")
    var random = SplitMix64(seed: seed)
    let size = Self.fewWidths(thirds: thirds)
    var sizes = (0..<count).map { _ in size(&random) }
    // FLOW-11 in some: an oversize first item, an empty line first.
    if count == 3_000 && !thirds { sizes[0] = CGSize(width: 500, height: 50) }
    var model = FlowLayoutModel(
      collectionView: screen(390, 844, scale: 3),
      layout: flowLayout { $0.minimumLineSpacing = 10 }, sections: [FlowSection(itemSizes: sizes)])
    var layout = try RunLengthLayout(model: model)
    layout.prepare()
    var atTheEnd = 0
    for step in 0..<60 {
      let batch = Self.endBatch(model.sections[0].numberOfItems, &random, size: size)
      try Self.apply(batch, &model, &layout)
      let counters = layout.workCounters
      if counters.sectionsLaidOut == 1 && counters.linesBroken <= 16 { atTheEnd += 1 }
      // Thirds of a point are off the exact-position grid: run-length hands such a layout
      // to an incremental one of exact positions, and keeps no runs.
      if !thirds {
        try Self.expectSectionsEqualFresh(layout, model, "seed \(seed), batch \(step): \(batch)")
      }
      guard
        try equalsFreshLayout(
          layout, model: model, context: "seed \(seed), batch \(step): \(batch)")
      else { return }
    }
    // Every batch but one whose FLOW-12a could not be told (none here: no line holds one
    // item alone but by chance) breaks only the last lines (with thirds, the incremental
    // layout of exact positions does).
    #expect(atTheEnd >= 55, "seed \(seed): \(atTheEnd) of 60 at the end")
  }

  @Test(
    "a section whose every line holds one item keeps its last line complete (FLOW-12a) through appends, and a line of two at the end turns it back",
    arguments: [3_000, 100_000])
  func everyLineOneItem(items count: Int) throws {
    let seed = Self.baseSeed &+ 7 &+ UInt64(count)
    print("RunLengthSectionEndTests.everyLineOneItem(\(count)): seed \(seed)")
    var random = SplitMix64(seed: seed)
    // Wider than half the line: one item a line (two would need 2 · 200 + 10 > 390).
    func wide(_ random: inout SplitMix64) -> CGSize {
      CGSize(
        width: Double(random.nextInt(in: 200...390)), height: Double(random.nextInt(in: 40...80)))
    }
    var model = FlowLayoutModel(
      collectionView: screen(390, 844, scale: 3),
      layout: flowLayout { $0.minimumLineSpacing = 10 },
      sections: [FlowSection(itemSizes: (0..<count).map { _ in wide(&random) })])
    var layout = try RunLengthLayout(model: model)
    layout.prepare()
    #expect(layout.prepared.sections[0].everyLineHoldsOneItem)
    let narrow = CGSize(width: 100, height: 50)
    var steps: [(String, BatchUpdate)] = []
    for round in 0..<4 {
      steps += [
        // 200 wide: the narrow item after it joins its line (200 + 10 + 100 ≤ 390), a line of
        // two.
        (
          "append wide \(round)",
          BatchUpdate(insertItems: [.init(at: Self.path(-1), size: CGSize(width: 200, height: 60))])
        ),
        (
          "append narrow \(round)",
          BatchUpdate(insertItems: [.init(at: Self.path(-1), size: narrow)])
        ),
        (
          "append wide after \(round)",
          BatchUpdate(insertItems: [.init(at: Self.path(-1), size: nil)])
        ),
        // The line of two gone: every line holds one again, which only the replaced lines
        // show (the section is laid out again).
        ("delete narrow \(round)", BatchUpdate(deleteItems: [Self.path(-2)])),
      ]
    }
    for (name, template) in steps {
      let number = model.sections[0].numberOfItems
      // Placeholders resolved: -1 is the end, -2 the narrow item (last but one).
      let batch: BatchUpdate =
        if let insert = template.insertItems.first {
          BatchUpdate(insertItems: [
            .init(at: Self.path(number), size: insert.size ?? wide(&random))
          ])
        } else {
          BatchUpdate(deleteItems: [Self.path(number - 2)])
        }
      try Self.apply(batch, &model, &layout)
      let counters = layout.workCounters
      if !name.hasPrefix("delete") {
        #expect(
          counters.sectionsLaidOut == 1 && counters.linesBroken <= 4,
          "seed \(seed), \(name): \(counters)")
      }
      let section = layout.prepared.sections[0]
      let holdsTwo = name.hasPrefix("append narrow") || name.hasPrefix("append wide after")
      #expect(section.everyLineHoldsOneItem == !holdsTwo, "seed \(seed), \(name)")
      guard try equalsFreshLayout(layout, model: model, context: "seed \(seed), \(name)")
      else { return }
    }
  }

  @Test("appending to a section grows its runs in place, copying them once per eighth of growth")
  func growthInPlace() throws {
    let seed = Self.baseSeed &+ 11
    var (random, model, layout) = try RunLengthStartTreeTests.preparedSection(
      20_000, seed: seed, test: "RunLengthSectionEndTests.growthInPlace")
    var bases = Set<Int>()
    for step in 0..<3_000 {
      let count = model.sections[0].numberOfItems
      try Self.apply(
        BatchUpdate(
          insertItems: [
            .init(at: Self.path(count), size: RunLengthItemBatchTests.randomSize(&random))
          ]),
        &model, &layout)
      let counters = layout.workCounters
      #expect(
        counters.sectionsLaidOut == 1 && counters.linesBroken <= 4, "append \(step): \(counters)")
      layout.prepared.sections[0].runs.withUnsafeRuns {
        _ = bases.insert(Int(bitPattern: $0.baseAddress))
      }
    }
    // About 1,000 more runs over about 7,000: a copy into room for an eighth more, then
    // appends into it (a copy each would be hundreds of addresses, or the same one reused).
    #expect(bases.count <= 4, "\(bases.count) storages for 3,000 appends")
    _ = try equalsFreshLayout(layout, model: model, context: "seed \(seed), after 3,000 appends")
  }

  @Test(
    "seeded changes at the ends of small sections, some of one item a line, some opening with FLOW-11's empty line, in a layout and its copies, equal a fresh layout"
  )
  func smallSectionsAndCopies() throws {
    let seed = Self.baseSeed &+ 13
    print("RunLengthSectionEndTests.smallSectionsAndCopies: seed \(seed)")
    var random = SplitMix64(seed: seed)
    // Mostly wider than half the line (one a line), sometimes narrow (two or three a line),
    // rarely wider than the line (alone, and FLOW-11's empty line first).
    func size(_ random: inout SplitMix64) -> CGSize {
      let width: Double =
        switch random.nextIndex(below: 10) {
        case 0...5: Double(random.nextInt(in: 200...390))
        case 6...8: Double(random.nextInt(in: 60...120))
        default: 420
        }
      return CGSize(width: width, height: Double(random.nextInt(in: 20...60)))
    }
    var model = FlowLayoutModel(
      collectionView: screen(390, 844, scale: 3),
      layout: flowLayout { $0.minimumLineSpacing = 10 },
      sections: (0..<5).map { _ in
        FlowSection(itemSizes: (0..<random.nextInt(in: 3...12)).map { _ in size(&random) })
      })
    var layout = try RunLengthLayout(model: model)
    layout.prepare()
    for step in 0..<200 {
      let section = random.nextIndex(below: model.sections.count)
      let count = model.sections[section].numberOfItems
      let batch = Self.endBatch(count, &random, size: size).inSection(section, count: count)
      let context = "seed \(seed), batch \(step): \(batch)"
      if step % 10 == 9 {
        // A copy changed, the original kept: the copy's runs are copied before they change.
        var copy = layout
        var changed = model
        try Self.apply(batch, &changed, &copy)
        guard try equalsFreshLayout(copy, model: changed, context: "copy, " + context),
          try equalsFreshLayout(layout, model: model, context: "original, " + context)
        else { return }
        continue
      }
      try Self.apply(batch, &model, &layout)
      try Self.expectSectionsEqualFresh(layout, model, context)
      guard try equalsFreshLayout(layout, model: model, context: context) else { return }
    }
  }
}

extension BatchUpdate {
  /// This batch of section 0's items, in section `section` instead, whose `count` items it
  /// was drawn for; a delete that would leave the section empty dropped.
  fileprivate func inSection(_ section: Int, count: Int) -> BatchUpdate {
    func moved(_ path: LayoutIndexPath) -> LayoutIndexPath {
      LayoutIndexPath(item: path.item, section: section)
    }
    let deletes = deleteItems.filter { $0.item >= 0 && $0.item < count }
    guard deletes.count < count else { return BatchUpdate() }
    return BatchUpdate(
      deleteItems: deletes.map(moved),
      insertItems: insertItems.filter { $0.at.item >= 0 }.map {
        .init(at: moved($0.at), size: $0.size)
      },
      resizeItems: resizeItems.filter { $0.at.item >= 0 && $0.at.item < count }.map {
        .init(at: moved($0.at), size: $0.size)
      })
  }
}
