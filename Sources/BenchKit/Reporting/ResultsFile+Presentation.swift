/// What the reports share: the order results are shown in, the floor each is compared with,
/// and the lines that say how a run was made.
extension ResultsFile {
  /// The strategy name of the floor benchmarks (the cost of merely writing n frames).
  public static let floorStrategy = "floor"
  /// Workloads shown as a multiple of the floor.
  public static let floorComparedWorkloads: Set<String> = ["prepare", "first-screen"]

  /// Results grouped for display: by dataset, then workload, then strategy (each in the order
  /// first measured), then size; the floor first in each dataset.
  public var orderedResults: [BenchmarkResult] {
    func firstSeen(_ values: [String]) -> [String: Int] {
      var order: [String: Int] = [:]
      for value in values where order[value] == nil { order[value] = order.count }
      return order
    }
    let datasets = firstSeen(results.map(\.dataset))
    let workloads = firstSeen(results.map(\.workload))
    let strategies = firstSeen(results.map(\.strategy))
    return results.sorted {
      let a = (
        datasets[$0.dataset]!, $0.strategy == Self.floorStrategy ? -1 : workloads[$0.workload]!,
        strategies[$0.strategy]!, $0.items
      )
      let b = (
        datasets[$1.dataset]!, $1.strategy == Self.floorStrategy ? -1 : workloads[$1.workload]!,
        strategies[$1.strategy]!, $1.items
      )
      return a < b
    }
  }

  public var datasets: [String] { orderedUnique(results.map(\.dataset)) }
  public var workloads: [String] {
    orderedUnique(results.filter { $0.strategy != Self.floorStrategy }.map(\.workload))
  }
  public var strategies: [String] {
    orderedUnique(results.filter { $0.strategy != Self.floorStrategy }.map(\.strategy))
  }

  /// The floor measured for `dataset` at `items`.
  public func floor(dataset: String, items: Int) -> BenchmarkResult? {
    results.first {
      $0.strategy == Self.floorStrategy && $0.dataset == dataset && $0.items == items
    }
  }

  /// How many floors `result` costs, for the workloads compared with the floor.
  public func floorMultiple(_ result: BenchmarkResult) -> Double? {
    guard Self.floorComparedWorkloads.contains(result.workload),
      let floor = floor(dataset: result.dataset, items: result.items), floor.statistics.median > 0
    else { return nil }
    return result.statistics.median / floor.statistics.median
  }

  /// One line each: the build, the machine, the mode — and any warning a reader must see.
  public var headerLines: [String] {
    var lines: [String] = []
    if isDebugBuild {
      lines.append("DEBUG BUILD: timings are meaningless (measured with --allow-debug)")
    }
    let e = environment
    var commit = e.gitCommit.map { String($0.prefix(10)) } ?? "no git"
    if e.gitDirty == true { commit += " (dirty)" }
    lines.append(
      "\(results.count) benchmarks, \(e.buildConfiguration) build, Swift \(e.swiftVersion), \(commit), \(e.date)"
    )
    lines.append("\(e.cores) × \(e.cpu), \(e.os), kernel \(e.kernel), host \(e.hostID)")
    lines.append(
      "mode: \(settings.mode); time budget \(settings.timeBudgetSeconds) s per benchmark"
        + (settings.quick ? " (--quick)" : ""))
    lines.append(
      "allocations: \(settings.allocationCounting ?? "counted (one iteration of the timed code)")")
    lines.append(
      "instructions: \(settings.instructionCounting ?? "not counted (bench run --instructions)")")
    lines.append("peak memory: \(settings.peakMemory ?? "measured (VmHWM, reset per benchmark)")")
    return lines
  }

  /// The confidence interval as `±x%` of the median (the wider side).
  public static func intervalText(_ statistics: SampleStatistics) -> String {
    guard statistics.median > 0 else { return "–" }
    let half = max(statistics.median - statistics.ciLow, statistics.ciHigh - statistics.median)
    return String(format: "±%.1f%%", half / statistics.median * 100)
  }

  /// Instructions of one iteration, shortened (`12.3k`), or `–` when not counted.
  public static func instructionText(_ result: BenchmarkResult) -> String {
    result.instructions.map { Formatting.compactCount(Double($0)) } ?? "–"
  }

  public static func allocationText(_ result: BenchmarkResult) -> String {
    guard let allocations = result.allocations else { return "n/a" }
    return Formatting.compactCount(Double(allocations.count))
      + (allocations.deterministic ? "" : "~")
  }
}

func orderedUnique(_ values: [String]) -> [String] {
  var seen = Set<String>()
  return values.filter { seen.insert($0).inserted }
}
