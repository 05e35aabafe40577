import BenchKit
import BenchmarkDatasets
import LayoutLab
import Testing

@Suite struct SuiteTests {
  @Test func standardSuite_everyStrategy_everyDataset_aScalingSeries_andFloors() throws {
    let suite = try Suite.make(Suite.Request(), contexts: DatasetContexts())
    let names = Set(suite.benchmarks.map(\.strategy))
    #expect(
      names
        == Set(
          FlowStrategies.all.map { $0.strategyName } + MosaicBenchmarks.strategies
            + [SuitePresentation.floorStrategy]))
    #expect(
      Set(suite.benchmarks.map(\.dataset))
        == Set(Dataset.all.map(\.name) + [MosaicBenchmarks.datasetName]))
    // The mosaic is measured with its own strategies only, and the flow datasets with flow
    // strategies only.
    for benchmark in suite.benchmarks where benchmark.strategy != SuitePresentation.floorStrategy {
      let isMosaic = benchmark.dataset == MosaicBenchmarks.datasetName
      #expect(
        MosaicBenchmarks.strategies.contains(benchmark.strategy) == isMosaic, "\(benchmark.name)")
    }
    let sweep = suite.benchmarks.filter { $0.name == "naive-linear scroll-sweep mixed-feed" }.map(
      \.items)
    #expect(sweep == [1_000, 10_000, 100_000])
    #expect(
      suite.benchmarks.filter { $0.strategy == SuitePresentation.floorStrategy }.count == Dataset
        .all
        .count + 1 + 4)
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
    for (strategy, missesSome) in [("mosaic-sample-query", true), ("mosaic-segment-search", false)]
    {
      let routine = try MosaicBenchmarks.makeRoutine(
        strategy: strategy, workload: "scroll-sweep", items: 2_000)
      routine.runBatch(iterations: 3)
      try routine.check()
      let missed = routine.countWork()["elementsMissedPerCycle"] ?? -1
      #expect(missesSome ? missed > 0 : missed == 0, "\(strategy): \(missed)")
    }
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
