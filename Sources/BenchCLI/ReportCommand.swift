import BenchKit
import BenchmarkDatasets
import Foundation

/// `bench report RESULTS.json`: renders a saved results file again, in any format.
enum ReportCommand {
  static let usage = """
    usage: bench report RESULTS.json [--format FORMAT] [--baseline FILE] [--output FILE]

    Renders a results file (written by bench run) again.

      --format FORMAT   console (default), md, csv, html, json, github-action-benchmark
      --baseline FILE   show the comparison with this results file (md, html)
      --output FILE     write the report to FILE instead of standard output, whole or not at
                        all; FILE must be a regular file or a new one (a device, a FIFO or a
                        symbolic link is refused, never replaced)

    Exit status: 0 done, 1 standard output could not be written, 2 bad flags, an unreadable or
    invalid results file, or an output file that cannot be written.

    """

  static func run(_ arguments: [String], io: CommandIO) throws -> String {
    var reader = ArgumentReader(arguments, command: "report")
    var path: String?
    var format = "console"
    var baselinePath: String?
    var output: String?
    while let argument = reader.next() {
      switch argument {
      case "--help", "-h": return usage
      case "--format": format = try reader.value(of: argument)
      case "--baseline": baselinePath = try reader.value(of: argument)
      case "--output": output = try reader.value(of: argument)
      default:
        if argument.hasPrefix("-") {
          throw UsageError("unknown option '\(argument)' (bench report --help)")
        }
        if path != nil {
          throw UsageError("bench report takes one results file, found '\(argument)' too")
        }
        path = argument
      }
    }
    guard let path else {
      throw UsageError("bench report needs a results file (bench report --help)")
    }
    guard let reporter = Reporters.named(format) else {
      throw UsageError(
        "--format: unknown format '\(format)' (one of: \(Reporters.formatNames.joined(separator: ", ")))"
      )
    }
    let results = try RunCommand.loadResults(path)
    let baseline = try baselinePath.map { try RunCommand.loadResults($0) }
    // The presentation `bench run` wrote the reports with, so a report rendered again is the same.
    let text = reporter.render(
      results, baseline: baseline, presentation: SuitePresentation.report)
    if let output {
      try AtomicFile.write(text, to: output)
      return ""
    }
    return text
  }
}
