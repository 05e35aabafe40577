/// The summary as each format opens with it: the same table and lines, rendered as text,
/// Markdown or HTML.
extension ReportSummary {
  /// Changes listed per direction before the rest are counted.
  static let changesListed = 10

  /// The winners, one row per workload.
  public func winnerTable(reference: String?) -> TextTable {
    var table = TextTable(
      header: [
        "workload", "fastest", "median", "×floor", "vs \(reference ?? "reference")",
        "vs next best", "fastest on",
      ], leftAligned: [0, 1, 5])
    for winner in winners {
      table.append([
        winner.workload, winner.strategy, Formatting.duration(winner.median),
        winner.floorMultiple.map(Formatting.ratio) ?? "",
        winner.overReference.map { Formatting.ratio($0) + " faster" } ?? "–",
        winner.nextBest.map { next in
          (winner.overNextBest.map(Formatting.ratio) ?? "?") + " (\(next))"
        } ?? "–",
        "\(winner.fastestOn) of \(winner.datasets) dataset\(winner.datasets == 1 ? "" : "s")",
      ])
    }
    return table
  }

  /// What the winner table's figures are.
  public static let winnerCaption =
    "Fastest strategy per workload (medians at each dataset's largest size; over several datasets, their geometric mean):"

  /// The baseline lines: the decided changes counted, then listed worse first; then the
  /// advisory ones (time) counted, with the largest slowdowns. nil with no baseline.
  public var changeLines: [String]? {
    guard let changes else { return nil }
    let decided = changes.filter { !$0.isAdvisory }
    let worse = decided.filter(\.isWorse)
    let better = decided.filter { !$0.isWorse }
    var notCompared: [String] = []
    if notMeasured > 0 { notCompared.append("\(notMeasured) of its benchmarks not in this run") }
    if !notMeasuredByGate.isEmpty {
      let counts = notMeasuredByGate.map { "\($0.count) \($0.gate.rawValue)" }
      notCompared.append("not measured as in it: " + counts.joined(separator: ", "))
    }
    let missing = notCompared.isEmpty ? "" : " (\(notCompared.joined(separator: "; ")))"
    var lines = [
      "Against the baseline\(missing) (significant changes only): \(worse.count) worse, \(better.count) better"
    ]
    for (word, list) in [("worse", worse), ("better", better)] {
      for change in list.prefix(Self.changesListed) {
        lines.append("  \(word): \(change.benchmark): \(change.what)")
      }
      if list.count > Self.changesListed {
        lines.append("  … and \(list.count - Self.changesListed) more \(word)")
      }
    }
    let advisory = changes.filter(\.isAdvisory)
    if !advisory.isEmpty {
      let slower = advisory.filter(\.isWorse)
      lines.append(
        "  advisory (time is decided by bench compare, on the same host): \(slower.count) slower, \(advisory.count - slower.count) faster beyond noise"
      )
      for change in slower.prefix(3) {
        lines.append("  slower: \(change.benchmark): \(change.what)")
      }
    }
    return lines
  }

  /// The summary as the console prints it.
  public func text(reference: String?) -> String {
    var out = Self.winnerCaption + "\n" + winnerTable(reference: reference).rendered()
    if let changeLines { out += "\n" + changeLines.joined(separator: "\n") + "\n" }
    return out + "\n" + verdict + "\n"
  }

  /// The summary in Markdown.
  public func markdown(reference: String?) -> String {
    var out = Self.winnerCaption + "\n\n" + winnerTable(reference: reference).markdown()
    if let changeLines {
      out += "\n" + (changeLines.first ?? "") + "\n\n"
      out += changeLines.dropFirst().map { "- " + $0.trimmingPrefix("  ") + "\n" }.joined()
    }
    return out + "\n**\(verdict)**\n"
  }
}
