/// Markdown for pull-request comments and CI step summaries: the headline numbers first, the
/// full table folded.
public struct MarkdownReporter: BenchmarkReporter {
  public init() {}
  public var format: String { "md" }
  public var fileExtension: String { "md" }

  public func write<Stream: TextOutputStream>(
    _ results: ResultsFile, baseline: ResultsFile?, to stream: inout Stream
  ) {
    stream.write("## LayoutLab benchmarks\n\n")
    for line in results.headerLines { stream.write("- \(line)\n") }
    if !results.ratios.isEmpty {
      stream.write("\n### Same-run ratios\n\n")
      var table = TextTable(
        header: ["ratio", "dataset", "items", "measured", "floor", ""], leftAligned: [0, 1, 5])
      for ratio in results.ratios {
        table.append([
          ratio.label, ratio.dataset, Formatting.count(ratio.items), Formatting.ratio(ratio.ratio),
          ratio.floorText, !ratio.isGated ? "not gated" : ratio.holds ? "✅" : "❌ below floor",
        ])
      }
      stream.write(table.markdown())
    }
    if !results.fits.isEmpty {
      stream.write("\n### Growth\n\n")
      var table = TextTable(
        header: ["series", "sizes", "time class", "exponent (95% CI)", "work class"],
        leftAligned: [0, 1, 2, 4])
      for fit in results.fits { table.append(ConsoleReporter.fitRow(fit)) }
      stream.write(table.markdown())
    }
    if let baseline {
      stream.write("\n### Against the baseline\n\n")
      // Deterministic gates only in a report: time against a saved baseline decides only in
      // `bench compare`, on the same host, after re-measuring the suspects.
      var gate = BaselineGate(baseline: baseline, candidate: results)
      gate.deterministicOnly = true
      stream.write(gate.evaluate().markdown())
    }
    stream.write("\n<details><summary>All \(results.results.count) results</summary>\n\n")
    var table = TextTable(
      header: [
        "benchmark", "items", "median", "99% CI", "p90", "p99", "×floor", "allocs", "instr",
        "peak RSS", "work / iteration",
      ], leftAligned: [0, 10])
    for result in results.orderedResults {
      let s = result.statistics
      table.append([
        "`\(result.name)`", Formatting.count(result.items), Formatting.duration(s.median),
        ResultsFile.intervalText(s), Formatting.duration(s.p90), Formatting.duration(s.p99),
        results.floorMultiple(result).map(Formatting.ratio) ?? "",
        ResultsFile.allocationText(result), ResultsFile.instructionText(result),
        result.peakResidentBytes.map(Formatting.bytes) ?? "n/a",
        Formatting.counters(result.counters),
      ])
    }
    stream.write(table.markdown())
    stream.write("\n</details>\n")
    if !results.notes.isEmpty {
      stream.write("\n" + results.notes.map { "> \($0)\n" }.joined())
    }
  }
}
