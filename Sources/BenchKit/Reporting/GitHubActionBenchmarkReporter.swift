import Foundation

/// github-action-benchmark's `customSmallerIsBetter` format: a JSON array of
/// `{name, unit, value, range, extra}`, one entry per benchmark (median ns per operation).
public struct GitHubActionBenchmarkReporter: BenchmarkReporter {
  public init() {}
  public var format: ReportFormat {
    ReportFormat("github-action-benchmark", fileName: "github-action-benchmark.json")
  }

  struct Entry: Encodable {
    var name: String
    var unit: String
    var value: Double
    var range: String
    var extra: String
  }

  public func write<Stream: TextOutputStream>(_ report: PresentedResults, to stream: inout Stream) {
    let entries = report.orderedResults.map { result in
      let s = result.statistics
      var extra =
        "p90 \(Formatting.duration(s.p90)), 99% CI [\(Formatting.duration(s.ciLow)), \(Formatting.duration(s.ciHigh))], \(s.count) samples"
      if let allocations = result.allocations { extra += ", \(allocations.count) allocations" }
      if let retained = result.retainedBytesPerItem {
        extra += ", \(Formatting.bytesPerItem(retained)) retained per item"
      }
      if let instructions = result.instructions { extra += ", \(instructions) instructions" }
      return Entry(
        name: result.key.description, unit: "ns", value: (s.median * 1000).rounded() / 1000,
        range: String(format: "± %.3f", max(s.median - s.ciLow, s.ciHigh - s.median)), extra: extra)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    guard let data = try? encoder.encode(entries) else { return }
    stream.write(String(decoding: data, as: UTF8.self) + "\n")
  }
}
