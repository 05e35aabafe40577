import Foundation

/// Inline SVG charts for the HTML report: no script, no external asset. Every series is a
/// `<polyline class="series">` or a group of `<rect class="bar">` carrying `data-` attributes,
/// so tests can check the structure and a person can read the picture.
public enum SVGChart {
  public struct Series {
    public var label: String
    public var color: String
    public var points: [(x: Double, y: Double)]
    public var dashed: Bool
    public init(
      label: String, color: String, points: [(x: Double, y: Double)], dashed: Bool = false
    ) {
      self.label = label
      self.color = color
      self.points = points
      self.dashed = dashed
    }
  }

  static let palette = [
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf",
  ]
  static let floorColor = "#7f7f7f"

  /// The color of the i-th strategy, the same in every chart.
  public static func color(_ index: Int) -> String { palette[index % palette.count] }

  /// A log-log line chart (swift-collections-benchmark's "time per element vs size").
  public static func logLog(
    title: String, xLabel: String, yLabel: String, series: [Series], formatX: (Double) -> String,
    formatY: (Double) -> String, width: Double = 620, height: Double = 360
  ) -> String {
    let all = series.flatMap(\.points).filter { plottable($0.x) && plottable($0.y) }
    guard !all.isEmpty else { return "" }
    let (left, right, top, bottom) = (70.0, 160.0, 34.0, 46.0)
    let plotW = width - left - right
    let plotH = height - top - bottom
    let xRange = decades(all.map(\.x))
    let yRange = decades(all.map(\.y))
    func px(_ x: Double) -> Double { left + (log10(x) - xRange.0) / (xRange.1 - xRange.0) * plotW }
    func py(_ y: Double) -> Double {
      top + plotH - (log10(y) - yRange.0) / (yRange.1 - yRange.0) * plotH
    }

    var svg = open(width: width, height: height, kind: "loglog", title: title)
    svg +=
      "<rect class=\"plot\" x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(plotW))\" height=\"\(f(plotH))\" fill=\"#fff\" stroke=\"#ccc\"/>\n"
    svg += decadeGrid(
      xRange, axis: .x, at: px, across: (top, top + plotH), labelAt: top + plotH + 16,
      format: formatX)
    svg += decadeGrid(
      yRange, axis: .y, at: py, across: (left, left + plotW), labelAt: left - 6, format: formatY)
    svg +=
      "<text class=\"axis-label\" x=\"\(f(left + plotW / 2))\" y=\"\(f(height - 8))\" text-anchor=\"middle\">\(escape(xLabel))</text>\n"
    svg +=
      "<text class=\"axis-label\" transform=\"translate(14,\(f(top + plotH / 2))) rotate(-90)\" text-anchor=\"middle\">\(escape(yLabel))</text>\n"
    for (index, line) in series.enumerated() {
      let points = line.points.filter { plottable($0.x) && plottable($0.y) }.sorted { $0.x < $1.x }
      guard !points.isEmpty else { continue }
      let coordinates = points.map { "\(f(px($0.x))),\(f(py($0.y)))" }.joined(separator: " ")
      let dash = line.dashed ? " stroke-dasharray=\"6 4\"" : ""
      svg += "<g class=\"series-group\" data-label=\"\(escape(line.label))\">\n"
      svg +=
        "<polyline class=\"series\(line.dashed ? " floor" : "")\" data-label=\"\(escape(line.label))\" points=\"\(coordinates)\" fill=\"none\" stroke=\"\(line.color)\" stroke-width=\"2\"\(dash)/>\n"
      for point in points {
        svg +=
          "<circle class=\"point\" cx=\"\(f(px(point.x)))\" cy=\"\(f(py(point.y)))\" r=\"3\" fill=\"\(line.color)\"><title>\(escape(line.label)): \(escape(formatX(point.x))) → \(escape(formatY(point.y)))</title></circle>\n"
      }
      svg += "</g>\n"
      let legendY = top + 8 + Double(index) * 18
      svg +=
        "<line class=\"legend-swatch\" x1=\"\(f(left + plotW + 12))\" y1=\"\(f(legendY))\" x2=\"\(f(left + plotW + 32))\" y2=\"\(f(legendY))\" stroke=\"\(line.color)\" stroke-width=\"2\"\(dash)/>\n"
      svg +=
        "<text class=\"legend\" x=\"\(f(left + plotW + 38))\" y=\"\(f(legendY + 4))\">\(escape(line.label))</text>\n"
    }
    return svg + "</svg>\n"
  }

  public struct Bar {
    public var group: String
    public var label: String
    public var color: String
    public var value: Double
    public init(group: String, label: String, color: String, value: Double) {
      self.group = group
      self.label = label
      self.color = color
      self.value = value
    }
  }

  /// Horizontal bars on a logarithmic axis (costs span orders of magnitude), grouped.
  public static func bars(
    title: String, bars: [Bar], format: (Double) -> String, width: Double = 620
  ) -> String {
    let positive = bars.filter { plottable($0.value) }
    guard !positive.isEmpty else { return "" }
    let groups = orderedUnique(positive.map(\.group))
    let (left, right, top) = (250.0, 80.0, 30.0)
    let barH = 13.0
    let gap = 10.0
    let height = top + Double(positive.count) * (barH + 2) + Double(groups.count) * gap + 30
    let range = decades(positive.map(\.value))
    let plotW = width - left - right
    func px(_ v: Double) -> Double { (log10(v) - range.0) / (range.1 - range.0) * plotW }
    var svg = open(width: width, height: height, kind: "bars", title: title)
    svg += decadeGrid(
      range, axis: .x, at: { left + px($0) }, across: (top - 4, height - 24),
      labelAt: height - 10, format: format)
    var y = top
    for group in groups {
      for bar in positive where bar.group == group {
        let w = max(1, px(bar.value))
        svg +=
          "<text class=\"bar-label\" x=\"\(f(left - 6))\" y=\"\(f(y + barH - 3))\" text-anchor=\"end\">\(escape(group)) · \(escape(bar.label))</text>\n"
        svg +=
          "<rect class=\"bar\" data-group=\"\(escape(group))\" data-label=\"\(escape(bar.label))\" data-value=\"\(bar.value)\" x=\"\(f(left))\" y=\"\(f(y))\" width=\"\(f(w))\" height=\"\(f(barH))\" fill=\"\(bar.color)\"><title>\(escape(bar.label)): \(escape(format(bar.value)))</title></rect>\n"
        svg +=
          "<text class=\"bar-value\" x=\"\(f(left + w + 4))\" y=\"\(f(y + barH - 3))\">\(escape(format(bar.value)))</text>\n"
        y += barH + 2
      }
      y += gap
    }
    return svg + "</svg>\n"
  }

  public struct RatioPoint {
    public var label: String
    public var ratio: Double
    public var low: Double
    public var high: Double
    public var verdict: String
    public init(label: String, ratio: Double, low: Double, high: Double, verdict: String) {
      self.label = label
      self.ratio = ratio
      self.low = low
      self.high = high
      self.verdict = verdict
    }
  }

  /// Candidate ÷ baseline per benchmark: a dot with its interval, on a log axis centred on 1.
  public static func ratios(title: String, points: [RatioPoint], width: Double = 620) -> String {
    guard !points.isEmpty else { return "" }
    let (left, right, top) = (300.0, 30.0, 30.0)
    let rowH = 14.0
    let height = top + Double(points.count) * rowH + 34
    let extent = max(
      log10(1.5),
      points.flatMap {
        [abs(log10(max($0.low, 1e-9))), abs(log10(max($0.high, 1e-9))), abs(log10($0.ratio))]
      }
      .filter(\.isFinite).max() ?? 0.2)
    let plotW = width - left - right
    func px(_ r: Double) -> Double {
      left + (log10(min(max(r, 1e-9), 1e9)) + extent) / (2 * extent) * plotW
    }
    var svg = open(width: width, height: height, kind: "ratios", title: title)
    svg +=
      "<line class=\"unity\" x1=\"\(f(px(1)))\" y1=\"\(f(top - 6))\" x2=\"\(f(px(1)))\" y2=\"\(f(height - 26))\" stroke=\"#444\"/>\n"
    for tick in [1 / pow(10, extent), 1, pow(10, extent)] {
      svg +=
        "<text class=\"tick x\" x=\"\(f(px(tick)))\" y=\"\(f(height - 10))\" text-anchor=\"middle\">\(Formatting.ratio(tick))</text>\n"
    }
    for (index, point) in points.enumerated() {
      let y = top + Double(index) * rowH + rowH / 2
      let color =
        point.verdict == "slower" ? "#d62728" : point.verdict == "faster" ? "#2ca02c" : "#555"
      svg +=
        "<text class=\"bar-label\" x=\"\(f(left - 6))\" y=\"\(f(y + 4))\" text-anchor=\"end\">\(escape(point.label))</text>\n"
      if point.low.isFinite && point.high.isFinite && point.low > 0 {
        svg +=
          "<line class=\"interval\" x1=\"\(f(px(point.low)))\" y1=\"\(f(y))\" x2=\"\(f(px(point.high)))\" y2=\"\(f(y))\" stroke=\"\(color)\"/>\n"
      }
      svg +=
        "<circle class=\"ratio\" data-label=\"\(escape(point.label))\" data-ratio=\"\(point.ratio)\" cx=\"\(f(px(point.ratio)))\" cy=\"\(f(y))\" r=\"3.5\" fill=\"\(color)\"><title>\(escape(point.label)): \(Formatting.ratio(point.ratio)) (\(point.verdict))</title></circle>\n"
    }
    return svg + "</svg>\n"
  }

  enum Axis { case x, y }

  /// A grid line and a tick label at every decade of `range` (log10 values) along `axis`:
  /// vertical lines across `across` (y from, y to) for x, horizontal ones for y.
  static func decadeGrid(
    _ range: (Double, Double), axis: Axis, at position: (Double) -> Double,
    across: (Double, Double), labelAt: Double, format: (Double) -> String
  ) -> String {
    var svg = ""
    for exponent in Int(range.0)...Int(range.1) {
      let value = pow(10, Double(exponent))
      let p = position(value)
      let label = escape(format(value))
      switch axis {
      case .x:
        svg +=
          "<line class=\"grid\" x1=\"\(f(p))\" y1=\"\(f(across.0))\" x2=\"\(f(p))\" y2=\"\(f(across.1))\" stroke=\"#eee\"/>\n"
          + "<text class=\"tick x\" x=\"\(f(p))\" y=\"\(f(labelAt))\" text-anchor=\"middle\">\(label)</text>\n"
      case .y:
        svg +=
          "<line class=\"grid\" x1=\"\(f(across.0))\" y1=\"\(f(p))\" x2=\"\(f(across.1))\" y2=\"\(f(p))\" stroke=\"#eee\"/>\n"
          + "<text class=\"tick y\" x=\"\(f(labelAt))\" y=\"\(f(p + 4))\" text-anchor=\"end\">\(label)</text>\n"
      }
    }
    return svg
  }

  /// The whole decades that cover `values`, at least one decade wide.
  /// A value a logarithmic axis can show: positive and finite. A results file may hold zeros
  /// or infinities; they are left off the chart rather than turned into a range of decades.
  static func plottable(_ value: Double) -> Bool { value > 0 && value.isFinite }

  static func decades(_ values: [Double]) -> (Double, Double) {
    let logs = values.map(log10)
    var low = (logs.min() ?? 0).rounded(.down)
    var high = (logs.max() ?? 1).rounded(.up)
    if high <= low { high = low + 1 }
    if low.isNaN { low = 0 }
    return (low, high)
  }

  static func open(width: Double, height: Double, kind: String, title: String) -> String {
    "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart \(kind)\" role=\"img\" width=\"\(f(width))\" height=\"\(f(height))\" viewBox=\"0 0 \(f(width)) \(f(height))\" font-family=\"-apple-system, Helvetica, Arial, sans-serif\" font-size=\"11\">\n<title>\(escape(title))</title>\n<text class=\"chart-title\" x=\"8\" y=\"18\" font-size=\"13\" font-weight=\"bold\">\(escape(title))</text>\n"
  }

  static func f(_ value: Double) -> String { String(format: "%.1f", value) }

  /// Text for XML content and attributes.
  public static func escape(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.append(character)
      }
    }
    return out
  }
}
