import Foundation

extension SVGChart {
  /// One strategy's value in one row of an overview.
  public struct Dot {
    public var row: String
    public var label: String
    public var color: String
    public var value: Double
    /// Drawn as a ring: measured on fewer of the row's datasets than the others, so not
    /// comparable with them.
    public var isPartial: Bool
    /// The row's winner: ringed, and its value printed at the end of the row.
    public var isWinner: Bool
    public init(
      row: String, label: String, color: String, value: Double, isPartial: Bool = false,
      isWinner: Bool = false
    ) {
      self.row = row
      self.label = label
      self.color = color
      self.value = value
      self.isPartial = isPartial
      self.isWinner = isWinner
    }
  }

  /// Every row (a workload) on one logarithmic axis, a dot per series (a strategy), the legend
  /// above and the winner's value at the end of each row: the whole run at a glance, small
  /// enough for the first screen of a laptop.
  /// - Complexity: O(d · r) for d dots and r rows.
  public static func overview(
    title: String, rows: [String], dots: [Dot], format: (Double) -> String, width: Double = 600
  ) -> String {
    let positive = dots.filter { plottable($0.value) }
    let shownRows = rows.filter { row in positive.contains { $0.row == row } }
    guard !shownRows.isEmpty else { return "" }
    let (left, right) = (140.0, 66.0)
    let plotW = width - left - right
    // The legend flows in lines across the width, one entry per series in first-seen order.
    var legend = ""
    var (legendX, legendY) = (left, 38.0)
    for label in orderedUnique(positive.map(\.label)) {
      let color = positive.first { $0.label == label }?.color ?? floorColor
      let entryWidth = 26 + Double(label.count) * 6.2
      if legendX + entryWidth > width - 8 && legendX > left {
        (legendX, legendY) = (left, legendY + 16)
      }
      legend +=
        "<circle class=\"legend-swatch\" cx=\"\(f(legendX + 5))\" cy=\"\(f(legendY - 4))\" r=\"5\" fill=\"\(color)\"/>\n"
        + "<text class=\"legend\" x=\"\(f(legendX + 14))\" y=\"\(f(legendY))\">\(escape(label))</text>\n"
      legendX += entryWidth
    }
    let top = legendY + 16
    let rowH = 22.0
    let height = top + Double(shownRows.count) * rowH + 34
    let range = decades(positive.map(\.value))
    func px(_ v: Double) -> Double { left + (log10(v) - range.0) / (range.1 - range.0) * plotW }

    var svg = open(width: width, height: height, kind: "overview", title: title) + legend
    svg += decadeGrid(
      range, axis: .x, at: px, across: (top - 4, height - 26), labelAt: height - 12,
      format: format)
    for (index, row) in shownRows.enumerated() {
      let y = top + Double(index) * rowH + rowH / 2
      let inRow = positive.filter { $0.row == row }
      svg +=
        "<line class=\"row-guide\" x1=\"\(f(left))\" y1=\"\(f(y))\" x2=\"\(f(left + plotW))\" y2=\"\(f(y))\" stroke=\"#ddd\" stroke-dasharray=\"2 3\"/>\n"
        + "<text class=\"row-label\" x=\"\(f(left - 8))\" y=\"\(f(y + 4))\" text-anchor=\"end\">\(escape(row))</text>\n"
      for dot in inRow {
        let paint =
          dot.isPartial
          ? "fill=\"#fff\" stroke=\"\(dot.color)\" stroke-width=\"2\""
          : "fill=\"\(dot.color)\" fill-opacity=\"0.85\""
        let note = dot.isPartial ? " (fewer datasets)" : dot.isWinner ? " (fastest)" : ""
        svg +=
          "<circle class=\"dot\(dot.isWinner ? " winner" : "")\" data-row=\"\(escape(row))\" data-label=\"\(escape(dot.label))\" data-value=\"\(dot.value)\" cx=\"\(f(px(dot.value)))\" cy=\"\(f(y))\" r=\"\(dot.isPartial ? 4 : 5)\" \(paint)><title>\(escape(row)) · \(escape(dot.label)): \(escape(format(dot.value)))\(note)</title></circle>\n"
      }
      if let winner = inRow.first(where: \.isWinner) {
        svg +=
          "<circle class=\"winner-ring\" cx=\"\(f(px(winner.value)))\" cy=\"\(f(y))\" r=\"8\" fill=\"none\" stroke=\"#222\" stroke-width=\"1.5\"/>\n"
          + "<text class=\"row-value\" x=\"\(f(left + plotW + 8))\" y=\"\(f(y + 4))\" fill=\"\(winner.color)\" font-weight=\"bold\">\(escape(format(winner.value)))</text>\n"
      }
    }
    return svg + "</svg>\n"
  }
}
