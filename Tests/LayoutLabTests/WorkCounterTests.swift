import BenchmarkDatasets
import Foundation
import LayoutLab
import Testing

/// The strategies' costs, proved with work counters rather than timings.
@Suite("Work counters")
struct WorkCounterTests {
  /// A viewport-sized query in the middle of the content.
  func middleViewport(_ layout: any FlowLayoutStrategy) -> CGRect {
    let size = layout.collectionViewContentSize
    return CGRect(x: 0, y: size.height / 2, width: 390, height: 844)
  }

  func prepared(_ strategy: any FlowLayoutStrategy.Type, _ model: FlowLayoutModel) throws
    -> any FlowLayoutStrategy
  {
    var layout = try FlowStrategies.make(strategy, model: model)
    layout.prepare()
    return layout
  }

  @Test("prepare computes every frame once; naive computes them on every query instead")
  func prepareComputesEachFrameOnce() throws {
    let model = Dataset.mixedFeed.model(items: 20_000)
    for strategy in [CachedAttributesLayout.self, BinarySearchLayout.self]
      as [any FlowLayoutStrategy.Type]
    {
      let layout = try prepared(strategy, model)
      #expect(layout.workCounters.framesComputed == 20_000, "\(strategy.strategyName)")
      #expect(layout.workCounters.sectionsLaidOut == model.sections.count)
      #expect(layout.workCounters.linesBroken > 0)
    }
    let naive = try prepared(NaiveLinearLayout.self, model)
    #expect(
      naive.workCounters == LayoutWorkCounters(), "the reference keeps nothing, so prepares nothing"
    )
    var counters = LayoutWorkCounters()
    _ = naive.layoutAttributesForElements(in: middleViewport(naive), counting: &counters)
    #expect(counters.framesComputed >= 20_000, "every query lays everything out")
  }

  @Test("a viewport query scans every item linearly, but a bounded number with binary search")
  func queryCostsGrowLinearlyOrNot() throws {
    var linear: [Int] = []
    var searched: [Int] = []
    for items in [10_000, 100_000] {
      let model = Dataset.uniformGrid.model(items: items)
      let cached = try prepared(CachedAttributesLayout.self, model)
      let binary = try prepared(BinarySearchLayout.self, model)
      var cachedCounters = LayoutWorkCounters()
      var binaryCounters = LayoutWorkCounters()
      let rect = middleViewport(cached)
      let answer = cached.layoutAttributesForElements(in: rect, counting: &cachedCounters)
      #expect(binary.layoutAttributesForElements(in: rect, counting: &binaryCounters) == answer)
      linear.append(cachedCounters.elementsScanned)
      searched.append(binaryCounters.elementsScanned)
      // 844 points of 120-point rows with 10-point gaps meet at most 8 rows of 3 items; the
      // search may look at one more row on each side (half a pixel of rounding slack).
      #expect(binaryCounters.elementsScanned <= 10 * 3)
      #expect(answer.count >= 6 * 3)
    }
    #expect(linear == [10_000, 100_000], "the cached strategy tests every frame")
    #expect(searched[0] == searched[1], "binary search does not grow with the item count")
  }

  @Test("binary search skips whole sections")
  func binarySearchSkipsSections() throws {
    let model = Dataset.manySections.model(items: 100_000)  // 1,000 sections
    let binary = try prepared(BinarySearchLayout.self, model)
    var counters = LayoutWorkCounters()
    let answer = binary.layoutAttributesForElements(in: middleViewport(binary), counting: &counters)
    #expect(!answer.isEmpty)
    // A viewport meets two or three sections: their headers and footers, and a few rows.
    #expect(counters.elementsScanned < 60, "scanned \(counters.elementsScanned)")
  }
}
