/// The table `bench` prints: one row per benchmark, grouped by dataset, units chosen per value,
/// then the same-run ratios and the growth fits.
public struct ConsoleReporter: BenchmarkReporter {
  public init() {}
  public var format: String { "console" }
  public var fileExtension: String { "txt" }

  public func write<Stream: TextOutputStream>(
    _ results: ResultsFile, baseline: ResultsFile?, to stream: inout Stream
  ) {
    stream.write("LayoutLab bench — " + results.headerLines.joined(separator: "\n") + "\n")
    for dataset in results.datasets {
      stream.write("\n== \(dataset) ==\n")
      var table = TextTable(
        header: [
          "workload", "strategy", "items", "median", "99% CI", "p90", "×floor", "allocs",
          "instr", "peak RSS", "work / iteration",
        ], leftAligned: [0, 1, 10])
      for result in results.orderedResults where result.dataset == dataset {
        table.append(Self.row(result, in: results))
      }
      stream.write(table.rendered())
    }
    if !results.ratios.isEmpty {
      stream.write("\nSame-run ratios (slower ÷ faster, medians; gated on the floor):\n")
      var table = TextTable(
        header: ["ratio", "dataset", "items", "measured", "floor", ""], leftAligned: [0, 1, 5])
      for ratio in results.ratios {
        table.append([
          ratio.label, ratio.dataset, Formatting.count(ratio.items), Formatting.ratio(ratio.ratio),
          ratio.floorText, ratio.status,
        ])
      }
      stream.write(table.rendered())
    }
    if !results.fits.isEmpty {
      stream.write("\nGrowth over sizes (time per operation; work = counters per iteration):\n")
      var table = TextTable(
        header: ["series", "sizes", "time class", "exponent (95% CI)", "work class"],
        leftAligned: [0, 1, 2, 4])
      for fit in results.fits {
        table.append(Self.fitRow(fit))
      }
      stream.write(table.rendered())
    }
    if !results.notes.isEmpty {
      stream.write("\n" + results.notes.map { "note: \($0)\n" }.joined())
    }
  }

  static func row(_ result: BenchmarkResult, in results: ResultsFile) -> [String] {
    let s = result.statistics
    return [
      result.workload, result.strategy, Formatting.count(result.items),
      Formatting.duration(s.median),
      ResultsFile.intervalText(s), Formatting.duration(s.p90),
      results.floorMultiple(result).map(Formatting.ratio) ?? "",
      ResultsFile.allocationText(result), ResultsFile.instructionText(result),
      result.peakResidentBytes.map(Formatting.bytes) ?? "n/a",
      Formatting.counters(result.counters),
    ]
  }

  static func fitRow(_ fit: SeriesFit) -> [String] {
    [
      fit.name, fit.sizes.map(Formatting.count).joined(separator: ","),
      fit.time.complexity.rawValue,
      String(
        format: "%.2f [%.2f, %.2f]", fit.time.exponent, fit.time.exponentLow, fit.time.exponentHigh),
      fit.work?.complexity.rawValue ?? "–",
    ]
  }
}
