import Foundation
import Testing

@testable import BenchKit

/// `bench compare a.json b.json` on time: two runs' samples, not taken in turn
/// (docs/BenchMethod.md, "Two results files"). Scripted, seeded samples; nothing is timed.
@Suite struct FileComparisonTests {
  /// Seeded samples around `cost`: ±1 % jitter, and every `preemptEvery`-th sample 3× slower
  /// (another job took the CPU during it).
  static func samples(_ cost: Double, count: Int, seed: UInt64, preemptEvery: Int = 0) -> [Double] {
    var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    return (0..<count).map { index in
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      let jitter = 1 + (Double(state % 2001) / 1000 - 1) / 100
      let preempted = preemptEvery > 0 && index % preemptEvery == preemptEvery - 1
      return cost * jitter * (preempted ? 3 : 1)
    }
  }

  /// A run: `strategies` × `workloads` on `datasets` at `items`, each cost scaled by `scale`.
  static func run(
    seed: UInt64, quick: Bool = true, count: Int = 20,
    datasets: [String] = ["grid", "feed"], items: [Int] = [1_000],
    workloads: [String] = ["scroll", "jump", "lookup"],
    scale: (_ strategy: String, _ workload: String, _ dataset: String) -> Double = { _, _, _ in 1 }
  ) -> ResultsFile {
    var results: [BenchmarkResult] = []
    var index: UInt64 = 0
    for dataset in datasets {
      for size in items {
        for strategy in ["floor", "naive", "cached", "binary", "incremental"] {
          for workload in workloads {
            index += 1
            let cost = Double(100 + 37 * Int(index % 11)) * scale(strategy, workload, dataset)
            results.append(
              BenchmarkResult(
                name: "\(strategy) \(workload) \(dataset)", strategy: strategy, workload: workload,
                dataset: dataset, items: size,
                samples: samples(cost, count: count, seed: seed &* 1000 &+ index)))
          }
        }
      }
    }
    return ResultsFile(
      environment: TestResults.environment(),
      settings: RunSettings(timeBudgetSeconds: 0.02, jobs: 1, quick: quick, suite: "t"),
      results: results)
  }

  static func gate(_ a: ResultsFile, _ b: ResultsFile) -> BaselineGate {
    var gate = BaselineGate(baseline: a, candidate: b)
    gate.floorStrategy = "floor"
    return gate
  }

  @Test func aa_twoRunsOfOneBinary_pass() {
    let report = Self.gate(Self.run(seed: 1), Self.run(seed: 2)).evaluate()
    #expect(report.timeGated && !report.hasRegression, "\(report.text())")
  }

  @Test func aDatasetMeasuredWhileTheMachineWasSlower_isDrift_notARegression() {
    // Every benchmark of one dataset 1.5× slower in the candidate, as in an A/A pair measured.
    let candidate = Self.run(seed: 2) { _, _, dataset in dataset == "feed" ? 1.5 : 1 }
    let gate = Self.gate(Self.run(seed: 1), candidate)
    let report = gate.evaluate()
    #expect(!report.hasRegression, "\(report.text())")
    let pairs = candidate.results.compactMap { result in
      gate.baseline.result(result.key).map { (base: $0, result: result) }
    }
    let drifts = gate.timeDrifts(pairs)
    let feed = BenchmarkKey(name: "binary scroll feed", items: 1_000)
    let grid = BenchmarkKey(name: "binary scroll grid", items: 1_000)
    #expect(abs((drifts[feed] ?? 0) - 1.5) < 0.03 && abs((drifts[grid] ?? 0) - 1) < 0.03)
  }

  @Test func oneStrategyThirtyPercentSlower_isFlagged_byName() {
    let candidate = Self.run(seed: 2) { strategy, workload, _ in
      strategy == "binary" && workload != "lookup" ? 1.3 : 1
    }
    let report = Self.gate(Self.run(seed: 1), candidate).evaluate()
    let flagged = Set(report.regressions.filter { $0.gate == .time }.map(\.key.name))
    #expect(
      flagged == [
        "binary scroll grid", "binary jump grid", "binary scroll feed", "binary jump feed",
      ],
      "\(report.text())")
  }

  @Test func aLoneSlowerBenchmark_isAdvisory_aFamilyFails() {
    let lone = Self.run(seed: 2) { strategy, workload, dataset in
      strategy == "binary" && workload == "jump" && dataset == "feed" ? 1.5 : 1
    }
    let report = Self.gate(Self.run(seed: 1), lone).evaluate()
    #expect(!report.hasRegression, "\(report.text())")
    #expect(
      report.findings.contains {
        $0.gate == .time && $0.severity == .advisory && $0.message.contains("no other dataset")
      })
    let family = Self.run(seed: 2) { strategy, workload, _ in
      strategy == "binary" && workload == "jump" ? 1.5 : 1
    }
    #expect(Self.gate(Self.run(seed: 1), family).evaluate().timeSuspects.count == 2)
  }

  @Test func aSlowdownSmallerThanTheFileTolerance_passes() {
    let candidate = Self.run(seed: 2) { strategy, _, _ in strategy == "binary" ? 1.06 : 1 }
    #expect(!Self.gate(Self.run(seed: 1), candidate).evaluate().hasRegression)
  }

  @Test func theFloor_isShownButNeverGated() {
    let candidate = Self.run(seed: 2) { strategy, _, _ in strategy == "floor" ? 1.3 : 1 }
    let report = Self.gate(Self.run(seed: 1), candidate).evaluate()
    #expect(!report.hasRegression)
    #expect(report.findings.contains { $0.gate == .time && $0.severity == .advisory })
  }

  @Test func preemptedSamples_doNotSetTheDrift() {
    // Few samples with one in three preempted: imprecise, so they set no drift.
    var candidate = Self.run(seed: 2)
    for index in candidate.results.indices where candidate.results[index].dataset == "feed" {
      candidate.results[index].samples = Self.samples(
        candidate.results[index].samples[0], count: 5, seed: UInt64(index), preemptEvery: 2)
    }
    let gate = Self.gate(Self.run(seed: 1), candidate)
    let pairs = candidate.results.compactMap { result in
      gate.baseline.result(result.key).map { (base: $0, result: result) }
    }
    let drifts = gate.timeDrifts(pairs)
    // The feed's drift falls back to the run-wide one, taken from the precise grid.
    #expect(abs((drifts[BenchmarkKey(name: "naive jump feed", items: 1_000)] ?? 0) - 1) < 0.03)
  }

  @Test func aRemeasuredBenchmark_isJudgedWithoutTheRunsDrift() {
    // The baseline ran slow on the feed (drift 1/1.5); a benchmark measured again elsewhere
    // did not share the candidate run's drift, so it is compared as it is.
    let baseline = Self.run(seed: 1) { _, _, dataset in dataset == "feed" ? 1.5 : 1 }
    let candidate = Self.run(seed: 2)
    var gate = Self.gate(baseline, candidate)
    gate.minimumTimeFamily = 1  // one benchmark is the subject here
    #expect(gate.evaluate().regressions.contains { $0.key.name == "binary jump feed" } == false)
    // Scaled by the drift, the same samples would look 1.5× slower: re-measured, they are not.
    gate.remeasured = [BenchmarkKey(name: "binary jump feed", items: 1_000)]
    #expect(!gate.evaluate().hasRegression, "\(gate.evaluate().text())")
    gate.remeasured = []
    var shifted = candidate
    for index in shifted.results.indices where shifted.results[index].dataset == "feed" {
      shifted.results[index].samples = shifted.results[index].samples.map { $0 * 1.5 }
    }
    gate.baseline = Self.run(seed: 1)
    gate.candidate = shifted
    // The candidate's feed 1.5× slower alike is drift...
    #expect(!gate.evaluate().hasRegression)
    // ...but a benchmark re-measured 1.5× slower than the baseline as it is, is slower.
    gate.remeasured = [BenchmarkKey(name: "binary jump feed", items: 1_000)]
    #expect(gate.evaluate().regressions.contains { $0.key.name == "binary jump feed" })
  }

  /// The pairs of benchmarks in both files, as `evaluate` makes them.
  static func pairs(_ gate: BaselineGate) -> [(base: BenchmarkResult, result: BenchmarkResult)] {
    gate.candidate.results.compactMap { result in
      gate.baseline.result(result.key).map { (base: $0, result: result) }
    }
  }

  /// A change of code that speeds up most of a dataset's benchmarks (a faster prepare makes
  /// first-screen and the lookups faster too): 12 of each dataset's 20 twice as fast, on both
  /// datasets. Their median is the speedup, not the machine's drift; taken as the drift, it
  /// made the untouched scroll and jump of every strategy "2× slower" on both datasets.
  @Test func aBroadSpeedup_isNotDrift_andSlowsNothing() {
    let workloads = ["scroll", "jump", "lookup", "prepare", "first-screen"]
    let sped: Set<String> = ["lookup", "prepare", "first-screen"]
    let baseline = Self.run(seed: 1, workloads: workloads)
    let candidate = Self.run(seed: 2, workloads: workloads) { strategy, workload, _ in
      strategy != "floor" && sped.contains(workload) ? 0.5 : 1
    }
    let gate = Self.gate(baseline, candidate)
    let report = gate.evaluate()
    #expect(report.timeGated && !report.hasRegression, "\(report.text())")
    #expect(!report.findings.contains { $0.gate == .time && $0.severity != .improvement })
    let drifts = gate.timeDrifts(Self.pairs(gate))
    #expect(drifts.values.allSatisfy { $0 == 1 }, "\(drifts)")
    // The speedup is still shown as one.
    #expect(report.times.filter { $0.comparison.verdict == .faster }.count == 24)
  }

  @Test func aDriftBelowOne_needsAgreement_aDriftAboveOne_doesNot() throws {
    let gate = Self.gate(Self.run(seed: 1), Self.run(seed: 2))
    let ln = { (ratios: [Double]) in ratios.map { log($0) } }
    // Eight of ten alike: the machine's factor, either way.
    let agreed = try #require(
      gate.drift(ofLogs: ln([0.8, 0.8, 0.81, 0.79, 0.8, 0.8, 0.82, 0.8, 0.5, 1])))
    #expect(abs(exp(agreed) - 0.8) < 0.01)
    // Six of ten twice as fast, four unchanged: a change of code, not a faster machine.
    #expect(gate.drift(ofLogs: ln([0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 1, 1, 1, 1])) == nil)
    // Slower by different amounts (other jobs): the median still, as it can only hide.
    let spread = try #require(gate.drift(ofLogs: ln([1, 1, 1.1, 1.3, 1.4, 1.5, 1.6, 1.7, 1.8, 1])))
    #expect(abs(exp(spread) - 1.35) < 0.01)
    // Too few to tell.
    #expect(gate.drift(ofLogs: ln([0.8, 0.8, 0.8, 0.8])) == nil)
  }

  @Test func aUniformMachineDrift_withNoChangeOfCode_isNoRegression() {
    let candidate = Self.run(seed: 2) { _, _, _ in 1.2 }
    let gate = Self.gate(Self.run(seed: 1), candidate)
    let report = gate.evaluate()
    #expect(!report.hasRegression, "\(report.text())")
    #expect(report.times.allSatisfy { $0.comparison.verdict == .noChange }, "\(report.text())")
    #expect(gate.timeDrifts(Self.pairs(gate)).values.allSatisfy { abs($0 - 1.2) < 0.03 })
  }

  @Test func aSlowerStrategyUnderAMachineDrift_isCaught() {
    // The machine 1.1× slower throughout; `binary scroll` 1.3× slower besides, on both datasets.
    let candidate = Self.run(seed: 2) { strategy, workload, _ in
      1.1 * (strategy == "binary" && workload == "scroll" ? 1.3 : 1)
    }
    let gate = Self.gate(Self.run(seed: 1), candidate)
    let report = gate.evaluate()
    let flagged = Set(report.regressions.filter { $0.gate == .time }.map(\.key.name))
    #expect(flagged == ["binary scroll grid", "binary scroll feed"], "\(report.text())")
    #expect(report.regressions.count == 2)
    #expect(gate.timeDrifts(Self.pairs(gate)).values.allSatisfy { abs($0 - 1.1) < 0.03 })
  }

  @Test func theTimeTable_showsTheMedianTheRatioWasTakenAgainst() throws {
    let baseline = Self.run(seed: 1)
    let candidate = Self.run(seed: 2) { strategy, workload, _ in
      1.1 * (strategy == "binary" && workload == "scroll" ? 1.3 : 1)
    }
    let report = Self.gate(baseline, candidate).evaluate()
    let key = BenchmarkKey(name: "binary scroll feed", items: 1_000)
    let row = try #require(report.times.first { $0.key == key })
    let base = try #require(baseline.result(key))
    #expect(abs(row.drift - 1.1) < 0.03)
    #expect(row.baselineMedian == base.statistics.median)
    // The compared median is the baseline's times the drift, and the ratio is taken against
    // those same scaled samples.
    let scaled = base.samples.map { $0 * row.drift }
    #expect(abs(row.comparison.medianA - SampleStatistics.median(scaled)) < 1e-9)
    #expect(abs(row.comparison.medianA - row.baselineMedian * row.drift) < 1e-9)
    let again = PairedComparison(
      unpairedA: scaled, b: try #require(candidate.result(key)).samples,
      thresholds: .init(tolerance: 0.10))
    #expect(abs(row.comparison.ratio - again.ratio) < 1e-12)
    let cells = GateReport.timeCells(row)
    #expect(cells.count == GateReport.timeHeader.count)
    #expect(cells[1] == Formatting.duration(row.baselineMedian))
    #expect(cells[2] == String(format: "×%.3f", row.drift))
    #expect(cells[3] == Formatting.duration(row.comparison.medianA))
    #expect(report.text().contains("compared"))
  }

  @Test func hodgesLehmann_ofAScaledCopy_isTheScale() {
    let a = Self.samples(100, count: 10, seed: 3)
    let estimate = PairedComparison.hodgesLehmann(a: a, b: a.map { $0 * 1.25 }, alpha: 0.01)
    #expect(abs(estimate.ratio - 1.25) < 1e-9)
    #expect(estimate.low <= 1.25 && estimate.high >= 1.25)
  }

  /// A series at 1k, 10k, 100k with `cost(n)` per operation; `preemptedAt` has its median
  /// (not its fastest sample) 10× slower, as a quick run's 5-sample benchmark can.
  static func series(
    quick: Bool, seed: UInt64, preemptedAt: Int? = nil, cost: (Double) -> Double
  ) -> ResultsFile {
    let results = [1_000, 10_000, 100_000].map { n in
      var samples = Self.samples(cost(Double(n)), count: 5, seed: seed &+ UInt64(n))
      if n == preemptedAt {
        for index in 1..<samples.count { samples[index] *= 10 }
      }
      return BenchmarkResult(
        name: "s w d", strategy: "s", workload: "w", dataset: "d", items: n, samples: samples)
    }
    return ResultsFile(
      environment: TestResults.environment(),
      settings: RunSettings(timeBudgetSeconds: 0.02, jobs: 1, quick: quick, suite: "t"),
      results: results)
  }

  @Test func quickRuns_aPreemptedSmallestSize_isNotGrowth() {
    let flat = { (_: Double) in 500.0 }
    let baseline = Self.series(quick: true, seed: 1, preemptedAt: 1_000, cost: flat)
    let candidate = Self.series(quick: true, seed: 2, cost: flat)
    // The medians say the exponent rose; the fastest samples say it did not.
    #expect(candidate.fits[0].time.exponent - baseline.fits[0].time.exponent > 0.25)
    let report = BaselineGate(baseline: baseline, candidate: candidate).evaluate()
    #expect(!report.regressions.contains { $0.gate == .growth }, "\(report.text())")
  }

  @Test func quickRuns_constantToLinear_isStillGrowth() {
    let baseline = Self.series(quick: true, seed: 1) { _ in 500 }
    let candidate = Self.series(quick: true, seed: 2) { $0 / 2 }
    #expect(
      BaselineGate.fastestSampleExponent(of: candidate, series: "s w d")
        - BaselineGate.fastestSampleExponent(of: baseline, series: "s w d") > 0.9)
    let report = BaselineGate(baseline: baseline, candidate: candidate).evaluate()
    #expect(report.regressions.contains { $0.gate == .growth })
  }
}
