/// A report of a results file, written to an injected stream so tests capture it
/// (google/swift-benchmark's `BenchmarkReporter`). Every format is one conformance.
public protocol BenchmarkReporter: Sendable {
  /// The format's name, as `--format` takes it, and the extension of its file.
  var format: String { get }
  var fileExtension: String { get }
  /// Writes the report of `results` (compared with `baseline` where the format shows that).
  func write<Stream: TextOutputStream>(
    _ results: ResultsFile, baseline: ResultsFile?, to stream: inout Stream)
}

extension BenchmarkReporter {
  /// The report as a string.
  public func render(_ results: ResultsFile, baseline: ResultsFile? = nil) -> String {
    var out = ""
    write(results, baseline: baseline, to: &out)
    return out
  }
}

/// The reporters by format name.
public enum Reporters {
  public static let all: [any BenchmarkReporter] = [
    ConsoleReporter(), MarkdownReporter(), CSVReporter(), HTMLReporter(), JSONReporter(),
    GitHubActionBenchmarkReporter(),
  ]

  public static func named(_ format: String) -> (any BenchmarkReporter)? {
    all.first { $0.format == format }
  }

  public static var formatNames: [String] { all.map(\.format) }
}

/// The results file itself.
public struct JSONReporter: BenchmarkReporter {
  public init() {}
  public var format: String { "json" }
  public var fileExtension: String { "json" }
  public func write<Stream: TextOutputStream>(
    _ results: ResultsFile, baseline: ResultsFile?, to stream: inout Stream
  ) {
    guard let data = try? results.encoded() else { return }
    stream.write(String(decoding: data, as: UTF8.self))
    stream.write("\n")
  }
}
