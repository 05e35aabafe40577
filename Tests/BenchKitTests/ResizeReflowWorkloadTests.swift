import BenchKit
import LayoutLab
import Testing

@testable import BenchmarkDatasets

/// `resize-reflow`: the resize `resize-item` never makes, one that breaks lines again.
@Suite struct ResizeReflowWorkloadTests {
  /// The line of each item of `section` in a prepared layout, numbered from 0: a line starts at
  /// the first item and at every item not after the one before it along the line (items of a
  /// mixed line are centred across it, so their origins on the scroll axis differ).
  private func lines(
    of section: Int, items: Int, in layout: any CollectionViewLayout, vertical: Bool
  ) -> [Int] {
    var lines: [Int] = []
    var line = -1
    var previous = Double.infinity
    for item in 0..<items {
      let frame =
        layout.layoutAttributesForItem(at: LayoutIndexPath(item: item, section: section))?.frame
        ?? .zero
      let along = vertical ? frame.minX : frame.minY
      if along <= previous { line += 1 }
      previous = along
      lines.append(line)
    }
    return lines
  }

  /// On these datasets the batch is valid input and changes how many lines the item's section
  /// has (so the lines after the item break again); its inverse restores the layout.
  @Test(arguments: ["uniform-grid", "mixed-feed", "many-sections", "giant-section", "horizontal"])
  func batch_changesTheSectionsLineCount_andItsInverseRestoresTheLayout(dataset name: String)
    throws
  {
    let dataset = try #require(Dataset.named(name))
    #expect(Workload.resizeReflow.applies(to: dataset))
    let context = try DatasetContext(dataset: dataset, items: 2_000)
    let model = try #require(context.model)
    let vertical = model.layout.scrollDirection == .vertical
    let (path, _, resized) = try #require(UpdateBatches.reflowingResize(in: model))
    let (batch, inverse) = try UpdateBatches(kind: .resizeAlongLine).batches(for: model)
    let count = model.sections[path.section].numberOfItems

    var layout = try context.makeReference()
    layout.prepare()
    let before = lines(of: path.section, items: count, in: layout, vertical: vertical)
    let original = layout.layoutAttributesForAllElements()
    try layout.invalidateLayout(with: .batch(batch))
    layout.prepare()
    let after = lines(of: path.section, items: count, in: layout, vertical: vertical)
    #expect(before.last != after.last, "\(name): \((before.last ?? -1) + 1) lines before and after")
    let frame = try #require(layout.layoutAttributesForItem(at: path)).frame
    #expect((vertical ? frame.width : frame.height) == (vertical ? resized.width : resized.height))
    try layout.invalidateLayout(with: .batch(inverse))
    layout.prepare()
    #expect(layout.layoutAttributesForAllElements() == original)
  }

  /// Run-length moves the lines after a reflowing resize of one giant mixed section by copying
  /// them, O(lines after): its counters must say so, or the growth fit and the deterministic
  /// gate would call the update O(1) while only its time grows.
  @Test func runLength_reflowOfAGiantSection_countsTheLinesItShifts() throws {
    let dataset = try #require(Dataset.named("giant-section"))
    let context = try DatasetContext(dataset: dataset, items: 20_000)
    let model = try #require(context.model)
    let (batch, inverse) = try UpdateBatches(kind: .resizeAlongLine).batches(for: model)
    var layout = try RunLengthLayout(model: model)
    layout.prepare()
    layout.resetWorkCounters()
    try layout.performBatchUpdates(batch)
    layout.prepare()
    try layout.performBatchUpdates(inverse)
    layout.prepare()
    // The item is in the middle: about half the section's lines (at most an item each
    // fewer) follow it, and move twice.
    #expect(layout.workCounters.linesShifted >= 20_000 / 4, "\(layout.workCounters)")
  }

  /// Rows that already fill their line (`pinned-headers`) have no resize along the line that
  /// moves a break: the workload does not apply there.
  @Test func rowsThatFillTheirLine_areNotMeasured() throws {
    let pinned = try #require(Dataset.named("pinned-headers"))
    #expect(!Workload.resizeReflow.applies(to: pinned))
    #expect(UpdateBatches.reflowingResize(in: pinned.model(items: 300)) == nil)
  }

  /// Every strategy's answer after the batch and after its undo is the reference's.
  @Test func everyStrategy_agreesWithTheReference() throws {
    let context = try DatasetContext(dataset: .mixedFeed, items: 3_000)
    for strategy in LayoutRegistry.strategies(for: .flow) {
      let routine = try Workload.resizeReflow.makeRoutine(strategy, context: context)
      routine.runBatch(iterations: 1)
      try routine.check()
      routine.runBatch(iterations: 1)
      try routine.check()
    }
  }

  /// In the standard suite like `resize-item` (the scaling series too), but not in the key set.
  @Test func standardSuite_measuresIt_keySetDoesNot() throws {
    let suite = try Suite.make(Suite.Request(), contexts: DatasetContexts())
    let sizes = suite.benchmarks.filter { $0.name == "run-length resize-reflow mixed-feed" }.map(
      \.items)
    #expect(sizes == [1_000, 10_000, 100_000])
    #expect(
      !suite.benchmarks.contains {
        $0.workload == "resize-reflow" && $0.dataset == "pinned-headers"
      }
    )
    #expect(Suite.scalingWorkloads.contains("resize-reflow"))
    #expect(!Suite.keyWorkloads.contains("resize-reflow"))
  }
}
