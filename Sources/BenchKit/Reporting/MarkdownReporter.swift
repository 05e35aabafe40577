/// Markdown for pull-request comments and CI step summaries: the summary first, then the
/// ratios that matter, the growth, the baseline's gates, and the full table folded.
public struct MarkdownReporter: BenchmarkReporter {
  public init() {}
  public var format: ReportFormat { ReportFormat("md", fileName: "report.md") }
  public func write<Stream: TextOutputStream>(_ report: PresentedResults, to stream: inout Stream) {
    let results = report.results
    stream.write("## \(report.title)\n\n")
    let summary = ReportSummary(report)
    stream.write(summary.markdown(reference: report.presentation.referenceStrategy) + "\n")
    stream.write("<details><summary>How this run was made</summary>\n\n")
    for line in results.headerLines { stream.write("- \(line)\n") }
    stream.write("\n</details>\n")
    if !results.ratios.isEmpty {
      stream.write("\n### Same-run ratios\n\n")
      let folded = FoldedRatios(results.ratios)
      let status: (RatioResult) -> String = {
        !$0.isGated
          ? "not gated"
          : !$0.holds
            ? "❌ below floor"
            : $0.ratio < $0.floor * ReportSummary.nearFloorMargin ? "✅ near floor" : "✅"
      }
      if !folded.shown.isEmpty {
        stream.write(ConsoleReporter.ratioTable(folded.shown, status: status).markdown() + "\n")
      }
      for line in [folded.foldedLine, folded.notGatedLine].compactMap({ $0 }) {
        stream.write("- \(line)\n")
      }
      stream.write("\n<details><summary>All \(results.ratios.count) ratios</summary>\n\n")
      stream.write(ConsoleReporter.ratioTable(results.ratios, status: status).markdown())
      stream.write("\n</details>\n")
    }
    if !results.fits.isEmpty {
      stream.write("\n### Growth\n\n")
      stream.write(ConsoleReporter.fitTable(results.fits).markdown())
    }
    if let gate = summary.gate {
      stream.write("\n### Against the baseline\n\n")
      stream.write(gate.markdown())
    }
    stream.write("\n<details><summary>All \(results.results.count) results</summary>\n\n")
    var table = TextTable(
      header: [
        "benchmark", "items", "median", "99% CI", "p90", "p99", "×floor", "allocs",
        "retained/item", "instr", "process peak RSS", "work / iteration",
      ], leftAligned: [0, 11])
    for result in report.orderedResults {
      let s = result.statistics
      table.append([
        "`\(result.name)`", Formatting.count(result.items), Formatting.duration(s.median),
        ResultsFile.intervalText(s), Formatting.duration(s.p90), Formatting.duration(s.p99),
        report.floorMultipleText(result), ResultsFile.allocationText(result),
        ResultsFile.retainedText(result), ResultsFile.instructionText(result),
        result.peakResidentBytes.map(Formatting.bytes) ?? "n/a", report.counterText(result),
      ])
    }
    stream.write(table.markdown())
    stream.write("\n</details>\n")
    if !results.notes.isEmpty {
      stream.write("\n" + results.notes.map { "> \($0)\n" }.joined())
    }
  }
}
