import BenchKit
import BenchmarkDatasets
import Foundation

/// `bench report RESULTS.json`: renders a saved results file again, in any format.
enum ReportCommand {
  /// What the flags ask for.
  struct Options {
    var path = ""
    var reporter: any BenchmarkReporter = ConsoleReporter()
    var baselinePath: String?
    var output: String?
  }

  static var table: OptionTable<Options> {
    OptionTable(
      "report",
      positional: Positional(name: "RESULTS.json", noun: "results file", isRequired: true) {
        $0.path = $1
      },
      [
        .prose("Renders a results file (written by bench run) again."),
        .options(
          title: nil,
          [
            .value(
              "--format", "FORMAT", .oneOf(Reporters.all.map { ($0.format.name, $0) }),
              into: \.reporter,
              help: "\(Reporters.formatNames.joined(separator: ", ")) (default: console)"),
            .value(
              "--baseline", "FILE", .text, into: \.baselinePath,
              help: "show the comparison with this results file (md, html)"),
            .value(
              "--output", "FILE", .text, into: \.output,
              help: """
                write the report to FILE instead of standard output, whole or not at all; FILE
                must be a regular file or a new one (a device, a FIFO or a symbolic link is
                refused, never replaced)
                """),
          ]),
        .prose(
          """
          Exit status: 0 done, 1 standard output could not be written, 2 bad flags, an unreadable or
          invalid results file, or an output file that cannot be written.
          """),
      ])
  }

  static func run(_ arguments: [String], io: CommandIO) throws -> String {
    guard let options = try table.parse(arguments, into: Options()) else { return table.help }
    let (path, baselinePath, output) = (options.path, options.baselinePath, options.output)
    let reporter = options.reporter
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
