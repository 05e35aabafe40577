/// The lines every report shares: how a run was made, and the cells of a result.
extension ResultsFile {
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
    lines.append(
      "retained/item: "
        + (settings.allocationCounting.map { "not measured (\($0))" }
          ?? "heap a prepared layout keeps (init + prepare, exact), ÷ items"))
    lines.append(
      "process peak RSS: \(settings.peakMemory ?? "measured (VmHWM of the whole process, reset per benchmark)")"
    )
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

  /// Retained bytes per item (`32.0 B`), or `–` where not measured (every workload but
  /// `prepare`, or allocations not counted).
  public static func retainedText(_ result: BenchmarkResult) -> String {
    result.retainedBytesPerItem.map(Formatting.bytesPerItem) ?? "–"
  }

  public static func allocationText(_ result: BenchmarkResult) -> String {
    guard let allocations = result.allocations else { return "n/a" }
    return Formatting.compactCount(Double(allocations.count))
      + (allocations.deterministic ? "" : "~")
  }
}
