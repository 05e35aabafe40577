import Foundation

/// A self-contained HTML page: log-log charts of time per item against item count for every
/// workload measured at several sizes (one line per strategy, the floor drawn in), bars
/// comparing strategies per workload, the comparison against a baseline when there is one,
/// and every result in a table. Inline SVG and CSS only: it opens offline.
public struct HTMLReporter: BenchmarkReporter {
  public init() {}
  public var format: String { "html" }
  public var fileExtension: String { "html" }

  public func write<Stream: TextOutputStream>(
    _ results: ResultsFile, baseline: ResultsFile?, to stream: inout Stream
  ) {
    let e = SVGChart.escape
    let strategies = results.strategies
    func color(_ strategy: String) -> String {
      SVGChart.color(strategies.firstIndex(of: strategy) ?? strategies.count)
    }
    stream.write(
      """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><title>LayoutLab benchmarks</title>
      <style>
      body{font-family:-apple-system,Helvetica,Arial,sans-serif;margin:24px;color:#222;max-width:1320px}
      h1{font-size:22px} h2{font-size:18px;margin-top:32px;border-bottom:1px solid #ddd}
      .charts{display:flex;flex-wrap:wrap;gap:16px} .charts svg{border:1px solid #eee;background:#fafafa}
      table{border-collapse:collapse;font-size:12px} td,th{padding:3px 8px;border-bottom:1px solid #eee;text-align:right}
      td:first-child,th:first-child{text-align:left} .warn{color:#b00;font-weight:bold} .meta{color:#555;font-size:13px}
      .bad{color:#b00} .good{color:#080}
      </style></head><body>
      <h1>LayoutLab benchmarks</h1>

      """)
    stream.write("<div class=\"meta\">\n")
    for line in results.headerLines {
      let warn = line.hasPrefix("DEBUG") ? " class=\"warn\"" : ""
      stream.write("<div\(warn)>\(e(line))</div>\n")
    }
    stream.write("<div>command: <code>\(e(results.environment.commandLine))</code></div>\n</div>\n")

    if !results.ratios.isEmpty {
      stream.write(
        "<h2>Same-run ratios</h2>\n<table><tr><th>ratio</th><th>dataset</th><th>items</th><th>measured</th><th>floor</th><th></th></tr>\n"
      )
      for ratio in results.ratios {
        stream.write(
          "<tr><td>\(e(ratio.label))</td><td>\(e(ratio.dataset))</td><td>\(Formatting.count(ratio.items))</td><td>\(Formatting.ratio(ratio.ratio))</td><td>\(ratio.floorText)</td><td class=\"\(ratio.holds ? "good" : "bad")\">\(ratio.status)</td></tr>\n"
        )
      }
      stream.write("</table>\n")
    }

    // Scaling: one chart per workload and dataset measured at two sizes or more.
    var scalingCharts: [String] = []
    for dataset in results.datasets {
      for workload in results.workloads {
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
        let floors = results.results.filter {
          $0.strategy == ResultsFile.floorStrategy && $0.dataset == dataset
        }
        .filter { floor in series.contains { $0.items == floor.items } }
        if !floors.isEmpty {
          lines.append(
            SVGChart.Series(
              label: "floor (write n frames)", color: SVGChart.floorColor,
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
        "<p class=\"meta\">A flat line grows linearly (O(n) per operation); a line falling one decade per decade is constant per operation. The dashed line is the floor: the cost of merely writing n frames.</p>\n"
      )
      stream.write("<div class=\"charts\">\n" + scalingCharts.joined() + "</div>\n")
    }
    if !results.fits.isEmpty {
      stream.write(
        "<table><tr><th>series</th><th>sizes</th><th>time class</th><th>exponent (95% CI)</th><th>work class</th></tr>\n"
      )
      for fit in results.fits {
        stream.write(
          "<tr>" + ConsoleReporter.fitRow(fit).map { "<td>\(e($0))</td>" }.joined() + "</tr>\n")
      }
      stream.write("</table>\n")
    }

    // Bars: strategies side by side per workload, at each dataset's largest size.
    stream.write(
      "<h2>Strategies per workload (median per operation, largest size, log scale)</h2>\n<div class=\"charts\">\n"
    )
    for workload in results.workloads {
      var bars: [SVGChart.Bar] = []
      for dataset in results.datasets {
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

    if let baseline {
      // Deterministic gates only in a report: time against a saved baseline decides only in
      // `bench compare`, on the same host, after re-measuring the suspects.
      var gate = BaselineGate(baseline: baseline, candidate: results)
      gate.deterministicOnly = true
      let report = gate.evaluate()
      stream.write(
        "<h2>Against the baseline</h2>\n<div class=\"meta\">baseline: \(e(baseline.environment.date)), commit \(e(baseline.environment.gitCommit.map { String($0.prefix(10)) } ?? "?")), host \(e(baseline.environment.hostID))</div>\n<ul>\n"
      )
      for line in report.summaryLines() { stream.write("<li>\(e(line))</li>\n") }
      stream.write("</ul>\n")
      for finding in report.regressions {
        stream.write(
          "<div class=\"bad\">[\(finding.gate.rawValue)] \(e(finding.key.description)): \(e(finding.message))</div>\n"
        )
      }
      let points = report.times.sorted {
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
      "<h2>All results</h2>\n<table><tr><th>benchmark</th><th>items</th><th>median</th><th>99% CI</th><th>p90</th><th>p99</th><th>MAD</th><th>×floor</th><th>allocs</th><th>instructions</th><th>peak RSS</th><th>work / iteration</th><th>samples</th></tr>\n"
    )
    for result in results.orderedResults {
      let s = result.statistics
      let cells = [
        result.name, Formatting.count(result.items), Formatting.duration(s.median),
        "[\(Formatting.duration(s.ciLow)), \(Formatting.duration(s.ciHigh))]",
        Formatting.duration(s.p90),
        Formatting.duration(s.p99), Formatting.duration(s.mad),
        results.floorMultiple(result).map(Formatting.ratio) ?? "",
        ResultsFile.allocationText(result), ResultsFile.instructionText(result),
        result.peakResidentBytes.map(Formatting.bytes) ?? "n/a",
        Formatting.counters(result.counters, limit: 4),
        "\(s.count) × \(result.iterationsPerSample)",
      ]
      stream.write("<tr>" + cells.map { "<td>\(e($0))</td>" }.joined() + "</tr>\n")
    }
    stream.write("</table>\n")
    for note in results.notes { stream.write("<p class=\"meta\">note: \(e(note))</p>\n") }
    stream.write("</body></html>\n")
  }
}
