import Foundation
import Testing

@testable import BenchKit

/// The gate, both ways: the same code reports no change; an injected regression is caught.
@Suite struct GateTests {
  @Test func aa_sameCode_noRegression() throws {
    let baseline = try TestResults.measure(strategies: [("s", 1, 0)])
    let candidate = try TestResults.measure(strategies: [("s", 1, 0)])
    var gate = BaselineGate(baseline: baseline, candidate: candidate)
    gate.deterministicOnly = true
    let report = gate.evaluate()
    #expect(!report.hasRegression, "\(report.text())")
    #expect(
      report.countersCompared > 0 && report.allocationsCompared > 0 && report.fitsCompared > 0)
  }

  @Test func twentyPercentMoreWork_isCaughtByTheCounters() throws {
    let baseline = try TestResults.measure(strategies: [("s", 1, 0)])
    let candidate = try TestResults.measure(strategies: [("s", 1.2, 0)])
    let report = BaselineGate(baseline: baseline, candidate: candidate).evaluate()
    #expect(report.hasRegression)
    #expect(
      report.regressions.contains { $0.gate == .counters && $0.message.contains("unitsComputed") })
  }

  @Test func anExtraAllocationPerItem_isCaught() throws {
    let baseline = try TestResults.measure(strategies: [("s", 1, 0)])
    let candidate = try TestResults.measure(strategies: [("s", 1, 1)])
    let report = BaselineGate(baseline: baseline, candidate: candidate).evaluate()
    #expect(
      report.regressions.contains {
        $0.gate == .allocations && $0.message.contains("allocations 100 → 200")
      })
  }

  @Test func aRatioBelowItsFloor_isCaught() throws {
    let floors = [
      RatioFloor(
        label: "fast vs slow", slower: ("slow", "spin"), faster: ("fast", "spin"), floor: 3)
    ]
    let good = try TestResults.measure(
      strategies: [("slow", 8, 0), ("fast", 1, 0)], floors: floors)
    #expect(good.ratios.count == 1 && good.ratios[0].holds)
    let bad = try TestResults.measure(
      strategies: [("slow", 1.5, 0), ("fast", 1, 0)], floors: floors)
    let report = BaselineGate(baseline: good, candidate: bad).evaluate()
    #expect(report.regressions.contains { $0.gate == .ratio })
  }

  @Test func growthThatRises_isCaught() {
    func file(_ cost: (Double) -> Double, work: (Double) -> Int) -> ResultsFile {
      let results = [1_000, 10_000, 100_000].map { n in
        BenchmarkResult(
          name: "s w d", strategy: "s", workload: "w", dataset: "d", items: n,
          samples: (0..<20).map { cost(Double(n)) * (1 + Double($0) / 1000) },
          counters: ["scanned": work(Double(n))])
      }
      return ResultsFile(
        environment: TestResults.environment(),
        settings: RunSettings(timeBudgetSeconds: 0.1, jobs: 1, quick: false, suite: "t"),
        results: results)
    }
    let logarithmic = file({ 50 * log2($0) }, work: { Int(log2($0)) })
    let linear = file({ 2 * $0 }, work: { Int($0) })
    #expect(logarithmic.fits[0].time.complexity == .logarithmic)
    #expect(linear.fits[0].time.complexity == .linear)
    let report = BaselineGate(baseline: logarithmic, candidate: linear).evaluate()
    // Two growth regressions: the work class and the time exponent.
    #expect(report.regressions.filter { $0.gate == .growth }.count == 2)
    #expect(!BaselineGate(baseline: linear, candidate: linear).evaluate().hasRegression)
  }

  @Test func time_isAdvisoryAcrossHosts_andGatedOnTheSameHost() throws {
    let baseline = try TestResults.measure(strategies: [("s", 1, 0)], host: "A")
    var slower = baseline
    for index in slower.results.indices where slower.results[index].workload == "spin" {
      slower.results[index].samples = slower.results[index].samples.map { $0 * 2 + 100 }
      slower.results[index].statistics = SampleStatistics(samples: slower.results[index].samples)
    }
    slower.environment.hostID = "B"
    #expect(!BaselineGate(baseline: baseline, candidate: slower).evaluate().hasRegression)
    slower.environment.hostID = "A"
    // Every spin benchmark slower alike would be the runs' drift (FileComparisonTests); here
    // the subject is where time decides, so no drift is taken.
    var gated = BaselineGate(baseline: baseline, candidate: slower)
    gated.minimumDriftGroup = .max
    let report = gated.evaluate()
    #expect(report.regressions.contains { $0.gate == .time })
    var deterministic = BaselineGate(baseline: baseline, candidate: slower)
    deterministic.deterministicOnly = true
    #expect(!deterministic.evaluate().hasRegression)
  }

  /// The interleaved A/B engine on sides whose samples are scripted (seeded noise of ±3 %), not
  /// timed: a timed test would be at the mercy of whatever else the machine runs. The drill in
  /// CI (.ci/drill) is where real builds are timed.
  @Test func interleavedAB_aa_isNoChange_andTwentyPercentMore_isSlower() throws {
    final class ScriptedSide: ComparisonSide {
      var random: UInt64
      let scale: Double
      init(seed: UInt64, scale: Double) {
        random = seed
        self.scale = scale
      }
      func setUp(_ key: BenchmarkKey, strategy: String, workload: String, dataset: String)
        throws -> Double
      { 1_000 * scale }
      func sample(iterations: Int) throws -> Double {
        random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let unit = Double(random >> 11) * 0x1p-53
        return 1_000 * scale * (0.97 + 0.06 * unit)
      }
      func tearDown() throws {}
    }
    let engine = InterleavedComparison(rounds: 16)
    let key = BenchmarkKey(name: "s spin d", items: 1)
    let same = try engine.compare(
      key, strategy: "s", workload: "spin", dataset: "d", a: ScriptedSide(seed: 1, scale: 1),
      b: ScriptedSide(seed: 2, scale: 1))
    #expect(same.comparison.verdict == .noChange, "\(same.comparison)")
    let worse = try engine.compare(
      key, strategy: "s", workload: "spin", dataset: "d", a: ScriptedSide(seed: 3, scale: 1),
      b: ScriptedSide(seed: 4, scale: 1.2))
    #expect(worse.comparison.verdict == .slower, "\(worse.comparison)")
    #expect(worse.comparison.ratio > 1.1)
    #expect(same.samplesA.count == 32 && same.samplesB.count == 32)  // A B B A: two each per round
  }

  @Test func interleavedAB_aPreemptedSampleEveryRound_doesNotDecide() throws {
    // B loses the CPU in one of its two samples every round (3× that sample): interference
    // only adds time, so each round's faster sample is the undisturbed cost and B is not slower.
    final class Side: ComparisonSide {
      var count = 0
      let disturbed: Bool
      init(disturbed: Bool) { self.disturbed = disturbed }
      func setUp(_ key: BenchmarkKey, strategy: String, workload: String, dataset: String)
        throws -> Double
      { 18 }
      func sample(iterations: Int) throws -> Double {
        count += 1
        let base = 18 * (1 + 0.01 * Double(count % 5))
        return disturbed && count % 2 == 0 ? 3 * base : base
      }
      func tearDown() throws {}
    }
    let outcome = try InterleavedComparison(rounds: 20).compare(
      BenchmarkKey(name: "s lookup d", items: 1), strategy: "s", workload: "lookup", dataset: "d",
      a: Side(disturbed: false), b: Side(disturbed: true))
    #expect(outcome.comparison.verdict == .noChange, "\(outcome.comparison)")
    #expect(abs(outcome.comparison.ratio - 1) < 0.05)
  }

  /// A side whose every sample is `nanoseconds` × (1 ± 1 %, seeded): one worker process.
  final class SteadySide: ComparisonSide {
    var random: UInt64
    let nanoseconds: Double
    var setUps = 0
    init(seed: UInt64, nanoseconds: Double) {
      random = seed
      self.nanoseconds = nanoseconds
    }
    func setUp(_ key: BenchmarkKey, strategy: String, workload: String, dataset: String)
      throws -> Double
    {
      setUps += 1
      return nanoseconds
    }
    func sample(iterations: Int) throws -> Double {
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return nanoseconds * (0.99 + 0.02 * Double(random >> 11) * 0x1p-53)
    }
    func tearDown() throws {}
  }

  /// The first pass of three benchmarks: `slowB` of B's first-pass worker's time over A's, per
  /// benchmark (1.176 is what identical source measured once, in one unlucky process).
  static func firstPass(_ engine: InterleavedComparison, slowB: [Double]) throws
    -> [InterleavedComparison.Outcome]
  {
    try slowB.enumerated().map { index, factor in
      try engine.compare(
        BenchmarkKey(name: "s w\(index) d", items: 1), strategy: "s", workload: "w\(index)",
        dataset: "d", a: SteadySide(seed: UInt64(2 * index + 1), nanoseconds: 355),
        b: SteadySide(seed: UInt64(2 * index + 2), nanoseconds: 355 * factor))
    }
  }

  @Test func confirmation_aSlowdownOfOneProcessOnly_isNoChange() throws {
    // Identical code; B's first worker was 1.176× slower on w1 (its own heap, its own luck),
    // fresh workers are not: no regression, and the report says what happened.
    let engine = InterleavedComparison(rounds: 20, thresholds: .init(comparisons: 3))
    let first = try Self.firstPass(engine, slowB: [1, 1.176, 1])
    #expect(first.map(\.verdict) == [.noChange, .slower, .noChange])
    var started: [Int] = []
    let confirmed = try engine.confirm(first, count: 2) { round in
      started.append(round)
      return (
        SteadySide(seed: UInt64(100 + round), nanoseconds: 355),
        SteadySide(seed: UInt64(200 + round), nanoseconds: 355)
      )
    }
    // Only the suspect is measured again, and once is enough to clear it.
    #expect(started == [0])
    #expect(confirmed.map(\.verdict) == [.noChange, .noChange, .noChange])
    #expect(confirmed[1].comparison.verdict == .slower && confirmed[1].confirmations.count == 1)
    #expect(confirmed[1].reason.hasPrefix("not confirmed in fresh processes"))
    let report = InterleavedComparison.report(confirmed, aName: "base", bName: "head")
    #expect(report.contains("3 compared: 0 slower, 0 faster, 3 no change (1 found slower at first"))
    #expect(report.contains("no change (first 1.1"))
    let markdown = InterleavedComparison.markdown(confirmed, aName: "base", bName: "head")
    #expect(markdown.hasPrefix("**Verdict: no slowdown**"))
  }

  @Test func confirmation_aRealSlowdown_isStillSlower() throws {
    // The drill's size of slowdown (~1.2×) in B's code: every fresh pair finds it again.
    let engine = InterleavedComparison(rounds: 20, thresholds: .init(comparisons: 3))
    let first = try Self.firstPass(engine, slowB: [1, 1.2, 0.8])
    var sides: [(a: SteadySide, b: SteadySide)] = []
    let confirmed = try engine.confirm(first, count: 2) { round in
      sides.append(
        (
          SteadySide(seed: UInt64(300 + round), nanoseconds: 355),
          SteadySide(seed: UInt64(400 + round), nanoseconds: 355 * 1.2)
        ))
      return (sides[round].a, sides[round].b)
    }
    // Two rounds in fresh sides; the second set the benchmark up once before, unmeasured.
    #expect(sides.map(\.a.setUps) == [1, 2] && sides.map(\.b.setUps) == [1, 2])
    #expect(confirmed.map(\.verdict) == [.noChange, .slower, .faster])
    #expect(confirmed[1].confirmations.map(\.verdict) == [.slower, .slower])
    #expect(confirmed[1].reason.contains("confirmed in fresh processes"))
    #expect(
      InterleavedComparison.markdown(confirmed, aName: "base", bName: "head").hasPrefix(
        "**Verdict: regression**: `s w1 d [1]`"))
  }

  @Test func confirmation_none_keepsTheFirstPass() throws {
    let engine = InterleavedComparison(rounds: 20, thresholds: .init(comparisons: 3))
    let first = try Self.firstPass(engine, slowB: [1, 1.176, 1])
    let unconfirmed = try engine.confirm(first, count: 0) { _ in
      Issue.record("no confirmation asked for")
      return (SteadySide(seed: 1, nanoseconds: 1), SteadySide(seed: 2, nanoseconds: 1))
    }
    #expect(unconfirmed.map(\.verdict) == [.noChange, .slower, .noChange])
    #expect(unconfirmed[1].reason == first[1].comparison.reason)
  }

  @Test func workerLinks_haveOneLength_andPointAtTheBuilds() throws {
    let links = try ProcessPlacement.workerLinks(a: "/usr/bin/env", b: "/bin/sh")
    defer { try? FileManager.default.removeItem(atPath: links.folder) }
    #expect(links.a.count == links.b.count)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: links.a) == "/usr/bin/env")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: links.b) == "/bin/sh")
  }

}
