import Foundation
import Testing

@testable import BenchKit

/// The ETA as a pure function of scripted times: no test here waits for a clock.
@Suite struct RunTimeEstimateTests {
  let small = BenchmarkKey(name: "a", items: 1_000)
  let large = BenchmarkKey(name: "b", items: 100_000)

  @Test func plan_isTheBudgetWithOverheads_andAPartThatGrowsWithItems() {
    let estimate = RunTimeEstimate(keys: [small, large], budgetSeconds: 1)
    #expect(abs((estimate.planned[small] ?? 0) - (1.2 + 0.0005)) < 1e-12)
    #expect(abs((estimate.planned[large] ?? 0) - (1.2 + 0.05)) < 1e-12)
    #expect(abs(estimate.remainingSeconds() - 2.4505) < 1e-12)
  }

  @Test func finishedBenchmarks_calibrateWhatIsLeft() {
    var estimate = RunTimeEstimate(planned: [(small, 1), (large, 2)])
    estimate.finished(small, seconds: 3)
    #expect(estimate.calibration == 3)
    #expect(estimate.remainingSeconds() == 6)
    // The running benchmark counts for what is left of its calibrated plan, never below zero.
    #expect(estimate.remainingSeconds(running: [(large, 1.5)]) == 4.5)
    #expect(estimate.remainingSeconds(running: [(large, 60)]) == 0)
    // Finishing twice, or a key not planned, changes nothing.
    estimate.finished(small, seconds: 100)
    estimate.finished(BenchmarkKey(name: "x", items: 1), seconds: 100)
    #expect(estimate.remainingSeconds() == 6)
    var parallel = RunTimeEstimate(planned: [(small, 1), (large, 2)], parallelism: 2)
    parallel.finished(small, seconds: 3)
    #expect(parallel.remainingSeconds() == 3)
  }

  /// The run issue 13 saw: benchmarks taking 1.6 times their plan. The first estimate is the
  /// plan; a tenth of the way in, the estimate is the truth.
  @Test func aSlowRun_isEstimatedHonestly_afterAFewBenchmarks() {
    let keys = (0..<100).map { BenchmarkKey(name: "b\($0)", items: 1_000) }
    var estimate = RunTimeEstimate(keys: keys, budgetSeconds: 0.25)
    let plan = estimate.planned[keys[0]] ?? 0
    for key in keys.prefix(10) { estimate.finished(key, seconds: plan * 1.6) }
    let truth = 90 * plan * 1.6
    #expect(abs(estimate.remainingSeconds() - truth) < 1e-9)
  }

  @Test func text_minutesAndSeconds() {
    #expect(RunTimeEstimate.text(seconds: 0) == "0s")
    #expect(RunTimeEstimate.text(seconds: 42.4) == "42s")
    #expect(RunTimeEstimate.text(seconds: 90) == "1m30s")
    #expect(RunTimeEstimate.text(seconds: 208) == "3m28s")
    #expect(RunTimeEstimate.text(seconds: 3725) == "1h02m")
    #expect(RunTimeEstimate.text(seconds: .infinity) == "0s")
    #expect(RunTimeEstimate.text(seconds: 1e300) == "277777h46m", "clamped, never a trap")
  }

  /// A clock that returns the times it is given, one per reading.
  final class ScriptedClock: @unchecked Sendable {
    private let lock = NSLock()
    private var times: [UInt64]
    init(seconds: [Double]) { times = seconds.map { UInt64($0 * 1e9) } }
    func now() -> UInt64 { lock.withLock { times.count > 1 ? times.removeFirst() : times[0] } }
  }

  final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ line: String) { lock.withLock { stored.append(line) } }
    var all: [String] { lock.withLock { stored } }
  }

  @Test func printer_showsElapsedAndACalibratedETA_andTheTotalAtTheEnd() {
    // Readings: begin; started a and its ETA; finished a and its line; the same for b; end.
    let clock = ScriptedClock(seconds: [0, 0, 0, 3, 3, 3, 3, 5, 5, 5])
    let lines = Lines()
    let printer = ProgressPrinter(isTerminal: false, now: clock.now, write: lines.append)
    printer.begin([small, large], budgetSeconds: 1, jobs: 1)
    let result = BenchmarkResult(
      name: "a", strategy: "s", workload: "w", dataset: "d", items: 1_000, samples: [10])
    printer.started(small)
    printer.finished(small, outcome: .measured(result))
    printer.started(large)
    printer.finished(large, outcome: .measured(result))
    printer.end()
    let all = lines.all
    #expect(all.count == 3)
    // 3 s against a plan of 1.2005 s: the 1.25 s left are expected to take 2.5 times as long.
    #expect(all[0] == "[1/2] a [1k]: median 10 ns, elapsed 3s, ETA 3s\n")
    #expect(all[1] == "[2/2] b [100k]: median 10 ns, elapsed 5s, ETA 0s\n")
    #expect(all[2] == "measured 2 benchmarks in 5s (estimated 2s at the start)\n")
  }
}
