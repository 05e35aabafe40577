import BenchKit
import LayoutLab
import Testing

@testable import BenchmarkDatasets

@Suite struct SuiteTests {
  @Test func standardSuite_everyStrategy_everyDataset_aScalingSeries_andFloors() throws {
    let suite = try Suite.make(Suite.Request(), contexts: DatasetContexts())
    let names = Set(suite.benchmarks.map(\.strategy))
    #expect(names == Set(LayoutRegistry.all.map(\.name) + [SuitePresentation.floorStrategy]))
    #expect(Set(suite.benchmarks.map(\.dataset)) == Set(Dataset.measured.map(\.name)))
    // Every dataset is measured with the strategies of its kind only.
    for benchmark in suite.benchmarks where benchmark.strategy != SuitePresentation.floorStrategy {
      let dataset = try #require(Dataset.named(benchmark.dataset, in: Dataset.measured))
      let strategy = try #require(LayoutRegistry.named(benchmark.strategy))
      #expect(strategy.accepts(dataset.kind), "\(benchmark.name)")
    }
    let sweep = suite.benchmarks.filter { $0.name == "naive-linear scroll-sweep mixed-feed" }.map(
      \.items)
    #expect(sweep == [1_000, 10_000, 100_000])
    #expect(
      suite.benchmarks.filter { $0.strategy == SuitePresentation.floorStrategy }.count
        == Dataset.measured.count + 4)
    #expect(Set(suite.benchmarks.map(\.key)).count == suite.benchmarks.count, "keys are unique")
    #expect(
      suite.benchmarks.contains { $0.workload == "pinned-scroll" && $0.dataset == "pinned-headers" }
    )
    #expect(
      !suite.benchmarks.contains { $0.workload == "pinned-scroll" && $0.dataset == "uniform-grid" })
    #expect(
      suite.ratioFloors.contains {
        $0.fasterStrategy == "binary-search" && $0.slowerStrategy == "naive-linear"
          && $0.floor == 100
      })
  }

  @Test func mosaic_sampleQueryMissesElements_segmentSearchDoesNot() throws {
    let context = try DatasetContext(dataset: .mosaic, items: 2_000)
    for (strategy, missesSome) in [("mosaic-sample-query", true), ("mosaic-segment-search", false)]
    {
      let routine = try Workload.scrollSweep.makeRoutine(
        try #require(LayoutRegistry.named(strategy)), context: context)
      routine.runBatch(iterations: 3)
      try routine.check()
      let missed = routine.countWork()["elementsMissedPerCycle"] ?? -1
      #expect(missesSome ? missed > 0 : missed == 0, "\(strategy): \(missed)")
      #expect(context.disagreement(of: try #require(LayoutRegistry.named(strategy))) == nil)
    }
  }

  /// The sample query's check is against the reference, not its own answers: a routine told
  /// the strategy is exact, or told it misses nothing, fails.
  @Test func mosaic_sampleQueryCheck_canFail() throws {
    let context = try DatasetContext(dataset: .mosaic, items: 2_000)
    let sample = try #require(LayoutRegistry.named("mosaic-sample-query"))
    guard case .mosaic(let model) = context.content else {
      Issue.record("the mosaic dataset is not a mosaic")
      return
    }
    var layout = try MosaicLayout(model: model, query: .sampleQuery)
    layout.prepare()
    let asIfExact = QueryRoutine(
      layout, rects: context.sweepRects, answers: context.sweepAnswers, exact: true,
      reportsMisses: true)
    asIfExact.runBatch(iterations: DatasetContext.queryCount)
    #expect(throws: BenchmarkCheckFailure.self) { try asIfExact.check() }
    // Against answers that are not the reference's (every element moved), it fails too.
    let moved = context.sweepAnswers.map { answer in
      answer.map { element -> LayoutAttributes in
        var element = element
        element.frame.origin.x += 1
        return element
      }
    }
    let against = QueryRoutine(
      layout, rects: context.sweepRects, answers: moved, exact: sample.answersExactly,
      reportsMisses: true)
    against.runBatch(iterations: DatasetContext.queryCount)
    #expect(throws: BenchmarkCheckFailure.self) { try against.check() }
  }

  @Test func filterAndSizes_selectBenchmarks() throws {
    var request = Suite.Request(sizes: [2_000], filter: "^binary-search (scroll-sweep|prepare) ")
    request.datasets = ["uniform-grid", "horizontal"]
    let suite = try Suite.make(request, contexts: DatasetContexts())
    let names = suite.benchmarks.map(\.name)
    #expect(names.filter { $0.hasPrefix("binary-search") }.count == 4)
    #expect(names.filter { $0.hasPrefix("floor") }.count == 2)
    #expect(suite.benchmarks.allSatisfy { $0.items == 2_000 })
  }

  @Test func unknownNames_areRejected() {
    #expect(throws: Suite.UnknownName.self) {
      try Suite.make(Suite.Request(strategies: ["nope"]), contexts: DatasetContexts())
    }
    #expect(throws: Suite.UnknownName.self) {
      try Suite.make(Suite.Request(filter: "(("), contexts: DatasetContexts())
    }
  }

  @Test func preflight_checksEveryStrategyAgainstTheReference() throws {
    let contexts = DatasetContexts()
    var suite = try Suite.make(
      Suite.Request(sizes: [500], workloads: ["prepare"]), contexts: contexts)
    try suite.preflight(contexts: contexts)
    #expect(suite.disagreements.isEmpty, "\(suite.disagreements)")
  }
}
