import BenchmarkDatasets
import Dispatch
import Foundation
import LayoutLab

/// `bench` with no arguments: lays out a built-in 100,000-item mixed layout with every strategy,
/// checks that they agree with the reference, and prints a short table of what each cost.
/// A first look, not a measurement: the benchmark harness does that properly.
enum OverviewCommand {
  static let items = 100_000
  /// Viewport-sized rect queries, spread evenly from the top of the content to the bottom.
  static let viewportQueries = 40

  static func run(_ arguments: [String], io: CommandIO) throws -> String {
    let dataset = Dataset.mixedFeed
    let model = dataset.model(items: items)
    let viewport = model.collectionView.bounds.size
    io.writeError("bench: laying out \(dataset.name) (\(items) items) with every strategy…\n")

    struct Row {
      var name: String
      var prepare: Double
      var query: Double
      var item: Double
      var result: LayoutCommand.Result
    }
    var rows: [Row] = []
    var rects: [CGRect] = []
    for strategy in FlowStrategies.all {
      var layout = try FlowStrategies.make(strategy, model: model)
      let prepare = seconds { layout.prepare() }
      let contentSize = layout.collectionViewContentSize
      if rects.isEmpty {
        let travel = max(contentSize.height - viewport.height, 0)
        rects = (0..<viewportQueries).map { index in
          CGRect(
            x: 0, y: travel * Double(index) / Double(viewportQueries - 1),
            width: viewport.width, height: viewport.height)
        }
      }
      var answers: [[LayoutAttributes]] = []
      let query = seconds { answers = rects.map { layout.layoutAttributesForElements(in: $0) } }
      let lookups = (0..<100).map { LayoutIndexPath(item: ($0 * 7) % 1_000, section: $0 * 9 % 100) }
      var found = 0
      let item = seconds {
        for indexPath in lookups where layout.layoutAttributesForItem(at: indexPath) != nil { found += 1 }
      }
      precondition(found == lookups.count, "built-in dataset has these items")
      answers.insert(layout.layoutAttributesForAllElements(), at: 0)
      rows.append(
        Row(
          name: strategy.strategyName, prepare: prepare, query: query / Double(rects.count),
          item: item / Double(lookups.count),
          result: LayoutCommand.Result(contentSize: contentSize, answers: answers)))
    }

    let reference = rows[0]
    for row in rows.dropFirst() {
      if let difference = LayoutCommand.firstDifference(
        reference.result, row.result, rects: [.everywhere] + rects)
      {
        throw CheckFailure(
          "strategies disagree: \(row.name) \(difference.candidate) where \(reference.name) "
            + "\(difference.reference) (\(difference.place))")
      }
    }

    var out = "LayoutLab — \(dataset.name), \(items) items, \(model.sections.count) sections"
    out += ", content \(Int(reference.result.contentSize.width))×\(Int(reference.result.contentSize.height)) pt\n"
    if isDebugBuild {
      out += "DEBUG BUILD: timings are meaningless; run `swift run -c release bench`.\n"
    }
    out += "\n"
    let header = ["strategy", "prepare", "rect query", "item lookup", "agrees"]
    var table = [header]
    for row in rows {
      table.append([
        row.name, format(row.prepare), format(row.query), format(row.item),
        row.name == reference.name ? "reference" : "yes",
      ])
    }
    out += render(table)
    out += "\nEvery strategy's \(reference.result.answers[0].count) elements and its answers to "
    out += "\(rects.count) viewport queries equal the reference's.\n"
    out += "One run each, wall-clock: a first look. Query = one \(Int(viewport.width))×\(Int(viewport.height)) viewport.\n"
    return out
  }

  static var isDebugBuild: Bool {
    #if DEBUG
      true
    #else
      false
    #endif
  }

  static func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }

  /// A duration with a unit chosen for it: `812 ns`, `3.4 µs`, `12.1 ms`, `1.52 s`.
  static func format(_ seconds: Double) -> String {
    switch seconds {
    case ..<1e-6: String(format: "%.0f ns", seconds * 1e9)
    case ..<1e-3: String(format: "%.1f µs", seconds * 1e6)
    case ..<1: String(format: "%.1f ms", seconds * 1e3)
    default: String(format: "%.2f s", seconds)
    }
  }

  /// Columns padded to their widest cell; text left-aligned, figures right-aligned.
  static func render(_ rows: [[String]]) -> String {
    let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.enumerated().map { index, row in
      let line = row.enumerated().map { column, cell in
        let pad = String(repeating: " ", count: widths[column] - cell.count)
        if column == row.count - 1 { return cell }
        return column == 0 ? cell + pad : pad + cell
      }.joined(separator: "  ")
      return index == 0 ? line + "\n" + String(repeating: "-", count: line.count) : line
    }.joined(separator: "\n") + "\n"
  }
}
