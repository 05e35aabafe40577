import BenchmarkDatasets
import Foundation
import Testing

@testable import LayoutLab

/// Updates of the run-length strategy: section starts kept as prefix sums where no grouping of
/// the additions can change a bit (`SectionStarts`, `ExactSummands`), the engine's chain
/// elsewhere, and frames after every update equal to a fresh layout's, bit for bit.
@Suite("Run-length updates")
struct RunLengthUpdateTests {
  static let baseSeed: UInt64 =
    ProcessInfo.processInfo.environment["LAYOUTLAB_SEED"].flatMap { UInt64($0) } ?? 0x7EE5_0001

  /// Where each section starts by the engine's additions, one after the other, then where the
  /// last ends.
  func chain<Position: ScrollPosition>(origin: Position, _ lengths: [Position]) -> [Position] {
    var starts: [Position] = []
    var position = origin
    for length in lengths {
      starts.append(position)
      position += length
    }
    starts.append(position)
    return starts
  }

  /// Section starts of 2,000 random lengths (`length`), changed at random 300 times: after
  /// each round every start probed, where the last ends, and the sections a random range
  /// meets with where the first starts equal the engine's chain and a linear scan of it, to
  /// the bit. Returns the starts and their counters, or nil once something differed.
  func checkStarts<Position: ScrollPosition>(
    origin: Position, seed: UInt64, random: inout SplitMix64,
    length: (inout SplitMix64) -> Position
  ) -> (SectionStarts<Position>, LayoutWorkCounters)? {
    var lengths = (0..<2_000).map { _ in length(&random) }
    var starts = SectionStarts(origin: origin, count: lengths.count) { lengths[$0] }
    var counters = LayoutWorkCounters()
    for step in 0..<300 {
      for _ in 0..<random.nextInt(in: 1...3) {
        let index = random.nextIndex(below: lengths.count)
        let old = lengths[index]
        lengths[index] = length(&random)
        starts.setLength(lengths[index], was: old, of: index, counters: &counters)
      }
      starts.restack(lengths: { lengths[$0] }, counters: &counters)
      let expected = chain(origin: origin, lengths)
      let probes = (0..<20).map { _ in random.nextIndex(below: lengths.count) } + [0]
      for index in probes where !starts.start(of: index).isIdentical(to: expected[index]) {
        Issue.record("seed \(seed), step \(step): start of \(index) differs")
        return nil
      }
      let last = lengths.count - 1
      #expect(
        (starts.start(of: last) + lengths[last]).isIdentical(to: expected[lengths.count]),
        "step \(step)")
      // The sections a range meets: from the first that ends at or after its low end to the
      // last that starts at or before its high end, and where the first starts.
      let low = expected[random.nextIndex(below: expected.count)] + Position(0.5)
      let high = low + Position(Double(random.nextInt(in: 0...900)))
      let first = (0..<lengths.count).first { expected[$0 + 1] >= low } ?? lengths.count
      var end = first
      while end < lengths.count && expected[end] <= high { end += 1 }
      let (met, firstStart) = starts.sectionsAndFirstStart(from: low, through: high) {
        lengths[$0]
      }
      #expect(met == first..<end, "seed \(seed), step \(step)")
      if first < lengths.count {
        #expect(firstStart.isIdentical(to: expected[first]), "seed \(seed), step \(step)")
      }
    }
    return (starts, counters)
  }

  @Test(
    "section starts as prefix sums equal the engine's chain to the bit, seeded",
    arguments: [
      ("dyadic", true), ("tenths", false),
    ])
  func startsEqualTheChain(values: String, dyadic: Bool) {
    let seed = Self.baseSeed
    print("run-length update tests (\(values)): seed \(seed) (set LAYOUTLAB_SEED to replay)")
    var random = SplitMix64(seed: seed)
    guard
      let (starts, counters) = checkStarts(
        origin: dyadic ? 12.5 : 0.1, seed: seed, random: &random,
        length: { random in
          let whole = Double(random.nextInt(in: 0...400))
          return dyadic ? whole + [0, 0.25, 0.5][random.nextIndex(below: 3)] : whole + 0.1 * 3.33
        })
    else { return }
    // A chain never turns back into prefix sums: these were prefix sums throughout, or never.
    #expect(starts.isTree == dyadic, "prefix sums exactly when every sum is exact")
    if dyadic {
      #expect(counters.sectionsShifted == 0, "prefix sums move no section one by one")
      #expect(counters.treeNodesTouched > 0)
    } else {
      #expect(counters.treeNodesTouched == 0)
    }
  }

  @Test("exact section starts (thirds, tenths): always prefix sums, equal the chain, seeded")
  func exactStartsEqualTheChain() {
    let seed = Self.baseSeed &+ 7
    print("run-length update tests (exact starts): seed \(seed) (set LAYOUTLAB_SEED to replay)")
    var random = SplitMix64(seed: seed)
    // Thirds (scale-3 self-sizing) and tenths: off the grid, where `Double` sums may round.
    guard
      let (starts, counters) = checkStarts(
        origin: ExactPosition(47.0 / 3), seed: seed, random: &random,
        length: { random in
          ExactPosition(
            Double(random.nextInt(in: 0...400)) + [0, 1.0 / 3, 0.1][random.nextIndex(below: 3)])
        })
    else { return }
    #expect(starts.isTree, "exact sums add exactly in any grouping")
    #expect(counters.sectionsShifted == 0, "prefix sums move no section one by one")
    #expect(counters.treeNodesTouched > 0)
  }

  @Test("exact summands: dyadic values hold, tenths and negative zero do not, the bound is 2^53")
  func exactSummands() {
    #expect(ExactSummands([0.5, 12.25, 1e6, 0]).holds)
    #expect(!ExactSummands([0.1, 0.2, 0.3]).holds)
    #expect(!ExactSummands([1, -0.0]).holds)
    #expect(!ExactSummands([1, .infinity]).holds)
    #expect(ExactSummands([0x1p52, 0x1p52]).holds)
    #expect(!ExactSummands([0x1p52, 0x1p52, 1]).holds)
    // A finer unit counts the values already in at its scale.
    #expect(ExactSummands([0x1p50, 0.5]).holds)
    #expect(!ExactSummands([0x1p52, 0.5]).holds)
    var summands = ExactSummands([0x1p52, 0x1p52])
    summands.remove(0x1p52)
    summands.insert(0x1p51)
    #expect(summands.holds, "a value removed frees its share of the bound")
  }

  @Test("prefix sums: every prefix, after changes, equals the sum of the values")
  func prefixSumTree() {
    var random = SplitMix64(seed: Self.baseSeed)
    var values = (0..<1_000).map { _ in Double(random.nextInt(in: -50...50)) }
    var tree = PrefixSumTree.nodes(of: values)
    for _ in 0..<200 {
      let index = random.nextIndex(below: values.count)
      let value = Double(random.nextInt(in: -50...50))
      let touched = PrefixSumTree.add(value - values[index], at: index, to: &tree)
      #expect(touched <= 11, "at most one node per bit of 1,001")
      values[index] = value
    }
    var sum = 0.0
    for count in 0...values.count {
      #expect(PrefixSumTree.prefixSum(count, of: tree) == sum)
      if count < values.count { sum += values[count] }
    }
  }

  @Test(
    "a batch that deletes and inserts items in k mixed sections lays out k sections, their runs in one block"
  )
  func batchOverManySectionsSharesOneBlock() throws {
    // 60 sections of 80 items of varied widths; every other one loses items 3 and 4 and gains
    // an item at 70: one item fewer, so each is laid out again, not re-broken in place.
    let widths: [CGFloat] = [40, 90, 60, 120, 75]
    let model = FlowLayoutModel(
      collectionView: screen(390, 844, scale: 3),
      layout: flowLayout { $0.headerReferenceSize = CGSize(width: 0, height: 30) },
      sections: (0..<60).map { section in
        FlowSection(
          itemSizes: (0..<80).map { CGSize(width: widths[($0 + section) % 5], height: 50) })
      })
    var layout = try RunLengthLayout(model: model)
    layout.prepare()
    layout.resetWorkCounters()
    let changed = Array(stride(from: 0, to: 60, by: 2))
    try layout.performBatchUpdates(
      BatchUpdate(
        deleteItems: changed.flatMap {
          [LayoutIndexPath(item: 3, section: $0), LayoutIndexPath(item: 4, section: $0)]
        },
        insertItems: changed.map {
          .init(at: LayoutIndexPath(item: 70, section: $0), size: CGSize(width: 55, height: 80))
        }))
    layout.prepare()
    #expect(layout.workCounters.sectionsLaidOut == changed.count)
    // One block for the batch, not one per section: each re-laid section's runs follow the
    // previous one's.
    let sections = layout.prepared.sections
    var end: UnsafePointer<FlowLayoutEngine.LineRun>?
    for index in changed {
      let (base, count) = sections[index].runs.withUnsafeRuns { ($0.baseAddress, $0.count) }
      if let end { #expect(base == end, "section \(index)") }
      end = base.map { $0 + count }
    }
    #expect(try equalsFreshLayout(layout, model: layout.model, context: "after the batch"))
  }

  @Test(
    "resizing an item in one of 100,000 sections lays out one section and touches O(log s) nodes")
  func resizeInOneOfManySections() throws {
    let sections = 100_000
    let model = FlowLayoutModel(
      collectionView: screen(390, 844, scale: 3),
      layout: flowLayout {
        $0.itemSize = CGSize(width: 100, height: 100)
        $0.headerReferenceSize = CGSize(width: 0, height: 30)
      },
      sections: (0..<sections).map { _ in FlowSection(items: 4) })
    var layout = try RunLengthLayout(model: model)
    layout.prepare()
    layout.resetWorkCounters()
    let path = LayoutIndexPath(item: 2, section: sections / 2)
    try layout.performBatchUpdates(
      BatchUpdate(resizeItems: [.init(at: path, size: CGSize(width: 100, height: 160))]))
    layout.prepare()
    let counters = layout.workCounters
    #expect(counters.sectionsLaidOut == 1)
    #expect(counters.sectionsShifted == 0, "later sections move through the tree")
    #expect(counters.treeNodesTouched >= 1 && counters.treeNodesTouched <= 17, "⌈log2 100,001⌉")
    #expect(counters.linesBroken <= 2)
    var fresh = try RunLengthLayout(model: layout.model)
    fresh.prepare()
    #expect(layout.collectionViewContentSize == fresh.collectionViewContentSize)
    for section in [0, sections / 2, sections / 2 + 1, sections - 1] {
      let header = LayoutIndexPath(item: 0, section: section)
      #expect(
        layout.layoutAttributesForSupplementaryView(ofKind: .header, at: header)
          == fresh.layoutAttributesForSupplementaryView(ofKind: .header, at: header))
    }
  }

  /// Mixed sections of sizes drawn from a few (so runs form), with headers and footers.
  func longSequenceModel(items: Int, dyadic: Bool, random: inout SplitMix64) -> FlowLayoutModel {
    let sizes: [CGSize] =
      dyadic
      ? [
        CGSize(width: 100, height: 100), CGSize(width: 120, height: 80.5),
        .init(width: 60, height: 60),
      ]
      : [
        CGSize(width: 33.3, height: 33.3), CGSize(width: 120.7, height: 80.1),
        .init(width: 60, height: 60),
      ]
    var layout = FlowLayoutConfiguration()
    layout.minimumLineSpacing = dyadic ? 10 : 0.1
    layout.minimumInteritemSpacing = dyadic ? 8 : 0.3
    layout.headerReferenceSize = CGSize(width: 0, height: dyadic ? 30 : 30.7)
    layout.footerReferenceSize = CGSize(width: 0, height: 12)
    let perSection = 1_000
    let sections = (0..<(items / perSection)).map { _ in
      var section = [CGSize]()
      section.reserveCapacity(perSection)
      while section.count < perSection {
        let size = sizes[random.nextIndex(below: sizes.count)]
        let run = min(random.nextInt(in: 1...60), perSection - section.count)
        section += repeatElement(size, count: run)
      }
      return FlowSection(itemSizes: section)
    }
    return FlowLayoutModel(
      collectionView: screen(390, 844, scale: 3), layout: layout, sections: sections)
  }

  @Test(
    "60 batches on a 100,000-item layout: after each, frames equal a fresh layout's to the bit",
    arguments: [true, false])
  func longSequence(dyadic: Bool) throws {
    let seed = Self.baseSeed &+ (dyadic ? 0 : 1)
    print(
      "run-length long sequence (dyadic \(dyadic)): seed \(seed) (set LAYOUTLAB_SEED to replay)")
    var random = SplitMix64(seed: seed)
    var model = longSequenceModel(items: 100_000, dyadic: dyadic, random: &random)
    var layout = try RunLengthLayout(model: model)
    layout.prepare()
    let newSizes =
      dyadic
      ? [CGSize(width: 100, height: 160), CGSize(width: 50, height: 40.25)]
      : [CGSize(width: 100.1, height: 160.3), CGSize(width: 33.3, height: 33.3)]
    for step in 0..<60 {
      var batch = BatchUpdate()
      let sectionCount = model.sections.count
      var resized = Set<LayoutIndexPath>()
      for _ in 0..<random.nextInt(in: 1...4) {
        let section = random.nextIndex(below: sectionCount)
        let count = model.sections[section].numberOfItems
        guard count > 0 else { continue }
        let path = LayoutIndexPath(item: random.nextIndex(below: count), section: section)
        if resized.insert(path).inserted {
          batch.resizeItems.append(.init(at: path, size: newSizes[random.nextIndex(below: 2)]))
        }
      }
      if step % 5 == 4 {
        // Items leave one section and arrive in another; sometimes a section comes or goes.
        let from = random.nextIndex(below: sectionCount)
        if model.sections[from].numberOfItems > 0 {
          batch.deleteItems = [LayoutIndexPath(item: 0, section: from)]
        }
        let to = random.nextIndex(below: sectionCount)
        batch.insertItems = [.init(at: LayoutIndexPath(item: 0, section: to), size: newSizes[0])]
        batch.resizeItems = []
      }
      if step % 20 == 19 {
        batch = BatchUpdate(
          insertSections: [.init(at: 1, section: FlowSection(itemSizes: [newSizes[1]]))])
      }
      (model, _) = try model.applying(batch)
      try layout.performBatchUpdates(batch)
      layout.prepare()
      guard try equalsFreshLayout(layout, model: model, context: "seed \(seed), batch \(step)")
      else { return }
    }
    // Later sections move through a tree of section starts either way: on the grid run-length's
    // own, of `Double`s; tenths are off the grid of exact positions, where an incremental
    // layout of exact positions answers instead (`ExactPositionFallback`, docs/FlowRules.md),
    // with its tree of exact starts.
    let counters = layout.workCounters
    #expect(counters.treeNodesTouched > 0)
    #expect((layout.exact.layout != nil) == !dyadic)
  }
}
