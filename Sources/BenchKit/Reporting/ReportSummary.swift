import Foundation

/// The answer a reader opens a report for, worked out once for every format: which strategy
/// wins each workload and by how much, how far from the floor, what changed against the
/// baseline, and the gates' verdict.
public struct ReportSummary: Sendable {
  /// The fastest strategy of one workload.
  public struct Winner: Sendable, Hashable {
    public var workload: String
    public var strategy: String
    /// Geometric mean of the winner's medians over the datasets (each at its largest size).
    public var median: Double
    /// Geometric mean of its floor multiples, where the workload is compared with the floor.
    public var floorMultiple: Double?
    /// How many times faster than the reference (geometric mean over the datasets both ran
    /// on); nil when the winner is the reference or the reference did not run.
    public var overReference: Double?
    /// The runner-up and how many times faster the winner is than it; nil when alone.
    public var nextBest: String?
    public var overNextBest: Double?
    /// Datasets where the winner was the fastest, of those the workload ran on.
    public var fastestOn: Int
    public var datasets: Int
  }

  /// A significant change against the baseline, better or worse.
  public struct Change: Sendable, Hashable {
    public var benchmark: String
    public var what: String
    public var isWorse: Bool
    /// Time, or a finding the gate does not decide here: a report compares time only as
    /// advice (`bench compare` decides it, on the same host, after re-measuring).
    public var isAdvisory: Bool
  }

  public var winners: [Winner]
  /// The baseline's deterministic gates, nil when there is no baseline.
  public var gate: GateReport?
  /// nil when there is no baseline.
  public var changes: [Change]?
  /// The baseline's benchmarks this run did not measure.
  public var notMeasured = 0
  /// The gate's other findings about what this run did not measure as the baseline did, by
  /// gate, for benchmarks it ran: series fitted over other sizes (`--items`), ratios with a side
  /// not in the run (`--strategies`), counts a flag turned off (`--jobs 2`).
  public var notMeasuredByGate: [(gate: GateReport.Gate, count: Int)] = []
  /// One line: PASS or FAIL, and why.
  public var verdict: String
  public var passed: Bool

  /// Ratios at most this many times their floor are shown in full, as are failing ones.
  public static let nearFloorMargin = 1.25

  public init(_ report: PresentedResults) {
    winners = Self.winners(report)
    gate = report.baselineReport
    changes = gate.map(Self.changes)
    notMeasured = gate?.onlyInBaseline.count ?? 0
    if let gate {
      let missing = Set(gate.onlyInBaseline)
      let others = gate.findings.filter { $0.notMeasured && !missing.contains($0.key) }
      notMeasuredByGate = GateReport.Gate.allCases.filter { $0 != .coverage }.compactMap { kind in
        let count = others.filter { $0.gate == kind }.count
        return count > 0 ? (kind, count) : nil
      }
    }
    (passed, verdict) = Self.verdict(report.results, gate: gate)
  }

  // MARK: Winners

  /// The fastest strategy of each workload. Each workload is looked at on every dataset it ran
  /// on, at that dataset's largest size; strategies measured on fewer of those datasets than
  /// the most-measured ones are not ranked (a strategy of one layout kind does not win a
  /// workload by running on one dataset). Among the others, the lowest geometric mean of
  /// "median ÷ the dataset's fastest median" wins.
  /// - Complexity: O(n · w) for n results and w workloads.
  static func winners(_ report: PresentedResults) -> [Winner] {
    let reference = report.presentation.referenceStrategy
    var winners: [Winner] = []
    for workload in report.workloads {
      let rows = report.results.results.filter { $0.workload == workload && !report.isFloor($0) }
      // The rows at each dataset's largest size, by dataset.
      var largest: [String: [BenchmarkResult]] = [:]
      for dataset in orderedUnique(rows.map(\.dataset)) {
        let ofDataset = rows.filter { $0.dataset == dataset }
        guard let items = ofDataset.map(\.items).max() else { continue }
        largest[dataset] = ofDataset.filter { $0.items == items && $0.statistics.median > 0 }
      }
      let best = largest.mapValues { $0.map(\.statistics.median).min() ?? 0 }
      let strategies = orderedUnique(rows.map(\.strategy))
      func coverage(_ strategy: String) -> Int {
        largest.values.filter { $0.contains { $0.strategy == strategy } }.count
      }
      let most = strategies.map(coverage).max() ?? 0
      let ranked = strategies.filter { coverage($0) == most && most > 0 }.map {
        strategy -> (String, Double) in
        let relative = largest.compactMap { dataset, results -> Double? in
          guard let row = results.first(where: { $0.strategy == strategy }),
            let fastest = best[dataset], fastest > 0
          else { return nil }
          return row.statistics.median / fastest
        }
        return (strategy, geometricMean(relative))
      }
      .sorted { $0.1 < $1.1 }
      guard let winner = ranked.first?.0 else { continue }
      // Geometric mean of a ÷ b over the datasets both ran on.
      func times(_ a: String, over b: String) -> Double? {
        let ratios = largest.values.compactMap { results -> Double? in
          guard let x = results.first(where: { $0.strategy == a }),
            let y = results.first(where: { $0.strategy == b })
          else { return nil }
          return x.statistics.median / y.statistics.median
        }
        return ratios.isEmpty ? nil : geometricMean(ratios)
      }
      let own = largest.values.compactMap { $0.first { $0.strategy == winner } }
      let multiples = own.compactMap(report.floorMultiple)
      let nextBest = ranked.dropFirst().first?.0
      winners.append(
        Winner(
          workload: workload, strategy: winner,
          median: geometricMean(own.map(\.statistics.median)),
          floorMultiple: multiples.isEmpty ? nil : geometricMean(multiples),
          overReference: reference.flatMap { $0 == winner ? nil : times($0, over: winner) },
          nextBest: nextBest, overNextBest: nextBest.flatMap { times($0, over: winner) },
          fastestOn: largest.filter { dataset, results in
            results.contains { $0.strategy == winner && $0.statistics.median <= best[dataset] ?? 0 }
          }.count,
          datasets: largest.count))
    }
    return winners
  }

  static func geometricMean(_ values: [Double]) -> Double {
    let logs = values.filter { $0 > 0 && $0.isFinite }.map(log)
    return logs.isEmpty ? 0 : exp(logs.reduce(0, +) / Double(logs.count))
  }

  // MARK: Against the baseline

  /// The gate's findings that moved (regressions and improvements; what the gate only advises
  /// on counts as advisory and worse) and the times whose change is significant (interval and
  /// test agree), advisory.
  static func changes(_ gate: GateReport) -> [Change] {
    // Time first, largest slowdown first: what the advisory lines show.
    let moved = gate.times.filter { $0.comparison.verdict != .noChange }
    var changes = moved.sorted { $0.comparison.ratio > $1.comparison.ratio }.map { row in
      let c = row.comparison
      return Change(
        benchmark: row.key.description,
        what:
          "time \(Formatting.duration(c.medianA)) → \(Formatting.duration(c.medianB)) (\(Formatting.ratio(c.ratio)))",
        isWorse: c.verdict == .slower, isAdvisory: true)
    }
    changes += notMissing(gate).filter { $0.gate != .time }.map {
      Change(
        benchmark: $0.key.description, what: "\($0.gate.rawValue): \($0.message)",
        isWorse: $0.severity != .improvement, isAdvisory: $0.severity == .advisory)
    }
    return changes
  }

  /// The gate's findings but those about what this run did not measure as the baseline did: a
  /// run of part of the suite misses most of the baseline by design, and a run at other sizes
  /// (the README's 1M series) fits its series over them; `bench compare` fails both. The
  /// change lines count them instead.
  static func notMissing(_ gate: GateReport) -> [GateReport.Finding] {
    gate.findings.filter { !$0.notMeasured }
  }

  // MARK: Verdict

  /// Passes when no benchmark failed, every gated ratio holds its floor and the baseline's
  /// deterministic gates (when there is a baseline) found no regression in what both measured.
  static func verdict(_ results: ResultsFile, gate: GateReport?) -> (Bool, String) {
    let failed = results.notes.filter { $0.hasPrefix("FAILED") }.count
    let gated = results.ratios.filter(\.isGated)
    let below = gated.filter { !$0.holds }.count
    var reasons: [String] = []
    if failed > 0 { reasons.append("\(failed) benchmark(s) failed") }
    reasons.append(
      below > 0
        ? "\(below) of \(gated.count) gated ratios below their floors"
        : "\(gated.count) of \(gated.count) gated ratios hold")
    let regressions = gate.map { notMissing($0).filter { $0.severity == .regression }.count } ?? 0
    if gate != nil {
      reasons.append(
        regressions > 0
          ? "baseline: \(regressions) regression(s) (deterministic gates)"
          : "baseline: no regression (deterministic gates)")
    } else {
      reasons.append("no baseline")
    }
    let passed = failed == 0 && below == 0 && regressions == 0
    return (passed, "verdict: \(passed ? "PASS" : "FAIL") — " + reasons.joined(separator: "; "))
  }
}
