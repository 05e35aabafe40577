/// One row per benchmark, times in nanoseconds per operation, one column per work counter.
public struct CSVReporter: BenchmarkReporter {
  public init() {}
  public var format: ReportFormat { ReportFormat("csv", fileName: "results.csv") }
  public func write<Stream: TextOutputStream>(_ report: PresentedResults, to stream: inout Stream) {
    let results = report.results
    let counterNames = Set(results.results.flatMap(\.counters.keys)).sorted()
    let header =
      [
        "name", "strategy", "workload", "dataset", "items", "operations_per_iteration", "samples",
        "min_ns", "p25_ns", "median_ns", "p75_ns", "p90_ns", "p99_ns", "max_ns", "mean_ns",
        "ci_low_ns",
        "ci_high_ns", "mad_ns", "allocations", "allocated_bytes", "retained_bytes",
        "retained_bytes_per_item", "instructions", "process_peak_rss_bytes",
      ] + counterNames
    stream.write(header.joined(separator: ",") + "\n")
    for result in report.orderedResults {
      let s = result.statistics
      let numbers = [
        s.min, s.p25, s.median, s.p75, s.p90, s.p99, s.max, s.mean, s.ciLow, s.ciHigh, s.mad,
      ]
      .map { String(format: "%.3f", $0) }
      let row =
        [
          Self.quoted(result.name), result.strategy, result.workload, result.dataset,
          "\(result.items)",
          "\(result.operationsPerIteration)", "\(s.count)",
        ] + numbers + [
          result.allocations.map { "\($0.count)" } ?? "",
          result.allocations.map { "\($0.bytes)" } ?? "",
          result.retainedBytes.map { "\($0)" } ?? "",
          result.retainedBytesPerItem.map { String(format: "%.4f", $0) } ?? "",
          result.instructions.map { "\($0)" } ?? "",
          result.peakResidentBytes.map { "\($0)" } ?? "",
        ] + counterNames.map { result.counters[$0].map { "\($0)" } ?? "" }
      stream.write(row.joined(separator: ",") + "\n")
    }
  }

  static func quoted(_ field: String) -> String {
    field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
      ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
  }
}
