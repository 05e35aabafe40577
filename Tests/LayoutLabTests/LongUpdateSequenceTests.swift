import BenchmarkDatasets
import Foundation
import LayoutLab
import Testing

/// Issue 12's long sequences, for every strategy in the registry: 50 batches on one section of
/// 100,000 items — resizes that keep and that change how lines break, deletes and inserts —
/// each followed by a comparison, bit for bit, with a layout made fresh from the same data.
@Suite("Long update sequences, every strategy")
struct LongUpdateSequenceTests {
  static let baseSeed: UInt64 =
    ProcessInfo.processInfo.environment["LAYOUTLAB_SEED"].flatMap { UInt64($0) } ?? 0x10_0000

  /// One mixed section of `items` sizes drawn from a few, in runs (so that run-length keeps runs
  /// and the start tree); dyadic lengths or tenths (which no strategy may regroup).
  static func model(items: Int, dyadic: Bool, random: inout SplitMix64) -> FlowLayoutModel {
    let sizes: [CGSize] =
      dyadic
      ? [
        .init(width: 100, height: 100), .init(width: 120, height: 80.5),
        .init(width: 60, height: 60),
      ]
      : [
        .init(width: 33.3, height: 33.3), .init(width: 120.7, height: 80.1),
        .init(width: 60, height: 60),
      ]
    var section = [CGSize]()
    section.reserveCapacity(items)
    while section.count < items {
      let run = min(random.nextInt(in: 1...40), items - section.count)
      section += repeatElement(sizes[random.nextIndex(below: sizes.count)], count: run)
    }
    var layout = FlowLayoutConfiguration()
    layout.minimumLineSpacing = dyadic ? 10 : 0.1
    layout.minimumInteritemSpacing = dyadic ? 8 : 0.3
    layout.headerReferenceSize = CGSize(width: 0, height: dyadic ? 30 : 30.7)
    return FlowLayoutModel(
      collectionView: screen(390, 844, scale: 3), layout: layout,
      sections: [FlowSection(itemSizes: section)])
  }

  @Test(
    "50 batches on a 100,000-item section: after each, frames equal a fresh layout's to the bit",
    arguments: FlowStrategies.all.map { $0.strategyName }, [true, false])
  func longSequence(strategy name: String, dyadic: Bool) throws {
    let seed = Self.baseSeed &+ (dyadic ? 0 : 1)
    print("long sequence (\(name), dyadic \(dyadic)): seed \(seed) (set LAYOUTLAB_SEED to replay)")
    var random = SplitMix64(seed: seed)
    var model = Self.model(items: 100_000, dyadic: dyadic, random: &random)
    let strategy = try #require(FlowStrategies.named(name))
    var layout = try FlowStrategies.make(strategy, model: model)
    layout.prepare()
    // The height alone (lines keep their items), and the width too (lines break elsewhere).
    let newSizes: [CGSize] =
      dyadic
      ? [.init(width: 100, height: 160), .init(width: 50, height: 40.25)]
      : [.init(width: 100.1, height: 160.3), .init(width: 33.3, height: 70.9)]
    for step in 0..<50 {
      let count = model.sections[0].numberOfItems
      var batch = BatchUpdate()
      if step % 5 == 4 {
        // Items leave and arrive: every later line moves by whole items.
        batch.deleteItems = [LayoutIndexPath(item: random.nextIndex(below: count), section: 0)]
        batch.insertItems = [
          .init(
            at: LayoutIndexPath(item: random.nextIndex(below: count), section: 0),
            size: newSizes[random.nextIndex(below: 2)])
        ]
      } else {
        var resized = Set<Int>()
        for _ in 0..<random.nextInt(in: 1...3) {
          let item = random.nextIndex(below: count)
          if resized.insert(item).inserted {
            batch.resizeItems.append(
              .init(
                at: LayoutIndexPath(item: item, section: 0),
                size: newSizes[random.nextIndex(below: 2)]))
          }
        }
      }
      (model, _) = try model.applying(batch)
      try layout.performBatchUpdates(batch)
      layout.prepare()
      guard
        try equalsFreshLayout(layout, model: model, context: "\(name), seed \(seed), batch \(step)")
      else { return }
    }
  }
}
