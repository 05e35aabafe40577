import BenchKit
import Foundation
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

  /// The workload's batch and inverse, over and over, on the run-length strategy at 150,000
  /// items of mixed-feed (where its section's runs first become a tree with room, at the
  /// inverse): its frames equal the reference's after each batch. A debug build, as tests are,
  /// never freed the runs early (8c475f8): `.ci/run`'s AddressSanitizer step on a release build
  /// is what catches that.
  @Test func runLengthReflowsBackAndForthAt150k() throws {
    let context = try DatasetContext(dataset: Dataset.mixedFeed, items: 150_000)
    let model = try #require(context.model)
    let (batch, inverse) = try UpdateBatches(kind: .resizeAlongLine).batches(for: model)
    var layout = try RunLengthLayout(model: model)
    layout.prepare()
    var reference = try context.makeReference()
    for (step, change) in [batch, inverse, batch, inverse].enumerated() {
      try layout.invalidateLayout(with: .batch(change))
      layout.prepare()
      try reference.invalidateLayout(with: .batch(change))
      reference.prepare()
      #expect(
        layout.layoutAttributesForElements(in: context.viewport)
          == reference.layoutAttributesForElements(in: context.viewport), "step \(step)")
    }
    #expect(layout.layoutAttributesForAllElements() == reference.layoutAttributesForAllElements())
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

  /// Run-length answers a reflowing resize of one giant mixed section in place: the runs
  /// broken again are written over those they replace — leaving empty slots where they are
  /// fewer, taking empty slots near them where they are more — and the runs after them move
  /// through a tree of their starts, which prepare made (a section of many runs). Every
  /// resize, the first after prepare too, moves at most 2 · `rebreakLimit` + `slackReach` = 128
  /// runs and touches O(log runs) nodes more than it rewrites, at 1M items as at 10k. (It once
  /// copied every run after the change, and proved the move exact over every item after it:
  /// O(n) a resize; then the first resize made the tree, O(runs) once.) Frames: a fresh
  /// layout's.
  @Test(arguments: [10_000, 1_000_000])
  func runLength_reflowOfAGiantSection_movesOnlyWhatItBreaksAgain(items: Int) throws {
    let dataset = try #require(Dataset.named("giant-section"))
    var model = dataset.model(items: items)
    let (batch, inverse) = try UpdateBatches(kind: .resizeAlongLine).batches(for: model)
    let (path, _, _) = try #require(UpdateBatches.reflowingResize(in: model))
    var layout = try RunLengthLayout(model: model)
    layout.prepare()
    let runs = 2 * items / 5  // more than the section has: about one line per 5 items
    let logRuns = Int.bitWidth - runs.leadingZeroBitCount
    for (round, next) in [batch, inverse, batch, inverse, batch].enumerated() {
      layout.resetWorkCounters()
      try layout.performBatchUpdates(next)
      layout.prepare()
      (model, _) = try model.applying(next)
      let counters = layout.workCounters
      #expect(counters.sectionsLaidOut == 1, "round \(round): \(counters)")
      #expect(counters.linesBroken <= 32, "round \(round): \(counters)")
      #expect(counters.linesShifted <= 128, "round \(round): \(counters)")
      // The slots rewritten, the nodes above them, and the section's start (one section).
      #expect(
        counters.treeNodesTouched <= 128 + 2 * logRuns + 1, "round \(round): \(counters)")
    }
    var fresh = try RunLengthLayout(model: model)
    fresh.prepare()
    #expect(layout.collectionViewContentSize == fresh.collectionViewContentSize)
    for item in [0, path.item - 40, path.item - 1, path.item, path.item + 1, path.item + 40] {
      let probe = LayoutIndexPath(item: item, section: path.section)
      #expect(layout.layoutAttributesForItem(at: probe) == fresh.layoutAttributesForItem(at: probe))
    }
    let frame = try #require(fresh.layoutAttributesForItem(at: path)).frame
    for y in [0, frame.minY - 400, fresh.collectionViewContentSize.height - 800] {
      let rect = CGRect(x: 0, y: y, width: 1_000, height: 800)
      #expect(
        layout.layoutAttributesForElements(in: rect) == fresh.layoutAttributesForElements(in: rect))
    }
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
