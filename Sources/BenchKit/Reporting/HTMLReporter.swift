import Foundation

/// A self-contained HTML page that answers first: the verdict, one overview chart (every
/// strategy on every workload at the largest size, log scale) beside the fastest strategy per
/// workload, and what changed against the baseline; then the ratios that matter, log-log
/// charts of time per item against item count for every workload measured at several sizes
/// (one line per strategy, the floor drawn in), bars comparing strategies per workload, the
/// baseline's gates and every result in a table. Inline SVG and CSS only: it opens offline.
public struct HTMLReporter: BenchmarkReporter {
  public init() {}
  public var format: ReportFormat { ReportFormat("html", fileName: "report.html") }
  public func write<Stream: TextOutputStream>(_ report: PresentedResults, to stream: inout Stream) {
    let e = SVGChart.escape
    let results = report.results
    let strategies = report.strategies
    func color(_ strategy: String) -> String {
      SVGChart.color(strategies.firstIndex(of: strategy) ?? strategies.count)
    }
    let summary = ReportSummary(report)
    stream.write(
      """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><title>\(e(report.title))</title>
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <style>
      body{font-family:-apple-system,Helvetica,Arial,sans-serif;margin:16px 24px;color:#222;max-width:1400px}
      h1{font-size:21px;margin:0 0 6px} h2{font-size:17px;margin-top:28px;border-bottom:1px solid #ddd}
      .charts{display:flex;flex-wrap:wrap;gap:16px} .charts svg,.lead svg{border:1px solid #eee;background:#fafafa}
      .lead{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start} .lead p{margin:0 0 4px} .lead>div:first-child{max-width:602px;flex:none}
      .lead>div:last-child{min-width:0;overflow-x:auto} @media (min-width:1300px){.lead{flex-wrap:nowrap}}
      .winners td,.winners th{padding:3px 5px}
      table{border-collapse:collapse;font-size:12px} td,th{padding:3px 8px;border-bottom:1px solid #eee;text-align:right}
      td:first-child,th:first-child{text-align:left} .winners td:nth-child(2),.winners th:nth-child(2){text-align:left;font-weight:bold}
      .warn{color:#b00;font-weight:bold} .meta{color:#555;font-size:13px}
      .verdict{font-size:15px;font-weight:bold;margin:4px 0 10px;padding:6px 10px;border-radius:4px}
      .pass{background:#e8f5e9;color:#1b5e20} .fail{background:#ffebee;color:#b00}
      .bad{color:#b00} .good{color:#080} ul.changes{margin:4px 0;font-size:13px}
      </style></head><body>
      <h1>\(e(report.title))</h1>

      """)
    if results.isDebugBuild, let warning = results.headerLines.first {
      stream.write("<div class=\"warn\">\(e(warning))</div>\n")
    }
    stream.write(
      "<div class=\"verdict \(summary.passed ? "pass" : "fail")\">\(e(summary.verdict))</div>\n")
    stream.write("<div class=\"lead\">\n")
    stream.write(
      "<div>" + Self.overview(report, winners: summary.winners, color: color)
        + "<p class=\"meta\">Ringed: the fastest, as in the table. Open circles: measured on fewer datasets than the others (not comparable with them).</p></div>\n"
    )
    stream.write(
      "<div><p class=\"meta\">\(e(ReportSummary.winnerCaption))</p>\n"
        + summary.winnerTable(reference: report.presentation.referenceStrategy).html(
          class: "winners") + "</div>\n</div>\n")
    if let changeLines = summary.changeLines {
      stream.write("<h2>\(e(changeLines.first ?? ""))</h2>\n<ul class=\"changes\">\n")
      for line in changeLines.dropFirst() {
        let text = line.drop { $0 == " " }
        let kind =
          text.hasPrefix("worse") || text.hasPrefix("slower")
          ? "bad" : text.hasPrefix("better") ? "good" : "meta"
        stream.write("<li class=\"\(kind)\">\(e(String(text)))</li>\n")
      }
      stream.write("</ul>\n")
    }

    stream.write("<h2>How this run was made</h2>\n<div class=\"meta\">\n")
    for line in results.headerLines {
      let warn = line.hasPrefix("DEBUG") ? " class=\"warn\"" : ""
      stream.write("<div\(warn)>\(e(line))</div>\n")
    }
    stream.write("<div>command: <code>\(e(results.environment.commandLine))</code></div>\n</div>\n")

    if !results.ratios.isEmpty {
      stream.write("<h2>Same-run ratios (slower ÷ faster, medians)</h2>\n")
      let folded = FoldedRatios(results.ratios)
      if !folded.shown.isEmpty {
        stream.write(ConsoleReporter.ratioTable(folded.shown).html())
      }
      for line in [folded.foldedLine, folded.notGatedLine].compactMap({ $0 }) {
        stream.write("<p class=\"meta\">\(e(line))</p>\n")
      }
      stream.write(
        "<details><summary>All \(results.ratios.count) ratios</summary>\n"
          + ConsoleReporter.ratioTable(results.ratios).html() + "</details>\n")
    }

    // Scaling: one chart per workload and dataset measured at two sizes or more.
    var scalingCharts: [String] = []
    for dataset in report.datasets {
      for workload in report.workloads {
        let series = results.results.filter { $0.dataset == dataset && $0.workload == workload }
        guard Set(series.map(\.items)).count >= 2 else { continue }
        var lines: [SVGChart.Series] = []
        for strategy in strategies {
          let points = series.filter { $0.strategy == strategy }.map {
            (x: Double($0.items), y: $0.statistics.median / Double($0.items))
          }
          if !points.isEmpty {
            lines.append(SVGChart.Series(label: strategy, color: color(strategy), points: points))
          }
        }
        let floors = results.results.filter { report.isFloor($0) && $0.dataset == dataset }
          .filter { floor in series.contains { $0.items == floor.items } }
        if let floor = report.presentation.floor, !floors.isEmpty {
          lines.append(
            SVGChart.Series(
              label: "\(floor.strategy) (\(floor.meaning))", color: SVGChart.floorColor,
              points: floors.map {
                (x: Double($0.items), y: $0.statistics.median / Double($0.items))
              }, dashed: true))
        }
        scalingCharts.append(
          SVGChart.logLog(
            title: "\(workload) — \(dataset)", xLabel: "items", yLabel: "time per item (median)",
            series: lines, formatX: { Formatting.count(Int($0.rounded())) },
            formatY: Formatting.duration))
      }
    }
    if !scalingCharts.isEmpty {
      stream.write("<h2>Scaling: time per item against items (log-log)</h2>\n")
      stream.write(
        "<p class=\"meta\">A flat line grows linearly (O(n) per operation); a line falling one decade per decade is constant per operation."
          + (report.presentation.floor.map {
            " The dashed line is the \(e($0.strategy)) (\(e($0.meaning)))."
          }
            ?? "") + "</p>\n")
      stream.write("<div class=\"charts\">\n" + scalingCharts.joined() + "</div>\n")
    }
    if !results.fits.isEmpty {
      stream.write(ConsoleReporter.fitTable(results.fits).html())
    }

    // Bars: strategies side by side per workload, at each dataset's largest size.
    stream.write(
      "<h2>Strategies per workload (median per operation, largest size, log scale)</h2>\n<div class=\"charts\">\n"
    )
    for workload in report.workloads {
      var bars: [SVGChart.Bar] = []
      for dataset in report.datasets {
        let rows = results.results.filter { $0.workload == workload && $0.dataset == dataset }
        guard let largest = rows.map(\.items).max() else { continue }
        for strategy in strategies {
          if let row = rows.first(where: { $0.strategy == strategy && $0.items == largest }) {
            bars.append(
              SVGChart.Bar(
                group: "\(dataset) \(Formatting.count(largest))", label: strategy,
                color: color(strategy), value: row.statistics.median))
          }
        }
      }
      stream.write(SVGChart.bars(title: workload, bars: bars, format: Formatting.duration))
    }
    stream.write("</div>\n")

    if let baseline = report.baseline, let gate = summary.gate {
      stream.write(
        "<h2>Against the baseline: the gates</h2>\n<div class=\"meta\">baseline: \(e(baseline.environment.date)), commit \(e(baseline.environment.gitCommit.map { String($0.prefix(10)) } ?? "?")), host \(e(baseline.environment.hostID))</div>\n<ul>\n"
      )
      for line in gate.summaryLines() { stream.write("<li>\(e(line))</li>\n") }
      stream.write("</ul>\n")
      for finding in gate.regressions {
        stream.write(
          "<div class=\"bad\">[\(finding.gate.rawValue)] \(e(finding.key.description)): \(e(finding.message))</div>\n"
        )
      }
      let points = gate.times.sorted {
        abs(log($0.comparison.ratio)) > abs(log($1.comparison.ratio))
      }.prefix(40)
        .map {
          SVGChart.RatioPoint(
            label: $0.key.description, ratio: $0.comparison.ratio, low: $0.comparison.ratioLow,
            high: $0.comparison.ratioHigh, verdict: $0.comparison.verdict.rawValue)
        }
      stream.write(
        SVGChart.ratios(
          title: "time, candidate ÷ baseline (largest changes first; advisory)",
          points: Array(points), width: 760))
    }

    stream.write(
      "<h2>All results</h2>\n<table><tr><th>benchmark</th><th>items</th><th>median</th><th>99% CI</th><th>p90</th><th>p99</th><th>MAD</th><th>×floor</th><th>allocs</th><th>retained/item</th><th>instructions</th><th>process peak RSS</th><th>work / iteration</th><th>samples</th></tr>\n"
    )
    for result in report.orderedResults {
      let s = result.statistics
      let cells = [
        result.name, Formatting.count(result.items), Formatting.duration(s.median),
        "[\(Formatting.duration(s.ciLow)), \(Formatting.duration(s.ciHigh))]",
        Formatting.duration(s.p90),
        Formatting.duration(s.p99), Formatting.duration(s.mad),
        report.floorMultipleText(result),
        ResultsFile.allocationText(result), ResultsFile.retainedText(result),
        ResultsFile.instructionText(result),
        result.peakResidentBytes.map(Formatting.bytes) ?? "n/a",
        report.counterText(result, limit: 4),
        "\(s.count) × \(result.iterationsPerSample)",
      ]
      stream.write("<tr>" + cells.map { "<td>\(e($0))</td>" }.joined() + "</tr>\n")
    }
    stream.write("</table>\n")
    for note in results.notes { stream.write("<p class=\"meta\">note: \(e(note))</p>\n") }
    stream.write("</body></html>\n")
  }

  /// The overview: one row per workload, a dot per strategy at its median per operation at
  /// each dataset's largest size (over several datasets, their geometric mean), log scale; the
  /// summary's winner ringed, strategies measured on fewer datasets as rings.
  static func overview(
    _ report: PresentedResults, winners: [ReportSummary.Winner], color: (String) -> String
  ) -> String {
    var dots: [SVGChart.Dot] = []
    for workload in report.workloads {
      let rows = report.results.results.filter { $0.workload == workload && !report.isFloor($0) }
      var largest: [String: Int] = [:]
      for row in rows { largest[row.dataset] = max(largest[row.dataset] ?? 0, row.items) }
      let atLargest = rows.filter { $0.items == largest[$0.dataset] }
      let coverage = Dictionary(grouping: atLargest, by: \.strategy).mapValues {
        Set($0.map(\.dataset)).count
      }
      let most = coverage.values.max() ?? 0
      let winner = winners.first { $0.workload == workload }?.strategy
      for strategy in report.strategies {
        let medians = atLargest.filter { $0.strategy == strategy }.map(\.statistics.median)
        guard !medians.isEmpty else { continue }
        dots.append(
          SVGChart.Dot(
            row: workload, label: strategy, color: color(strategy),
            value: ReportSummary.geometricMean(medians),
            isPartial: (coverage[strategy] ?? 0) < most, isWinner: strategy == winner))
      }
    }
    return SVGChart.overview(
      title: "Every strategy on every workload (median per operation, largest size, log scale)",
      rows: report.workloads, dots: dots, format: Formatting.duration)
  }
}
