import BenchmarkDatasets
import Foundation
import Testing

@testable import LayoutLab

/// Resizes in a mixed section whose run starts are a Fenwick tree
/// (`FlowLayoutEngine+LineRunStarts.swift`): a resize re-breaks a few lines, moves the later
/// runs through O(log runs) nodes, and frames equal a fresh layout's, bit for bit — with the
/// engine's chain where the sums could round.
@Suite("Run-length start tree")
struct RunLengthStartTreeTests {
  static let baseSeed: UInt64 =
    ProcessInfo.processInfo.environment["LAYOUTLAB_SEED"].flatMap { UInt64($0) } ?? 0x7EE5_0011

  /// One vertical section of `count` varied sizes (the giant-section dataset's, in halves when
  /// `halves`), with line spacing `lineSpacing`.
  static func model(
    _ count: Int, lineSpacing: Double, halves: Bool = false, horizontal: Bool = false,
    random: inout SplitMix64
  ) -> FlowLayoutModel {
    let sizes = (0..<count).map { _ in
      CGSize(
        width: Double(random.nextInt(in: 40...200)),
        height: Double(random.nextInt(in: 40...120)) + (halves ? 0.5 : 0))
    }
    return FlowLayoutModel(
      collectionView: screen(390, 844, scale: 3),
      layout: flowLayout {
        $0.minimumLineSpacing = lineSpacing
        if horizontal { $0.scrollDirection = .horizontal }
      },
      sections: [FlowSection(itemSizes: sizes)])
  }

  /// A seeded test's start: its seed printed (set LAYOUTLAB_SEED to replay it), a section of
  /// `count` varied sizes (`model(_:lineSpacing:random:)`, line spacing 10) and its run-length
  /// layout, prepared; the generator goes on from where the sizes left it.
  static func preparedSection(_ count: Int, seed: UInt64, test: String) throws -> (
    random: SplitMix64, model: FlowLayoutModel, layout: RunLengthLayout
  ) {
    print("\(test): seed \(seed)")
    var random = SplitMix64(seed: seed)
    let model = model(count, lineSpacing: 10, random: &random)
    var layout = try RunLengthLayout(model: model)
    layout.prepare()
    return (random, model, layout)
  }

  /// The size of item `item` of the one section.
  static func size(of item: Int, in model: FlowLayoutModel) -> CGSize {
    guard case .perItem(let sizes) = model.sections[0].itemSizing else { return .zero }
    return sizes[item]
  }

  /// Resizes `path` to `size` in `model` and `layout`, and prepares.
  static func resize(
    _ path: LayoutIndexPath, to size: CGSize, _ model: inout FlowLayoutModel,
    _ layout: inout RunLengthLayout
  ) throws {
    let batch = BatchUpdate(resizeItems: [.init(at: path, size: size)])
    (model, _) = try model.applying(batch)
    layout.resetWorkCounters()
    try layout.performBatchUpdates(batch)
    layout.prepare()
  }

  /// Items around `items`, and rects at the start, around them and at the end, against a
  /// fresh run-length layout (itself checked against the reference by the differential suites).
  static func expectProbesEqualFresh(
    _ layout: RunLengthLayout, _ model: FlowLayoutModel, items: [Int]
  ) throws {
    var fresh = try RunLengthLayout(model: model)
    fresh.prepare()
    #expect(layout.collectionViewContentSize == fresh.collectionViewContentSize)
    let count = model.sections[0].numberOfItems
    for item in items.flatMap({ [$0 - 20, $0 - 1, $0, $0 + 1, $0 + 20] }) + [0, count - 1]
    where (0..<count).contains(item) {
      let probe = LayoutIndexPath(item: item, section: 0)
      #expect(layout.layoutAttributesForItem(at: probe) == fresh.layoutAttributesForItem(at: probe))
    }
    let end = fresh.collectionViewContentSize.height
    var rects = [CGRect(x: 0, y: 0, width: 390, height: 844)]
    rects.append(CGRect(x: 0, y: end - 844, width: 390, height: 844))
    for item in items {
      guard let frame = fresh.layoutAttributesForItem(at: LayoutIndexPath(item: item, section: 0))
      else { continue }
      rects.append(CGRect(x: 0, y: frame.frame.minY - 400, width: 390, height: 844))
    }
    for rect in rects {
      #expect(
        layout.layoutAttributesForElements(in: rect) == fresh.layoutAttributesForElements(in: rect))
    }
  }

  @Test("resizing one item of a 1,000,000-item mixed section touches O(log runs) tree nodes")
  func logarithmicResize() throws {
    let seed = Self.baseSeed
    var (_, model, layout) = try Self.preparedSection(
      1_000_000, seed: seed, test: "RunLengthStartTreeTests.logarithmicResize")
    #expect(layout.prepared.sections[0].startSums != nil, "prepare makes a tree of many runs")
    let runs = layout.prepared.sections[0].runs.count
    let bound = 2 * (Int.bitWidth - runs.leadingZeroBitCount) + 8
    // Every resize, the first too, moves the later runs through O(log runs) nodes.
    for (step, item) in [500_000, 500_000, 123_457, 999_000, 7].enumerated() {
      let path = LayoutIndexPath(item: item, section: 0)
      let old = Self.size(of: item, in: model)
      let grown = CGSize(width: old.width, height: old.height + 60)
      try Self.resize(path, to: grown, &model, &layout)
      let counters = layout.workCounters
      #expect(counters.linesBroken <= 4, "step \(step)")
      #expect(counters.sectionsLaidOut == 1, "step \(step)")
      #expect(counters.treeNodesTouched <= bound, "step \(step): \(counters.treeNodesTouched)")
      #expect(layout.prepared.sections[0].startSums != nil, "step \(step)")
      try Self.expectProbesEqualFresh(layout, model, items: [item])
    }
    // A new width that changes how many lines there are: the runs broken again take or leave
    // empty slots, and the later ones move through the tree all the same.
    let path = LayoutIndexPath(item: 400_000, section: 0)
    try Self.resize(path, to: CGSize(width: 390, height: 50), &model, &layout)
    #expect(layout.workCounters.sectionsLaidOut == 1)
    #expect(layout.prepared.sections[0].startSums != nil)
    #expect(layout.workCounters.treeNodesTouched <= bound + 16, "\(layout.workCounters)")
    try Self.expectProbesEqualFresh(layout, model, items: [400_000])
    try Self.resize(path, to: CGSize(width: 390, height: 80), &model, &layout)
    try Self.resize(path, to: CGSize(width: 390, height: 90), &model, &layout)
    #expect(layout.workCounters.treeNodesTouched <= bound)
    try Self.expectProbesEqualFresh(layout, model, items: [400_000])
  }

  @Test(
    "the first resize after prepare of a 1,000,000-item mixed section, one that changes its number of lines too, rewrites O(1) runs and O(log runs) nodes",
    arguments: [false, true])
  func firstResizeIsLogarithmic(reflows: Bool) throws {
    let seed = Self.baseSeed &+ 13
    var (_, model, layout) = try Self.preparedSection(
      1_000_000, seed: seed, test: "RunLengthStartTreeTests.firstResizeIsLogarithmic")
    let section = layout.prepared.sections[0]
    #expect(section.startSums != nil, "a section of many runs is a tree from prepare on")
    // An empty slot in every `slackSpacing`: room for more runs at the first resize.
    let spacing = FlowLayoutEngine.SectionRuns.slackSpacing
    #expect(section.runs[spacing - 1].isEmptySlot && !section.runs[spacing].isEmptySlot)
    let bound = 2 * (Int.bitWidth - section.runs.count.leadingZeroBitCount) + 8
    let item = 500_001
    let old = Self.size(of: item, in: model)
    // Alone on its line (more lines), or taller (the later lines move).
    let size =
      reflows ? CGSize(width: 390, height: old.height) : CGSize(width: old.width, height: 200)
    let linesBefore = layout.prepared.sections[0].runs.count
    try Self.resize(LayoutIndexPath(item: item, section: 0), to: size, &model, &layout)
    let counters = layout.workCounters
    #expect(layout.prepared.sections[0].runs.count == linesBefore, "rewritten in place")
    // The lines after the resized item flow on until a break lands on an old one: a few, but
    // how many depends on the widths (over random widths, halving about every 4 lines); past
    // `rebreakLimit` the section would be laid out again.
    #expect(
      counters.sectionsLaidOut == 1 && counters.linesBroken <= FlowLayoutEngine.rebreakLimit,
      "\(counters)")
    // Up to the next empty slot (one every `slackSpacing` runs after prepare), a slot each,
    // then O(log runs) nodes above them.
    #expect(counters.linesShifted <= 1 + FlowLayoutEngine.SectionRuns.slackSpacing, "\(counters)")
    #expect(
      counters.treeNodesTouched <= bound + counters.linesBroken + counters.linesShifted,
      "\(counters)")
    try Self.expectProbesEqualFresh(layout, model, items: [item])
  }

  @Test(
    "seeded resizes of a 100,000-item mixed section equal a fresh layout after every batch",
    arguments: [(10.0, false, false), (10.0, true, false), (0.1, false, false), (10.0, true, true)])
  func randomResizes(lineSpacing: Double, halves: Bool, horizontal: Bool) throws {
    let seed =
      Self.baseSeed &+ (halves ? 1 : 0) &+ (lineSpacing == 10 ? 0 : 2) &+ (horizontal ? 4 : 0)
    print(
      "run-length start tree (line spacing \(lineSpacing), halves \(halves), horizontal "
        + "\(horizontal)): seed \(seed)")
    var random = SplitMix64(seed: seed)
    var model = Self.model(
      100_000, lineSpacing: lineSpacing, halves: halves, horizontal: horizontal, random: &random)
    var layout = try RunLengthLayout(model: model)
    layout.prepare()
    var (inTree, partial, moved) = (0, 0, 0)
    for step in 0..<60 {
      var batch = BatchUpdate()
      var resized = Set<Int>()
      // Mostly new thicknesses (the lines after move), sometimes new widths (items change
      // lines, and the number of lines may change), somewhere in the middle or near the end;
      // a batch resizes a few neighbouring items (the update re-breaks from the first to the
      // last).
      let first =
        random.nextIndex(below: 4) == 0
        ? 100_000 - 1 - random.nextIndex(below: 40) : random.nextIndex(below: 100_000 - 8)
      for _ in 0..<random.nextInt(in: 1...3) {
        let item = min(first + random.nextIndex(below: 8), 100_000 - 1)
        let old = Self.size(of: item, in: model)
        let size =
          random.nextIndex(below: 4) == 0
          ? CGSize(width: Double(random.nextInt(in: 40...390)), height: old.height)
          : CGSize(width: old.width, height: Double(random.nextInt(in: 0...160)) + 0.25)
        if resized.insert(item).inserted {
          batch.resizeItems.append(.init(at: LayoutIndexPath(item: item, section: 0), size: size))
        }
      }
      (model, _) = try model.applying(batch)
      layout.resetWorkCounters()
      try layout.performBatchUpdates(batch)
      layout.prepare()
      if layout.workCounters.linesBroken <= 4 * batch.resizeItems.count { partial += 1 }
      // Off the grid of exact positions (tenths) the fallback answers: no state to read.
      if layout.exact.layout == nil && layout.prepared.sections[0].startSums != nil { inTree += 1 }
      // One node is the section's start (`SectionStarts`); more are the runs' tree's.
      if layout.workCounters.treeNodesTouched > 1 { moved += 1 }
      guard try equalsFreshLayout(layout, model: model, context: "seed \(seed), batch \(step)")
      else { return }
    }
    print(
      "in the tree after \(inTree) batches of 60, moved through it \(moved), partial \(partial)")
    if lineSpacing == 10 {
      #expect(
        inTree > 30 && moved > 20 && partial > 30,
        "most resizes move the later runs through the tree")
    } else {
      // Tenths: off the grid of exact positions, a binary-search layout of them answers
      // (`ExactPositionFallback`, docs/FlowRules.md).
      #expect(inTree == 0 && layout.exact.layout != nil)
    }
  }

  @Test(
    "seeded reflows of a 100,000-item mixed section, clustered, rewrite O(1) slots and equal a fresh layout"
  )
  func clusteredReflows() throws {
    let seed = Self.baseSeed &+ 11
    let count = 100_000
    var (random, model, layout) = try Self.preparedSection(
      count, seed: seed, test: "run-length start tree (clustered reflows)")
    // A few spots resized again and again: runs broken into more and fewer lines take and
    // leave empty slots there, which must neither run out nor pile up without bound.
    let spots = (0..<3).map { _ in 1_000 + random.nextIndex(below: count - 2_000) }
    var (inPlace, rebuilt) = (0, 0)
    for step in 0..<50 {
      var batch = BatchUpdate()
      let spot =
        random.nextIndex(below: 5) == 0
        ? 1_000 + random.nextIndex(below: count - 2_000) : spots[random.nextIndex(below: 3)]
      // Sorted: a set's order depends on the process's hashing seed.
      let items = Set(
        (0..<random.nextInt(in: 1...3)).map { _ in spot + random.nextIndex(below: 6) })
      for item in items.sorted() {
        let old = Self.size(of: item, in: model)
        // Along the line: the item alone on a line, or narrow enough to join its neighbours.
        let width = [390.0, 40, 60, Double(random.nextInt(in: 40...300))][
          random.nextIndex(below: 4)]
        batch.resizeItems.append(
          .init(
            at: LayoutIndexPath(item: item, section: 0),
            size: CGSize(width: width, height: old.height)))
      }
      (model, _) = try model.applying(batch)
      layout.resetWorkCounters()
      try layout.performBatchUpdates(batch)
      layout.prepare()
      let counters = layout.workCounters
      if counters.linesShifted <= 128 && counters.linesBroken <= 32 { inPlace += 1 }
      if counters.linesShifted > 128 { rebuilt += 1 }
      guard try equalsFreshLayout(layout, model: model, context: "seed \(seed), batch \(step)")
      else { return }
    }
    print("in place \(inPlace) of 50, runs copied with new room \(rebuilt) times")
    #expect(inPlace >= 40 && rebuilt <= 5, "in place \(inPlace), copied \(rebuilt)")
  }

  @Test("a copy of a layout keeps its frames while the other's runs change in place")
  func copiesStayApart() throws {
    let seed = Self.baseSeed &+ 7
    var (_, model, layout) = try Self.preparedSection(
      10_000, seed: seed, test: "RunLengthStartTreeTests.copiesStayApart")
    let path = LayoutIndexPath(item: 5_000, section: 0)
    let width = Self.size(of: path.item, in: model).width
    try Self.resize(path, to: CGSize(width: width, height: 70), &model, &layout)
    #expect(layout.prepared.sections[0].startSums != nil, "the runs were the layout's alone")
    let before = model
    let copy = layout
    // Changed in place, after a copy of the runs the two layouts shared.
    try Self.resize(path, to: CGSize(width: width, height: 130), &model, &layout)
    try Self.resize(path, to: CGSize(width: width, height: 30), &model, &layout)
    #expect(layout.prepared.sections[0].startSums != nil)
    #expect(try equalsFreshLayout(copy, model: before, context: "the copy"))
    #expect(try equalsFreshLayout(layout, model: model, context: "the layout changed"))
  }

  @Test("a set of exact summands made from a unit and a count of units is the inserted one's")
  func summandsFromUnits() {
    #expect(ExactSummands(unit: -10, units: 1 << 53).holds)
    #expect(!ExactSummands(unit: -10, units: (1 << 53) + 1).holds)
    #expect(!ExactSummands(unit: -10, units: -1).holds)
    // 1 point is 1024 units; a finer value refines the unit, doubling the count.
    var sums = ExactSummands(unit: -10, units: 1024)
    sums.insert(0x1p-11)
    #expect(sums.holds)
    sums.insert(0x1p42)
    #expect(!sums.holds, "2^42 + 1 + 2^-11 points: more than 2^53 units of 2^-11")
    var tight = ExactSummands(unit: -10, units: 1 << 52)
    tight.insert(0x1p42 - 0x1p-10)
    tight.remove(0x1p42 - 0x1p-10)
    #expect(tight.holds)
  }
}
