import Foundation

/// One side of an A/B comparison: a benchmark set up somewhere (in this process, or in a
/// worker process of another build) that takes timed samples on demand.
public protocol ComparisonSide: AnyObject {
  /// Sets `key` up (untimed) and warms it up; returns nanoseconds per iteration, for calibration.
  func setUp(_ key: BenchmarkKey, strategy: String, workload: String, dataset: String) throws
    -> Double
  /// One timed sample of `iterations` iterations: nanoseconds per operation.
  func sample(iterations: Int) throws -> Double
  func tearDown() throws
}

/// A side in this process, over routines a factory makes.
public final class LocalSide: ComparisonSide {
  let makeRoutine: (BenchmarkKey, String, String, String) throws -> any BenchmarkRoutine
  private var routine: (any BenchmarkRoutine)?

  public init(
    makeRoutine: @escaping (BenchmarkKey, String, String, String) throws -> any BenchmarkRoutine
  ) {
    self.makeRoutine = makeRoutine
  }

  public func setUp(_ key: BenchmarkKey, strategy: String, workload: String, dataset: String) throws
    -> Double
  {
    let routine = try makeRoutine(key, strategy, workload, dataset)
    self.routine = routine
    var batch = 1
    var perIteration = 0.0
    let start = MonotonicClock.now()
    while true {
      routine.prepareBatch(iterations: batch)
      let elapsed = MonotonicClock.measure { routine.runBatch(iterations: batch) }
      perIteration = max(1, Double(elapsed) / Double(batch))
      if Double(elapsed) >= 1e6 || MonotonicClock.now() - start > 50_000_000 { break }
      batch *= 2
    }
    return perIteration
  }

  public func sample(iterations: Int) throws -> Double {
    guard let routine else { throw BenchmarkCheckFailure("sample before setUp") }
    routine.prepareBatch(iterations: iterations)
    let elapsed = MonotonicClock.measure { routine.runBatch(iterations: iterations) }
    return Double(elapsed) / Double(iterations * max(1, routine.operationsPerIteration))
  }

  public func tearDown() throws {
    try routine?.check()
    routine = nil
  }
}

/// docs/BenchMethod.md's A/B in one job: rounds of `A B B A`, alternating who goes first
/// (`B A A B` next), the same iteration count for both sides; then the paired ratio (of each
/// round's faster sample per side) and Mann–Whitney decide.
public struct InterleavedComparison {
  public var rounds: Int
  public var targetSampleNanoseconds = 2_000_000.0
  public var thresholds: PairedComparison.Thresholds

  public init(rounds: Int = 20, thresholds: PairedComparison.Thresholds = .init()) {
    self.rounds = max(2, rounds)
    self.thresholds = thresholds
  }

  public struct Outcome: Sendable {
    public var key: BenchmarkKey
    /// The first pass: every benchmark, one after another, in one pair of workers.
    public var comparison: PairedComparison
    public var samplesA: [Double]
    public var samplesB: [Double]
    /// The benchmark's parts, to measure it again (`confirm`).
    public var strategy = ""
    public var workload = ""
    public var dataset = ""
    /// The confirmation rounds of a first pass that found B slower, each in fresh processes
    /// (`confirm`); empty when none ran.
    public var confirmations: [PairedComparison] = []

    /// The verdict: the first pass's, except that a slowdown stands only when every
    /// confirmation round that ran found it too. What a process's own state (its heap, where
    /// its answer arrays land, what else shared its CPU) did to one side is not there in fresh
    /// processes; a slower build is slower in every process (docs/BenchMethod.md, "Confirmed in
    /// fresh processes").
    public var verdict: PairedComparison.Verdict {
      comparison.verdict == .slower && confirmations.contains(where: { $0.verdict != .slower })
        ? .noChange : comparison.verdict
    }

    /// Why the verdict is what it is, in a few words.
    public var reason: String {
      guard !confirmations.isEmpty else { return comparison.reason }
      let rounds = confirmations.map { String(format: "%.3f× (%@)", $0.ratio, $0.verdict.rawValue) }
        .joined(separator: ", ")
      return verdict == .slower
        ? "\(comparison.reason); confirmed in fresh processes: \(rounds)"
        : "not confirmed in fresh processes: \(rounds)"
    }
  }

  public func compare(
    _ key: BenchmarkKey, strategy: String, workload: String, dataset: String, a: any ComparisonSide,
    b: any ComparisonSide
  ) throws -> Outcome {
    let perA = try a.setUp(key, strategy: strategy, workload: workload, dataset: dataset)
    let perB = try b.setUp(key, strategy: strategy, workload: workload, dataset: dataset)
    let iterations = max(1, Int((targetSampleNanoseconds / max(1, min(perA, perB))).rounded()))
    var samplesA: [Double] = []
    var samplesB: [Double] = []
    var pairs: [(a: Double, b: Double)] = []
    for round in 0..<rounds {
      let order: [Bool] = round % 2 == 0 ? [false, true, true, false] : [true, false, false, true]
      var roundA: [Double] = []
      var roundB: [Double] = []
      for isB in order {
        if isB {
          roundB.append(try b.sample(iterations: iterations))
        } else {
          roundA.append(try a.sample(iterations: iterations))
        }
      }
      samplesA += roundA
      samplesB += roundB
      // The faster of each side's two samples: interference (another process taking the CPU,
      // an interrupt) only ever adds time, so the minimum of two samples taken moments apart
      // is the round's undisturbed cost; a mean lets one preempted sample decide the round.
      pairs.append((roundA.min() ?? 0, roundB.min() ?? 0))
    }
    try a.tearDown()
    try b.tearDown()
    return Outcome(
      key: key,
      comparison: PairedComparison(rounds: pairs, a: samplesA, b: samplesB, thresholds: thresholds),
      samplesA: samplesA, samplesB: samplesB, strategy: strategy, workload: workload,
      dataset: dataset)
  }

  /// Measures every benchmark the first pass found slower again, up to `count` times, each
  /// time in a fresh pair of sides from `freshSides(round)` (the caller starts new processes,
  /// placed otherwise), with the same rounds and thresholds; records the comparisons in
  /// `confirmations`. A slowdown then stands only if it is found every time (`Outcome.verdict`);
  /// measuring stops at the first round that does not find it. Round r first sets the
  /// benchmark up and tears it down r times on both sides, unmeasured: each round's heap has
  /// another history, so the rounds do not share one process state's luck. Benchmarks found
  /// faster or unchanged are not measured again.
  ///
  /// - Complexity: O(count × suspects) comparisons.
  public func confirm(
    _ outcomes: [Outcome], count: Int,
    freshSides: (_ round: Int) throws -> (a: any ComparisonSide, b: any ComparisonSide)
  ) throws -> [Outcome] {
    var confirmed = outcomes
    for index in confirmed.indices where confirmed[index].comparison.verdict == .slower {
      for round in 0..<count {
        // A round that did not find it slower has decided: no need to measure more.
        guard confirmed[index].verdict == .slower else { break }
        let sides = try freshSides(round)
        let outcome = confirmed[index]
        for _ in 0..<round {
          for side in [sides.b, sides.a] {
            _ = try side.setUp(
              outcome.key, strategy: outcome.strategy, workload: outcome.workload,
              dataset: outcome.dataset)
            try side.tearDown()
          }
        }
        let again = try compare(
          outcome.key, strategy: outcome.strategy, workload: outcome.workload,
          dataset: outcome.dataset, a: sides.a, b: sides.b)
        confirmed[index].confirmations.append(again.comparison)
      }
    }
    return confirmed
  }

  /// A table of outcomes and the overall verdict line.
  public static func report(
    _ outcomes: [Outcome], aName: String, bName: String, notes: [String] = []
  ) -> String {
    var table = TextTable(
      header: ["benchmark", "A median", "B median", "B/A", "99% CI", "p", "P(B>A)", "verdict"],
      leftAligned: [0, 7])
    for outcome in outcomes { table.append(cells(outcome)) }
    return "A = \(aName)\nB = \(bName)\n" + notes.map { "note: \($0)\n" }.joined() + "\n"
      + table.rendered() + "\n" + summary(outcomes) + "\n"
  }

  /// The same as Markdown, for a CI job summary: the verdict first, then what moved, then every row.
  public static func markdown(
    _ outcomes: [Outcome], aName: String, bName: String, notes: [String] = []
  ) -> String {
    let slower = outcomes.filter { $0.verdict == .slower }
    var out =
      (slower.isEmpty
        ? "**Verdict: no slowdown**"
        : "**Verdict: regression**: "
          + slower.map { "`\($0.key)` time \(String(format: "%.3f×", $0.comparison.ratio))" }
          .joined(separator: ", ")) + "\n\n"
    out += "- A = `\(aName)`\n- B = `\(bName)`\n- " + summary(outcomes) + "\n"
    out += notes.map { "- \($0)\n" }.joined() + "\n"
    var table = TextTable(
      header: ["benchmark", "A median", "B median", "B/A", "99% CI", "p", "P(B>A)", "verdict"],
      leftAligned: [0, 7])
    // What moved first, then the rest in suite order.
    let moved = outcomes.filter { $0.verdict != .noChange || !$0.confirmations.isEmpty }
    for outcome in moved + outcomes.filter({ $0.verdict == .noChange && $0.confirmations.isEmpty })
    {
      table.append(cells(outcome))
    }
    return out + table.markdown()
  }

  static func cells(_ outcome: Outcome) -> [String] {
    let c = outcome.comparison
    return [
      outcome.key.description, Formatting.duration(c.medianA), Formatting.duration(c.medianB),
      String(format: "%.3f", c.ratio), String(format: "[%.3f, %.3f]", c.ratioLow, c.ratioHigh),
      String(format: "%.2g", c.p), String(format: "%.2f", c.probabilityBGreater),
      (outcome.verdict == .noChange ? "no change" : outcome.verdict.rawValue.uppercased())
        + (outcome.confirmations.isEmpty
          ? ""
          : " (first "
            + ([c] + outcome.confirmations).map { String(format: "%.3f×", $0.ratio) }.joined(
              separator: ", then ") + ")"),
    ]
  }

  static func summary(_ outcomes: [Outcome]) -> String {
    let slower = outcomes.filter { $0.verdict == .slower }.count
    let faster = outcomes.filter { $0.verdict == .faster }.count
    let unconfirmed = outcomes.filter {
      $0.comparison.verdict == .slower && $0.verdict != .slower
    }.count
    return
      "\(outcomes.count) compared: \(slower) slower, \(faster) faster, \(outcomes.count - slower - faster) no change"
      + (unconfirmed > 0
        ? " (\(unconfirmed) found slower at first, not confirmed in fresh processes)" : "")
  }
}
