import Foundation
import Testing

@testable import BenchKit

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite struct ReporterTests {
  /// What a suite would declare: the floor, compared with the spin workload.
  static let presentation = ReportPresentation(
    title: "Test",
    counters: [.init("framesWritten", shortName: "written")],
    floor: .init(strategy: "floor", meaning: "write n frames", comparedWorkloads: ["spin"]),
    referenceStrategy: "slow")

  /// Two strategies and a floor, at three sizes.
  func results() throws -> ResultsFile {
    var file = try TestResults.measure(strategies: [("slow", 4, 0), ("fast", 1, 0)])
    let floors = [100, 200, 400].map { n in
      BenchmarkResult(
        name: "floor write-frames synthetic", strategy: "floor",
        workload: "write-frames",
        dataset: "synthetic", items: n, samples: [Double(n), Double(n) * 1.1],
        counters: ["framesWritten": n])
    }
    file = ResultsFile(
      environment: file.environment, settings: file.settings, results: floors + file.results,
      ratioFloors: [
        RatioFloor(
          label: "fast vs slow", slower: ("slow", "spin"), faster: ("fast", "spin"), floor: 2)
      ])
    return file
  }

  @Test func console_isAlignedTable_withUnitsPerValue() throws {
    let text = ConsoleReporter().render(try results(), presentation: Self.presentation)
    #expect(text.contains("== synthetic =="))
    #expect(text.contains("Same-run ratios"))
    #expect(text.contains("Growth over sizes"))
    // The per-dataset table, after the summary (whose winner table has a spin row too).
    let table = text.range(of: "== synthetic ==").map { text[$0.upperBound...] } ?? ""
    let rows = table.split(separator: "\n").filter { $0.hasPrefix("spin ") }
    #expect(rows.count == 6)
    #expect(Set(rows.map { $0.count }).count == 1, "rows of one table have one width")
    #expect(Formatting.duration(812) == "812 ns")
    #expect(Formatting.duration(3_400) == "3.40 µs")
    #expect(Formatting.duration(12_100_000) == "12.1 ms")
    #expect(Formatting.duration(1.52e9) == "1.52 s")
  }

  @Test func markdown_csv_andGitHubActionBenchmark() throws {
    let file = try results()
    let markdown = MarkdownReporter().render(file, presentation: Self.presentation)
    #expect(markdown.contains("| ratio | dataset |"))
    #expect(markdown.contains("<details>"))
    let csv = CSVReporter().render(file).split(separator: "\n")
    #expect(csv.count == file.results.count + 1)
    #expect(csv[0].hasPrefix("name,strategy,workload,dataset,items"))
    let entries = try #require(
      try JSONSerialization.jsonObject(
        with: Data(GitHubActionBenchmarkReporter().render(file).utf8)) as? [[String: Any]])
    #expect(entries.count == file.results.count)
    #expect(
      entries.allSatisfy {
        $0["name"] is String && $0["unit"] as? String == "ns" && $0["value"] is Double
      })
  }

  /// The SVG charts of the HTML report, parsed as XML.
  final class SVGCollector: NSObject, XMLParserDelegate {
    var svgCount = 0
    var polylines: [[String: String]] = []
    var bars: [[String: String]] = []
    var viewBoxes: [String] = []
    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
      qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      switch name {
      case "svg":
        svgCount += 1
        viewBoxes.append(attributes["viewBox"] ?? "")
      case "polyline": polylines.append(attributes)
      case "rect" where attributes["class"] == "bar": bars.append(attributes)
      default: break
      }
    }
  }

  @Test func html_isSelfContained_andItsSVGChartsAreWellFormed() throws {
    let file = try results()
    let html = HTMLReporter().render(file, baseline: file, presentation: Self.presentation)
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(!html.contains("<script"))
    #expect(
      !html.contains("http://")
        || !html.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "").contains(
          "http://")
    )
    #expect(!html.contains("https://"))
    // Each <svg>…</svg> parses as XML on its own.
    let collector = SVGCollector()
    var remainder = Substring(html)
    var charts = 0
    while let start = remainder.range(of: "<svg"),
      let end = remainder.range(of: "</svg>", range: start.upperBound..<remainder.endIndex)
    {
      let svg = String(remainder[start.lowerBound..<end.upperBound])
      let parser = XMLParser(data: Data(svg.utf8))
      parser.delegate = collector
      #expect(
        parser.parse(),
        "chart \(charts) is not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")")
      charts += 1
      remainder = remainder[end.upperBound...]
    }
    #expect(collector.svgCount == charts)
    // Log-log charts: the spin and allocate workloads at 3 sizes: one line per strategy + the floor.
    let lines = collector.polylines
    #expect(lines.filter { $0["data-label"] == "slow" }.count == 2)
    #expect(lines.filter { $0["data-label"] == "fast" }.count == 2)
    #expect(lines.filter { ($0["class"] ?? "").contains("floor") }.count == 2)
    for line in lines {
      let points = (line["points"] ?? "").split(separator: " ").map {
        $0.split(separator: ",").compactMap { Double($0) }
      }
      #expect(points.count == 3, "one point per size")
      let xs = points.map { $0[0] }
      #expect(xs == xs.sorted(), "x grows with items")
      #expect(
        points.allSatisfy { $0[0] >= 0 && $0[0] <= 620 && $0[1] >= 0 && $0[1] <= 360 },
        "inside the plot")
    }
    // The slow strategy costs more per item: its line sits above (smaller y) the fast one's.
    func firstY(_ label: String) throws -> Double {
      let points = try #require(lines.first { $0["data-label"] == label }?["points"])
      let first = try #require(points.split(separator: " ").first).split(separator: ",")
      return try #require(first.count == 2 ? Double(first[1]) : nil, "\(label): \(points)")
    }
    #expect(try firstY("slow") < firstY("fast"))
    // Bars: per workload, both strategies at the largest size.
    #expect(collector.bars.count == 4)
    #expect(html.contains("Against the baseline"))
    #expect(html.contains("class=\"chart ratios\""))
  }

  /// A results file may carry zeros, infinities and NaNs (a hand-edited or hostile file):
  /// charts leave those points off instead of trapping on a range of decades.
  @Test func charts_leaveOffValuesALogAxisCannotShow() {
    let odd: [Double] = [0, -1, .infinity, -.infinity, .nan]
    let series = SVGChart.Series(
      label: "odd", color: "#000", points: odd.map { (x: $0, y: 1) } + [(x: 10, y: 100)])
    let chart = SVGChart.logLog(
      title: "t", xLabel: "x", yLabel: "y", series: [series], formatX: { "\($0)" },
      formatY: { "\($0)" })
    #expect(chart.contains("<polyline"))
    #expect(!chart.contains("inf") && !chart.contains("nan"))
    let bars = (odd + [5]).map {
      SVGChart.Bar(group: "g", label: "\($0)", color: "#000", value: $0)
    }
    #expect(SVGChart.bars(title: "t", bars: bars, format: { "\($0)" }).contains("class=\"bar\""))
    let nothing = SVGChart.logLog(
      title: "t", xLabel: "x", yLabel: "y",
      series: [SVGChart.Series(label: "odd", color: "#000", points: odd.map { (x: $0, y: $0) })],
      formatX: { "\($0)" }, formatY: { "\($0)" })
    #expect(nothing.isEmpty)
  }

  @Test func svgEscapesText() {
    #expect(SVGChart.escape("a<b & \"c\"") == "a&lt;b &amp; &quot;c&quot;")
  }
}
