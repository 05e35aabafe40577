/// The table `bench` prints: the summary first (winners, changes against the baseline, the
/// verdict), then one row per benchmark grouped by dataset, units chosen per value, the
/// same-run ratios that matter and the growth fits.
public struct ConsoleReporter: BenchmarkReporter {
  public init() {}
  public var format: ReportFormat { ReportFormat("console", fileName: "report.txt") }
  public func write<Stream: TextOutputStream>(_ report: PresentedResults, to stream: inout Stream) {
    let results = report.results
    stream.write(
      "\(report.presentation.title) bench — " + results.headerLines.joined(separator: "\n") + "\n\n"
    )
    stream.write(ReportSummary(report).text(reference: report.presentation.referenceStrategy))
    for dataset in report.datasets {
      stream.write("\n== \(dataset) ==\n")
      var table = TextTable(
        header: [
          "workload", "strategy", "items", "median", "99% CI", "p90", "×floor", "allocs",
          "retained/item", "instr", "process peak RSS", "work / iteration",
        ], leftAligned: [0, 1, 11])
      for result in report.orderedResults where result.dataset == dataset {
        table.append(Self.row(result, in: report))
      }
      stream.write(table.rendered())
    }
    if !results.ratios.isEmpty {
      stream.write("\nSame-run ratios (slower ÷ faster, medians; gated on the floor):\n")
      let folded = FoldedRatios(results.ratios)
      if !folded.shown.isEmpty { stream.write(Self.ratioTable(folded.shown).rendered()) }
      for line in [folded.foldedLine, folded.notGatedLine].compactMap({ $0 }) {
        stream.write(line + "\n")
      }
    }
    if !results.fits.isEmpty {
      stream.write("\nGrowth over sizes (time per operation; work = counters per iteration):\n")
      stream.write(Self.fitTable(results.fits).rendered())
    }
    if !results.notes.isEmpty {
      stream.write("\n" + results.notes.map { "note: \($0)\n" }.joined())
    }
  }

  static func row(_ result: BenchmarkResult, in report: PresentedResults) -> [String] {
    let s = result.statistics
    return [
      result.workload, result.strategy, Formatting.count(result.items),
      Formatting.duration(s.median),
      ResultsFile.intervalText(s), Formatting.duration(s.p90), report.floorMultipleText(result),
      ResultsFile.allocationText(result), ResultsFile.retainedText(result),
      ResultsFile.instructionText(result), result.peakResidentBytes.map(Formatting.bytes) ?? "n/a",
      report.counterText(result),
    ]
  }

  /// The same-run ratios, one row each.
  static func ratioTable(_ ratios: [RatioResult], status: (RatioResult) -> String = \.status)
    -> TextTable
  {
    var table = TextTable(
      header: ["ratio", "dataset", "items", "measured", "floor", ""], leftAligned: [0, 1, 5])
    for ratio in ratios {
      table.append([
        ratio.label, ratio.dataset, Formatting.count(ratio.items), Formatting.ratio(ratio.ratio),
        ratio.floorText, status(ratio),
      ])
    }
    return table
  }

  /// The growth fits, one row per series.
  static func fitTable(_ fits: [SeriesFit]) -> TextTable {
    var table = TextTable(
      header: ["series", "sizes", "time class", "exponent (95% CI)", "work class"],
      leftAligned: [0, 1, 2, 4])
    for fit in fits {
      table.append([
        fit.name, fit.sizes.map(Formatting.count).joined(separator: ","),
        fit.time.complexity.rawValue,
        String(
          format: "%.2f [%.2f, %.2f]", fit.time.exponent, fit.time.exponentLow,
          fit.time.exponentHigh),
        fit.work?.complexity.rawValue ?? "–",
      ])
    }
    return table
  }
}
