/// How long the rest of a run will take, calibrated on the benchmarks measured so far.
///
/// Each benchmark is planned at its time budget plus the overheads around it (warm-up, the
/// check, the untimed pass for counters, one iteration for allocations), with a part that
/// grows with its items (building and checking a large layout). Planned times are only a
/// prior: once benchmarks finish, the rest are scaled by how long the finished ones took
/// against their plan, so the estimate follows the machine and the suite's mix of sizes
/// (slow benchmarks run past their budget, up to the runner's hard limit). A pure value:
/// times come in as seconds, so tests script them.
public struct RunTimeEstimate: Sendable {
  /// Planned seconds per benchmark, by key.
  public private(set) var planned: [BenchmarkKey: Double] = [:]
  /// Benchmarks running at once (the runner's jobs).
  public var parallelism: Int
  private var plannedFinished = 0.0
  private var measuredFinished = 0.0
  private var plannedLeft = 0.0
  private var finished = Set<BenchmarkKey>()

  /// Overheads around the budget, as a multiple of it (measured on the standard suite: a
  /// benchmark at 1k items took about 1.2 budgets).
  public static let overheadFactor = 1.2
  /// Seconds per item of setup and checks (the standard suite: about 0.5 µs per item).
  public static let secondsPerItem = 5e-7

  public init(planned: [(key: BenchmarkKey, seconds: Double)], parallelism: Int = 1) {
    for (key, seconds) in planned where self.planned[key] == nil {
      self.planned[key] = max(0, seconds)
      plannedLeft += max(0, seconds)
    }
    self.parallelism = max(1, parallelism)
  }

  /// The plan for `keys` measured with `budgetSeconds` each.
  public init(keys: [BenchmarkKey], budgetSeconds: Double, parallelism: Int = 1) {
    self.init(
      planned: keys.map {
        ($0, budgetSeconds * Self.overheadFactor + Double($0.items) * Self.secondsPerItem)
      }, parallelism: parallelism)
  }

  /// How much longer than planned the finished benchmarks took (1 before any finished).
  public var calibration: Double {
    plannedFinished > 0 && measuredFinished > 0 ? measuredFinished / plannedFinished : 1
  }

  /// Records that `key` took `seconds`. A key not in the plan, or finished twice, is ignored.
  public mutating func finished(_ key: BenchmarkKey, seconds: Double) {
    guard let plan = planned[key], finished.insert(key).inserted else { return }
    plannedFinished += plan
    measuredFinished += max(0, seconds)
    plannedLeft -= plan
  }

  /// Seconds until the run ends: what is left of the plan, calibrated, spread over the jobs.
  /// `running` are the benchmarks under way with the seconds they have run so far; each
  /// counts for what is left of its calibrated plan (none once it runs past it).
  /// - Complexity: O(r) for r running benchmarks.
  public func remainingSeconds(running: [(key: BenchmarkKey, elapsed: Double)] = []) -> Double {
    let scale = calibration
    var left = max(0, plannedLeft) * scale
    for (key, elapsed) in running {
      guard let plan = planned[key], !finished.contains(key) else { continue }
      left -= min(plan * scale, max(0, elapsed))
    }
    return max(0, left) / Double(parallelism)
  }

  /// `1m30s`, `42s`, `1h05m`.
  public static func text(seconds: Double) -> String {
    // Clamped before converting: a budget from the command line can make any number of seconds.
    let whole = seconds.isFinite ? Int(min(max(0, seconds), 1e9).rounded()) : 0
    if whole >= 3600 { return "\(whole / 3600)h\(twoDigits(whole % 3600 / 60))m" }
    return whole >= 60 ? "\(whole / 60)m\(twoDigits(whole % 60))s" : "\(whole)s"
  }

  private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
