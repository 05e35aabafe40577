/// A results file as its suite presents it, with the baseline it is compared with: what every
/// report is written from. Holds the order results are shown in and the floor each is
/// compared with, which depend on the suite's declaration, not on BenchKit.
public struct PresentedResults: Sendable {
  public var results: ResultsFile
  public var baseline: ResultsFile?
  public var presentation: ReportPresentation

  public init(
    _ results: ResultsFile, baseline: ResultsFile? = nil,
    presentation: ReportPresentation = .plain
  ) {
    self.results = results
    self.baseline = baseline
    self.presentation = presentation
  }

  /// "<title> benchmarks".
  public var title: String { "\(presentation.title) benchmarks" }

  /// Whether `result` is a floor benchmark.
  public func isFloor(_ result: BenchmarkResult) -> Bool {
    result.strategy == presentation.floor?.strategy
  }

  /// Results grouped for display: by dataset, then workload, then strategy (each in the order
  /// first measured), then size; the floor first in each dataset.
  /// - Complexity: O(n log n) for n results.
  public var orderedResults: [BenchmarkResult] {
    func firstSeen(_ values: [String]) -> [String: Int] {
      var order: [String: Int] = [:]
      for value in values where order[value] == nil { order[value] = order.count }
      return order
    }
    let all = results.results
    let datasets = firstSeen(all.map(\.dataset))
    let workloads = firstSeen(all.map(\.workload))
    let strategies = firstSeen(all.map(\.strategy))
    // Every name is in its table (built from these very results); the defaults never apply.
    func position(_ result: BenchmarkResult) -> (Int, Int, Int, Int) {
      (
        datasets[result.dataset] ?? 0, isFloor(result) ? -1 : workloads[result.workload] ?? 0,
        strategies[result.strategy] ?? 0, result.items
      )
    }
    return all.sorted { position($0) < position($1) }
  }

  public var datasets: [String] { orderedUnique(results.results.map(\.dataset)) }
  public var workloads: [String] {
    orderedUnique(results.results.filter { !isFloor($0) }.map(\.workload))
  }
  public var strategies: [String] {
    orderedUnique(results.results.filter { !isFloor($0) }.map(\.strategy))
  }

  /// The floor measured for `dataset` at `items`.
  public func floor(dataset: String, items: Int) -> BenchmarkResult? {
    guard presentation.floor != nil else { return nil }
    return results.results.first { isFloor($0) && $0.dataset == dataset && $0.items == items }
  }

  /// How many floors `result` costs, for the workloads the suite compares with the floor.
  public func floorMultiple(_ result: BenchmarkResult) -> Double? {
    guard presentation.floor?.comparedWorkloads.contains(result.workload) == true,
      let floor = floor(dataset: result.dataset, items: result.items), floor.statistics.median > 0
    else { return nil }
    return result.statistics.median / floor.statistics.median
  }

  /// The `×floor` cell of a table: empty where the result is not compared with the floor.
  public func floorMultipleText(_ result: BenchmarkResult) -> String {
    floorMultiple(result).map(Formatting.ratio) ?? ""
  }

  /// The work counters of one iteration, as tables print them.
  public func counterText(_ result: BenchmarkResult, limit: Int = 2) -> String {
    presentation.counterText(result.counters, limit: limit)
  }

  /// The comparison with the baseline, deterministic gates only: time against a saved baseline
  /// decides only in `bench compare`, on the same host, after re-measuring the suspects.
  public var baselineReport: GateReport? {
    guard let baseline else { return nil }
    var gate = BaselineGate(baseline: baseline, candidate: results)
    gate.deterministicOnly = true
    return gate.evaluate()
  }
}

func orderedUnique(_ values: [String]) -> [String] {
  var seen = Set<String>()
  return values.filter { seen.insert($0).inserted }
}
