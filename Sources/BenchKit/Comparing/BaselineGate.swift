import Foundation

/// Compares a candidate results file with a saved baseline as docs/BenchMethod.md says for CI:
/// exact gates on work counters, allocations and retained bytes, gates on growth (complexity class and
/// exponent), the same-run ratio floors, and time — advisory unless both were measured on the
/// same host, where the A/B rule decides.
///
/// What is gated comes from the baseline, never from the candidate: every benchmark, counter,
/// growth series and ratio floor of the baseline must be there in the candidate, measured, or
/// the gate fails. A change that removes one on purpose refreshes the baseline with it.
public struct BaselineGate: Sendable {
  public var baseline: ResultsFile
  public var candidate: ResultsFile
  /// Relative increase a counter or allocation count may show before it fails (default 0).
  public var counterTolerance = 0.0
  /// Allocated bytes may vary a little from run to run although the allocation count does
  /// not: Swift sizes a growing buffer by what the allocator says it handed out
  /// (`malloc_usable_size`), which depends on the heap's state. So bytes get this relative
  /// slack on top of `counterTolerance`; the count is gated exactly.
  public var allocatedBytesTolerance = 0.01
  /// Relative change in instructions (callgrind, one iteration) that counts: the same binary
  /// counts identically run after run, but an unrelated change moves code and data around
  /// and shifts counts by a little (see docs/BenchMethod.md, "Instructions"); any increase
  /// beyond this fails.
  public var instructionTolerance = 0.005
  /// Growth gate: an exponent that rises by more than this (with disjoint bootstrap intervals)
  /// fails; so does a class that rises while the exponent rises by more than
  /// `classExponentMargin` (intervals disjoint).
  public var exponentTolerance = 0.25
  public var classExponentMargin = 0.1
  /// Where either file is a quick run, the rise the exponent of each size's fastest sample
  /// must show too (`compareTimeGrowth`).
  public var quickExponentTolerance = 0.5
  /// Only the deterministic gates (counters, allocations, retained bytes, growth, ratios); time is then shown
  /// but never decides.
  public var deterministicOnly = false
  public var thresholds = PairedComparison.Thresholds()
  /// File against file, time: the smallest slowdown beyond the runs' drift that fails (1.10×).
  /// Two quick runs of one binary still differ by up to ~8 % on a benchmark after the drift is
  /// taken out (docs/BenchMethod.md, "Two results files"); a smaller change is for the A/B step.
  public var fileTolerance = 0.10
  /// The fewest precise benchmarks a drift is taken over, and how wide (high / low) a
  /// ratio's interval may be for the benchmark to count as precise (`timeDrifts`).
  public var minimumDriftGroup = 5
  public var driftPrecision = 1.2
  /// A drift below 1 is the machine's only where its benchmarks agree on it: at least this
  /// share of them within `driftBand` (either way) of their median (`drift(ofLogs:)`). A
  /// faster machine moves every benchmark alike; a change of code moves each benchmark it
  /// touches by its own amount (docs/BenchMethod.md, "Two results files").
  public var driftAgreement = 0.75
  public var driftBand = 1.10
  /// The suite's floor (`floor write-frames`: writing frames to memory, no layout code): its
  /// time follows the memory bandwidth other jobs leave, so it is shown, never gated, in a
  /// file comparison, and no drift is taken from it. Set by `bench compare`.
  public var floorStrategy: String?
  /// How many benchmarks of one strategy and workload must be slower for time to fail, file
  /// against file (`confirmTimeFamilies`).
  public var minimumTimeFamily = 2
  /// Benchmarks whose candidate samples were measured again in another process (`bench
  /// compare`'s re-measuring, with companions of the same dataset): they did not share the
  /// candidate run's drift, so their own is taken over them (`timeDrifts`).
  public var remeasured: Set<BenchmarkKey> = []

  public init(baseline: ResultsFile, candidate: ResultsFile) {
    self.baseline = baseline
    self.candidate = candidate
  }

  public var sameHost: Bool { baseline.environment.hostID == candidate.environment.hostID }

  /// Whether time decides (same host, time gates asked for, both release builds).
  public var timeGates: Bool {
    sameHost && !deterministicOnly && !baseline.isDebugBuild && !candidate.isDebugBuild
  }

  /// Every gate, in the order the report lists them. Each step below adds its findings.
  public func evaluate() -> GateReport {
    var report = GateReport(sameHost: sameHost, timeGated: timeGates)
    report.deterministicOnlyGrowth = deterministicOnly
    report.instructionTolerance = instructionTolerance
    let pairs = checkCoverage(&report)
    let drifts = timeDrifts(pairs)
    for (base, result) in pairs {
      compareCounters(base, result, &report)
      compareAllocations(base, result, &report)
      compareRetainedBytes(base, result, &report)
      compareInstructions(base, result, &report)
      compareTime(
        base, result, comparisons: pairs.count, drift: drifts[result.key] ?? 1, &report)
    }
    confirmTimeFamilies(&report)
    compareGrowth(&report)
    compareRatios(&report)
    if candidate.isDebugBuild || baseline.isDebugBuild {
      report.notes.append("a DEBUG BUILD is involved: time is advisory")
    }
    return report
  }
}

extension BaselineGate {
  /// Pairs every candidate benchmark with its baseline; a baseline benchmark the candidate
  /// lacks, or an empty candidate, fails.
  func checkCoverage(_ report: inout GateReport) -> [(
    base: BenchmarkResult, result: BenchmarkResult
  )] {
    let baselineByKey = Dictionary(
      baseline.results.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
    let pairs = candidate.results.compactMap { result in
      baselineByKey[result.key].map { (base: $0, result: result) }
    }
    report.comparedBenchmarks = pairs.count
    report.onlyInBaseline = baseline.results.filter { candidate.result($0.key) == nil }.map(\.key)
    report.onlyInCandidate = candidate.results.filter { baselineByKey[$0.key] == nil }.map(\.key)
    if candidate.results.isEmpty {
      report.addNotMeasured(
        .coverage, BenchmarkKey(name: "candidate", items: 0), "the candidate holds no benchmarks")
    }
    for key in report.onlyInBaseline {
      report.addNotMeasured(
        .coverage, key,
        "in the baseline, not in the candidate (a deliberate removal refreshes the baseline)")
    }
    return pairs
  }

  /// Work counters: exact (beyond `counterTolerance`); every counter of the baseline must be there.
  func compareCounters(
    _ base: BenchmarkResult, _ result: BenchmarkResult, _ report: inout GateReport
  ) {
    for (name, before) in base.counters.sorted(by: { $0.key < $1.key }) {
      report.countersCompared += 1
      guard let after = result.counters[name] else {
        report.add(.counters, .regression, result.key, "\(name) not counted in the candidate")
        continue
      }
      if Double(after) > Double(before) * (1 + counterTolerance) {
        report.add(
          .counters, .regression, result.key,
          "\(name) \(before) → \(after) (\(Formatting.percent(Double(after - before) / Double(max(before, 1)))))"
        )
      } else if after < before {
        report.add(.counters, .improvement, result.key, "\(name) \(before) → \(after)")
      }
    }
  }

  /// Allocations: the count exactly and bytes within their slack, where the baseline counted
  /// them deterministically; a candidate that did not count them fails.
  func compareAllocations(
    _ base: BenchmarkResult, _ result: BenchmarkResult, _ report: inout GateReport
  ) {
    guard let a = base.allocations, let b = result.allocations else {
      if base.allocations?.deterministic == true {
        report.addNotMeasured(
          .allocations, result.key,
          "allocations not counted in the candidate (\(result.allocationsNote ?? "no count"))")
      }
      return
    }
    if a.deterministic && !b.deterministic {
      report.add(
        .allocations, .regression, result.key,
        "allocations not counted deterministically in the candidate")
      return
    }
    guard a.deterministic && b.deterministic else { return }
    report.allocationsCompared += 1
    for (what, before, after, slack) in [
      ("allocations", a.count, b.count, 0.0),
      ("allocated bytes", a.bytes, b.bytes, allocatedBytesTolerance),
    ] {
      if Double(after) > Double(before) * (1 + counterTolerance + slack) {
        report.add(.allocations, .regression, result.key, "\(what) \(before) → \(after)")
      } else if Double(after) < Double(before) * (1 - slack) {
        report.add(.allocations, .improvement, result.key, "\(what) \(before) → \(after)")
      }
    }
  }

  /// Instructions: within `instructionTolerance`, and counted wherever the baseline counted them.
  func compareInstructions(
    _ base: BenchmarkResult, _ result: BenchmarkResult, _ report: inout GateReport
  ) {
    guard let before = base.instructions else { return }
    report.instructionsCompared += 1
    guard let after = result.instructions else {
      report.addNotMeasured(
        .instructions, result.key,
        "instructions not counted in the candidate (\(result.instructionsNote ?? "bench run --instructions"))"
      )
      return
    }
    let change = Double(after - before) / Double(max(before, 1))
    if change > instructionTolerance {
      report.add(
        .instructions, .regression, result.key,
        "instructions \(before) → \(after) (\(Formatting.percent(change)))")
    } else if change < -instructionTolerance {
      report.add(
        .instructions, .improvement, result.key,
        "instructions \(before) → \(after) (\(Formatting.percent(change)))")
    }
  }

  /// Time, file against file (docs/BenchMethod.md, "Two results files"): two runs' samples
  /// were not taken in turn, so the baseline's are first scaled by the drift between the two
  /// runs where the benchmark ran (`timeDrifts`); then exact Mann–Whitney at α / comparisons
  /// and the ratio's interval beyond `fileTolerance`. It decides only where `timeGates`.
  func compareTime(
    _ base: BenchmarkResult, _ result: BenchmarkResult, comparisons: Int, drift: Double,
    _ report: inout GateReport
  ) {
    var thresholds = self.thresholds
    thresholds.comparisons = comparisons
    thresholds.tolerance = max(thresholds.tolerance, fileTolerance)
    // The comparison's `medianA` is the scaled baseline's: the median the ratio was taken
    // against, shown with the drift and the baseline's own median (`GateReport.timeCells`).
    var comparison = PairedComparison(
      unpairedA: base.samples.map { $0 * drift }, b: result.samples, thresholds: thresholds)
    if drift != 1 {
      comparison.reason += String(format: ", relative to the runs' drift %.3f×", drift)
    }
    report.times.append(
      GateReport.TimeRow(
        key: result.key, comparison: comparison, baselineMedian: base.statistics.median,
        drift: drift))
    if comparison.verdict == .slower {
      let gated = timeGates && result.strategy != floorStrategy
      report.add(
        .time, gated ? .regression : .advisory, result.key,
        "\(Formatting.ratio(comparison.ratio)) slower: \(comparison.reason)")
    }
  }

  /// File against file, a slower time decides only where the same strategy and workload is
  /// slower on another dataset or size too (`minimumTimeFamily`); a lone one is advisory. A
  /// change of code shows wherever that code runs; a process's own factor (docs/BenchMethod.md,
  /// "Two results files") hit one benchmark at a time in A/A pairs.
  /// - Complexity: O(f) over the findings.
  func confirmTimeFamilies(_ report: inout GateReport) {
    let families = Dictionary(
      grouping: report.findings.indices.filter {
        report.findings[$0].gate == .time && report.findings[$0].severity == .regression
      },
      by: { index -> String in
        let key = report.findings[index].key
        return candidate.result(key).map { "\($0.strategy) \($0.workload)" } ?? key.name
      })
    for (family, members) in families where members.count < minimumTimeFamily {
      for index in members {
        report.findings[index].severity = .advisory
        report.findings[index].message += " (\(family) slower on no other dataset: advisory)"
      }
    }
  }

  /// The drift between the two runs, per benchmark: the median ratio (Hodges–Lehmann,
  /// candidate over baseline) of the *precise* benchmarks measured on the same dataset at the
  /// same size — measured together, within a second or two — as `drift(ofLogs:)` takes it;
  /// where that gives none, the same over every precise benchmark of the run; else 1.
  /// Precise: the ratio's 99 % interval spans at most `driftPrecision` (many samples on both
  /// sides; a quick run's slowest benchmarks have 5, and one preempted sample moves them), and
  /// not the floor (`floorStrategy`, memory bandwidth, which moves on its own).
  ///
  /// Why: two quick runs of one binary on one host can differ by a factor that moves one
  /// stretch of a run alike — every query of mixed-feed at 10k ran 1.24–1.66× slower in one
  /// A/A run while the rest agreed within 1 % (docs/BenchMethod.md, "Two results files"). A
  /// change of code moves the benchmarks it touches, each by its own amount: where it touches
  /// most of a dataset's, their median is the change, not the machine, and they disagree.
  /// - Complexity: O(Σ mn log mn) over the pairs' sample counts.
  ///
  /// Benchmarks measured again (`remeasured`) did not share the candidate run's drift: theirs
  /// is taken the same way over the benchmarks measured again with them.
  func timeDrifts(_ pairs: [(base: BenchmarkResult, result: BenchmarkResult)]) -> [BenchmarkKey:
    Double]
  {
    let again = pairs.filter { remeasured.contains($0.result.key) }
    let first = pairs.filter { !remeasured.contains($0.result.key) }
    return drifts(first).merging(drifts(again), uniquingKeysWith: { a, _ in a })
  }

  /// `timeDrifts` over benchmarks measured in one process.
  func drifts(_ pairs: [(base: BenchmarkResult, result: BenchmarkResult)]) -> [BenchmarkKey:
    Double]
  {
    let precise = pairs.compactMap { pair -> (group: String, log: Double)? in
      guard pair.result.strategy != floorStrategy else { return nil }
      let estimate = PairedComparison.hodgesLehmann(
        a: pair.base.samples, b: pair.result.samples, alpha: thresholds.alpha)
      guard estimate.low > 0, estimate.high / estimate.low <= driftPrecision else { return nil }
      return ("\(pair.result.dataset)@\(pair.result.items)", log(estimate.ratio))
    }
    let runWide = drift(ofLogs: precise.map(\.log))
    let byGroup = Dictionary(grouping: precise, by: \.group).compactMapValues { members in
      drift(ofLogs: members.map(\.log))
    }
    return Dictionary(
      pairs.map { pair in
        let group = "\(pair.result.dataset)@\(pair.result.items)"
        return (pair.result.key, exp(byGroup[group] ?? runWide ?? 0))
      }, uniquingKeysWith: { a, _ in a })
  }

  /// The drift of benchmarks measured together, in log: the median of `logs` (log ratios,
  /// candidate over baseline), given at least `minimumDriftGroup` of them, where at least
  /// `driftAgreement` lie within `driftBand` of it, or where it is above 1; nil otherwise.
  ///
  /// Why agreement below 1: the median is the machine's factor only while what moved the
  /// benchmarks moved most of them alike. A prepare made 1.4–4× faster also sped up
  /// first-screen and the lookups (one run: 8 of a dataset's 12 benchmarks, each by its own
  /// 0.13–0.75×); their median then scaled the untouched scroll queries into "1.25× slower".
  /// Those ratios spread far beyond the band, where a machine's drift, in A/A pairs, kept all
  /// but one or two of a dataset's precise benchmarks within it.
  ///
  /// Why not above 1: the same disagreement comes from other jobs, which slow a dataset's
  /// benchmarks each by its own amount (an A/A pair with a build running: 1.0–1.8× within one
  /// dataset at 100k). A drift above 1 makes the baseline slower: it can hide a slowdown but
  /// never invent one, and there the median is what kept A/A pairs passing.
  /// - Complexity: O(n log n).
  func drift(ofLogs logs: [Double]) -> Double? {
    guard logs.count >= max(minimumDriftGroup, 1) else { return nil }
    let median = SampleStatistics.median(logs)
    let band = log(max(driftBand, 1))
    let agreeing = logs.filter { abs($0 - median) <= band }.count
    return median > 0 || Double(agreeing) >= driftAgreement * Double(logs.count) ? median : nil
  }

  /// Growth, per series of the baseline: the work and instruction classes exactly; the time
  /// exponent and class beyond their margins (advisory when only deterministic gates run).
  func compareGrowth(_ report: inout GateReport) {
    let baselineFits = Dictionary(
      baseline.fits.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    let candidateFits = Set(candidate.fits.map(\.name))
    for base in baseline.fits where !candidateFits.contains(base.name) {
      report.addNotMeasured(
        .growth, BenchmarkKey(name: base.name, items: base.sizes.last ?? 0),
        "series not measured in the candidate")
    }
    for fit in candidate.fits {
      guard let base = baselineFits[fit.name] else { continue }
      let key = BenchmarkKey(name: fit.name, items: fit.sizes.last ?? 0)
      guard base.sizes == fit.sizes else {
        report.addNotMeasured(
          .growth, key, "measured at other sizes than the baseline (\(fit.sizes) for \(base.sizes))"
        )
        continue
      }
      report.fitsCompared += 1
      compareGrowthClasses(base, fit, key, &report)
      compareTimeGrowth(base, fit, key, &report)
    }
  }

  /// The work and instruction classes of one series may not rise.
  func compareGrowthClasses(
    _ base: SeriesFit, _ fit: SeriesFit, _ key: BenchmarkKey, _ report: inout GateReport
  ) {
    if let before = base.work?.complexity, let after = fit.work?.complexity, after > before {
      report.add(.growth, .regression, key, "work grows \(before.rawValue) → \(after.rawValue)")
    }
    guard let before = base.instructions?.complexity else { return }
    if let after = fit.instructions?.complexity {
      if after > before {
        report.add(
          .growth, .regression, key, "instructions grow \(before.rawValue) → \(after.rawValue)")
      }
    } else {
      report.addNotMeasured(.growth, key, "instructions not counted in the candidate")
    }
  }

  /// Time growth decides unless only the deterministic gates were asked for; then it is shown
  /// as advisory (the work class is the deterministic growth gate). Where either file is a
  /// quick run, the rise must also show in the exponent of each size's fastest sample
  /// (`quickExponentTolerance`): a quick run's medians at three sizes move its exponent by up
  /// to 0.8 between two runs of one binary, its fastest samples by up to 0.45.
  func compareTimeGrowth(
    _ base: SeriesFit, _ fit: SeriesFit, _ key: BenchmarkKey, _ report: inout GateReport
  ) {
    let disjoint = fit.time.exponentLow > base.time.exponentHigh
    let rise = fit.time.exponent - base.time.exponent
    if baseline.settings.quick || candidate.settings.quick {
      let fastestRise =
        Self.fastestSampleExponent(of: candidate, series: fit.name)
        - Self.fastestSampleExponent(of: baseline, series: base.name)
      guard fastestRise > quickExponentTolerance else { return }
    }
    let severity: GateReport.Severity = deterministicOnly ? .advisory : .regression
    if disjoint && rise > exponentTolerance {
      report.add(
        .growth, severity, key,
        String(format: "time exponent %.2f → %.2f", base.time.exponent, fit.time.exponent))
    } else if disjoint && rise > classExponentMargin && fit.time.complexity > base.time.complexity {
      report.add(
        .growth, severity, key,
        "time grows \(base.time.complexity.rawValue) → \(fit.time.complexity.rawValue)"
          + String(format: " (exponent %.2f → %.2f)", base.time.exponent, fit.time.exponent))
    }
  }

  /// The growth exponent of a series' fastest sample per size: interference only adds time,
  /// so the fastest of a benchmark's samples is its least disturbed.
  /// - Complexity: O(r + s) over the file's results and the series' samples.
  static func fastestSampleExponent(of file: ResultsFile, series: String) -> Double {
    let points = file.results.filter { $0.series == series }.compactMap { result in
      result.samples.min().map { (n: Double(result.items), cost: $0) }
    }.filter { $0.cost > 0 }
    return points.count >= 2 ? ComplexityFit.slope(points) : 0
  }

  /// Same-run ratios: the baseline's, with the baseline's floors, measured on the candidate's
  /// own medians, so a candidate cannot drop a ratio or lower its floor.
  func compareRatios(_ report: inout GateReport) {
    for declared in baseline.ratios where declared.isGated {
      report.ratiosCompared += 1
      let key = BenchmarkKey(name: declared.faster, items: declared.items)
      guard
        let slower = candidate.result(BenchmarkKey(name: declared.slower, items: declared.items)),
        let faster = candidate.result(key)
      else {
        report.addNotMeasured(
          .ratio, key, "\(declared.label) on \(declared.dataset): not measured in the candidate")
        continue
      }
      let ratio = slower.statistics.median / max(faster.statistics.median, 1e-9)
      if !(ratio >= declared.floor) {
        report.add(
          .ratio, .regression, key,
          "\(declared.label) on \(declared.dataset): \(Formatting.ratio(ratio)) < floor \(Formatting.ratio(declared.floor))"
        )
      }
    }
  }
}

/// What a baseline comparison found.
public struct GateReport: Sendable {
  public enum Gate: String, Sendable, CaseIterable {
    /// A benchmark of the baseline missing from the candidate, or an empty candidate.
    case coverage
    case counters, allocations, retained, instructions, growth, ratio, time
  }

  public enum Severity: String, Sendable {
    case regression, improvement
    /// Would be a regression, but this gate does not decide here (time across hosts, or time
    /// growth when only the deterministic gates run).
    case advisory
  }

  public struct Finding: Sendable {
    public var gate: Gate
    public var severity: Severity
    public var key: BenchmarkKey
    public var message: String
    /// A regression because the candidate did not measure what the baseline did (a benchmark,
    /// a series at the baseline's sizes, a ratio's two sides, a count a flag turns off): a gate
    /// that could be walked around by not measuring is not a gate. A report of a run of part
    /// of the suite counts these instead (`ReportSummary`).
    public var notMeasured = false
  }

  /// One benchmark's time, file against file: `comparison` was taken against the baseline's
  /// samples times `drift`, so its `medianA` is `baselineMedian × drift`.
  public struct TimeRow: Sendable {
    public var key: BenchmarkKey
    public var comparison: PairedComparison
    /// The baseline's own median, before the drift.
    public var baselineMedian: Double
    public var drift: Double

    public init(
      key: BenchmarkKey, comparison: PairedComparison, baselineMedian: Double, drift: Double
    ) {
      self.key = key
      self.comparison = comparison
      self.baselineMedian = baselineMedian
      self.drift = drift
    }
  }

  public var sameHost: Bool
  public var timeGated: Bool
  public var deterministicOnlyGrowth = false
  public var findings: [Finding] = []
  public var times: [TimeRow] = []
  public var notes: [String] = []
  public var comparedBenchmarks = 0
  public var countersCompared = 0
  public var allocationsCompared = 0
  /// Benchmarks whose retained bytes were gated, and those the candidate measured but a
  /// baseline older than them (schema 1) lacks.
  public var retainedCompared = 0
  public var retainedNotInBaseline = 0
  public var instructionsCompared = 0
  public var instructionTolerance = 0.0
  public var fitsCompared = 0
  public var ratiosCompared = 0
  public var onlyInBaseline: [BenchmarkKey] = []
  public var onlyInCandidate: [BenchmarkKey] = []

  mutating func add(_ gate: Gate, _ severity: Severity, _ key: BenchmarkKey, _ message: String) {
    findings.append(Finding(gate: gate, severity: severity, key: key, message: message))
  }

  /// A regression: the candidate did not measure, at `key`, what the baseline did.
  mutating func addNotMeasured(_ gate: Gate, _ key: BenchmarkKey, _ message: String) {
    findings.append(
      Finding(gate: gate, severity: .regression, key: key, message: message, notMeasured: true))
  }

  public var regressions: [Finding] { findings.filter { $0.severity == .regression } }
  public var hasRegression: Bool { !regressions.isEmpty }

  /// Slower-verdict times that decide (same host) and need re-measuring before they fail.
  public var timeSuspects: [BenchmarkKey] {
    regressions.filter { $0.gate == .time }.map(\.key)
  }

  /// Plain text for the terminal.
  public func text() -> String {
    var out = summaryLines().map { $0 + "\n" }.joined()
    if hasRegression {
      out += "\nREGRESSIONS:\n"
      for finding in regressions {
        out += "  [\(finding.gate.rawValue)] \(finding.key): \(finding.message)\n"
      }
    }
    let advisories = findings.filter { $0.severity == .advisory && $0.gate != .time }
    if !advisories.isEmpty {
      out += "\nadvisory (not gated here):\n"
      for finding in advisories {
        out += "  [\(finding.gate.rawValue)] \(finding.key): \(finding.message)\n"
      }
    }
    let improvements = findings.filter { $0.severity == .improvement }
    if !improvements.isEmpty {
      out += "\nimprovements (deterministic):\n"
      for finding in improvements.prefix(20) {
        out += "  [\(finding.gate.rawValue)] \(finding.key): \(finding.message)\n"
      }
      if improvements.count > 20 { out += "  … and \(improvements.count - 20) more\n" }
    }
    let moved = times.filter { $0.comparison.verdict != .noChange }
    out +=
      "\ntime (\(timeGated ? "gated: same host" : "advisory: \(sameHost ? "deterministic gates only" : "different host")")): "
    out += "\(moved.count) of \(times.count) changed beyond noise\n"
    var table = TextTable(
      header: Self.timeHeader, leftAligned: [0, Self.timeHeader.count - 1])
    for row in moved.sorted(by: { $0.comparison.ratio > $1.comparison.ratio }).prefix(15) {
      table.append(Self.timeCells(row))
    }
    if !table.rows.isEmpty { out += table.rendered() }
    for note in Set(notes).sorted() { out += "note: \(note)\n" }
    out +=
      "\n"
      + (hasRegression ? "verdict: REGRESSION (\(regressions.count))" : "verdict: no regression")
      + "\n"
    return out
  }

  public func markdown() -> String {
    var out = summaryLines().map { "- \($0)\n" }.joined()
    if hasRegression {
      out += "\n**Regressions**\n\n"
      var table = TextTable(header: ["gate", "benchmark", "what"], leftAligned: [0, 1, 2])
      for finding in regressions {
        table.append([finding.gate.rawValue, "`\(finding.key)`", finding.message])
      }
      out += table.markdown()
    }
    let moved = times.filter { $0.comparison.verdict != .noChange }
    if !moved.isEmpty {
      out += "\nTime \(timeGated ? "(gated: same host)" : "(advisory)"):\n\n"
      var table = TextTable(
        header: Self.timeHeader, leftAligned: [0, Self.timeHeader.count - 1])
      for row in moved.sorted(by: { $0.comparison.ratio > $1.comparison.ratio }).prefix(15) {
        table.append(Self.timeCells(row))
      }
      out += table.markdown()
    }
    out += "\n" + (hasRegression ? "**Verdict: regression**" : "**Verdict: no regression**") + "\n"
    return out
  }

  func summaryLines() -> [String] {
    func count(_ gate: Gate) -> Int { regressions.filter { $0.gate == gate }.count }
    var lines = [
      "\(comparedBenchmarks) benchmarks compared (\(onlyInBaseline.count) only in the baseline, \(onlyInCandidate.count) only in the candidate)"
        + (count(.coverage) > 0 ? ": \(count(.coverage)) missing" : ""),
      "counters: \(countersCompared) compared exactly, \(count(.counters)) regressed",
      "allocations: \(allocationsCompared) benchmarks compared exactly, \(count(.allocations)) regressed",
      "retained bytes: \(retainedCompared) benchmarks compared exactly, \(count(.retained)) regressed"
        + (retainedNotInBaseline > 0
          ? "; \(retainedNotInBaseline) not in the baseline (written before retained bytes were measured): refresh it"
          : ""),
      "instructions: \(instructionsCompared) benchmarks compared (±\(Formatting.percent(instructionTolerance).dropFirst())), \(count(.instructions)) regressed",
      "growth: \(fitsCompared) series compared, \(count(.growth)) regressed"
        + (deterministicOnlyGrowth ? " (work class gated; time exponent advisory)" : ""),
      "same-run ratios: \(ratiosCompared) checked against their floors, \(count(.ratio)) below",
    ]
    lines.append(
      timeGated
        ? "time: gated (same host), \(count(.time)) slower"
        : "time: advisory (\(sameHost ? "deterministic gates only" : "baseline from another host"))"
    )
    return lines
  }

  /// What the time table shows: the baseline's median, the drift it was scaled by, and the
  /// product — the median the candidate's was compared with, so the ratio reads off the row.
  static let timeHeader = [
    "benchmark", "baseline", "drift", "compared", "candidate", "ratio", "99% CI", "verdict",
  ]

  static func timeCells(_ row: TimeRow) -> [String] {
    let c = row.comparison
    return [
      row.key.description, Formatting.duration(row.baselineMedian),
      String(format: "×%.3f", row.drift), Formatting.duration(c.medianA),
      Formatting.duration(c.medianB), Formatting.ratio(c.ratio),
      String(format: "[%.3f, %.3f]", c.ratioLow, c.ratioHigh), c.verdict.rawValue,
    ]
  }
}
