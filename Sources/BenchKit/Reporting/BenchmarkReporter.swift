/// A report of a results file, written to an injected stream so tests capture it
/// (google/swift-benchmark's `BenchmarkReporter`). Every format is one conformance.
public protocol BenchmarkReporter: Sendable {
  /// The format's name, as `--format` takes it, and the file `bench run` writes it to.
  var format: ReportFormat { get }
  /// Writes the report of `report.results` (compared with `report.baseline` where the format
  /// shows that), presented as its suite declares.
  func write<Stream: TextOutputStream>(_ report: PresentedResults, to stream: inout Stream)
}

/// A report format's name and the file a run writes it to.
public struct ReportFormat: Sendable, Hashable {
  /// As `--format` takes it.
  public var name: String
  /// The file's name in a run's output directory.
  public var fileName: String

  public init(_ name: String, fileName: String) {
    self.name = name
    self.fileName = fileName
  }
}

extension BenchmarkReporter {
  /// The report as a string.
  public func rendered(_ report: PresentedResults) -> String {
    var out = ""
    write(report, to: &out)
    return out
  }

  /// The report as a string.
  public func render(
    _ results: ResultsFile, baseline: ResultsFile? = nil,
    presentation: ReportPresentation = .plain
  ) -> String {
    rendered(PresentedResults(results, baseline: baseline, presentation: presentation))
  }
}

/// The reporters by format name.
public enum Reporters {
  public static let all: [any BenchmarkReporter] = [
    ConsoleReporter(), MarkdownReporter(), CSVReporter(), HTMLReporter(), JSONReporter(),
    GitHubActionBenchmarkReporter(),
  ]

  public static func named(_ format: String) -> (any BenchmarkReporter)? {
    all.first { $0.format.name == format }
  }

  public static var formatNames: [String] { all.map(\.format.name) }
}

/// The results file itself.
public struct JSONReporter: BenchmarkReporter {
  public init() {}
  public var format: ReportFormat { ReportFormat("json", fileName: "results.json") }
  public func write<Stream: TextOutputStream>(_ report: PresentedResults, to stream: inout Stream) {
    guard let data = try? report.results.encoded() else { return }
    stream.write(String(decoding: data, as: UTF8.self))
    stream.write("\n")
  }
}
