import BenchmarkDatasets
import Foundation
import Testing

@testable import LayoutLab

/// The incremental strategy's sections keep their invariants (`IncrementalSection+Invariants`)
/// through every kind of update — checked explicitly after each `prepare()`, as
/// swift-collections' tests call `_checkInvariants()` — and still equal a layout from scratch.
/// (Debug builds also check them inside every update.)
@Suite("Incremental section invariants")
struct IncrementalInvariantTests {
  static let baseSeed: UInt64 =
    ProcessInfo.processInfo.environment["LAYOUTLAB_SEED"].flatMap { UInt64($0) } ?? 0x1A7A_11D5

  /// The same elements and content size as a fresh layout of the same model.
  func expectEqualsFresh(_ layout: IncrementalLayout, _ context: String) throws {
    var fresh = try NaiveLinearLayout(model: layout.model)
    fresh.prepare()
    #expect(layout.collectionViewContentSize == fresh.collectionViewContentSize, "\(context)")
    #expect(
      layout.layoutAttributesForAllElements() == fresh.layoutAttributesForAllElements(),
      "\(context)")
  }

  @Test("random batches on random layouts keep every section's invariants, seeded")
  func randomBatchesKeepInvariants() throws {
    print("incremental invariants: base seed \(Self.baseSeed) (set LAYOUTLAB_SEED to replay)")
    for index in 0..<150 {
      let seed = Self.baseSeed &+ UInt64(index)
      var generator = RandomLayouts(seed: seed)
      var layout = try IncrementalLayout(model: generator.model())
      layout.prepare()
      layout.checkInvariants()
      for step in 0..<4 {
        try layout.performBatchUpdates(generator.batch(for: layout.model))
        layout.prepare()
        layout.checkInvariants()
        try expectEqualsFresh(layout, "seed \(seed), step \(step)")
      }
    }
  }

  @Test(
    "resizes in sections that open with FLOW-11's empty line or hold one item a line keep the invariants"
  )
  func edgeSectionsKeepInvariants() throws {
    var random = SplitMix64(seed: Self.baseSeed)
    // Line dimension 300 with 10-point insets: A = 280. The first item is wider than a line
    // (FLOW-11) in section 0; section 1 holds one item a line (FLOW-12a); section 2 is mixed.
    let sizes: [[CGSize]] = [
      [CGSize(width: 400, height: 30)]
        + (0..<60).map { CGSize(width: Double(40 + $0 % 7 * 20), height: 30) },
      (0..<40).map { CGSize(width: Double(150 + $0 % 3 * 20), height: 20) },
      (0..<80).map { CGSize(width: Double(30 + $0 % 11 * 23), height: 25) },
    ]
    var model = FlowLayoutModel(
      collectionView: CollectionViewEnvironment(size: CGSize(width: 300, height: 600)),
      sections: sizes.map { FlowSection(itemSizes: $0) })
    model.layout.sectionInset = EdgeInsets(top: 5, left: 10, bottom: 5, right: 10)
    model.layout.minimumInteritemSpacing = 10
    var layout = try IncrementalLayout(model: model)
    layout.prepare()
    layout.checkInvariants()
    for step in 0..<120 {
      let section = step % 3
      let count = layout.model.sections[section].numberOfItems
      let path = LayoutIndexPath(item: random.nextInt(in: 1...(count - 1)), section: section)
      let size = CGSize(
        width: Double(random.nextInt(in: 20...290)), height: Double(random.nextInt(in: 10...40)))
      try layout.performBatchUpdates(
        BatchUpdate(resizeItems: [BatchUpdate.ItemResize(at: path, size: size)]))
      layout.prepare()
      layout.checkInvariants()
      try expectEqualsFresh(layout, "step \(step), resize \(path) to \(size)")
    }
  }
}
