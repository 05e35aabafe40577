import BenchmarkDatasets
import LayoutLab

/// `bench list`: the strategies of the registry by kind of layout, with what each costs; the
/// workloads and datasets of the suite.
enum ListCommand {
  static var table: OptionTable<NoOptions> {
    OptionTable("list", positional: .noArguments, [.prose("Names the layout strategies.")])
  }

  static func run(_ arguments: [String]) throws -> String {
    guard try table.parse(arguments, into: NoOptions()) != nil else { return table.help }
    var out = ""
    for kind in LayoutKind.allCases {
      if !out.isEmpty { out += "\n" }
      out += "\(heading(kind))\n"
      let listed = LayoutRegistry.all.filter { $0.kind == kind }
      for strategy in listed {
        let note = strategy.isReference ? "  (reference)" : ""
        out += "  \(pad(strategy.name))\(strategy.summary); \(strategy.complexity.summary)"
        out += "\(note)\n"
      }
      if listed.isEmpty {
        let names = LayoutRegistry.strategies(for: kind).map(\.name).joined(separator: ", ")
        out += "  \(pad(kind.listedName))\(kind.listedSummary); laid out by \(names)\n"
      }
    }
    out += "\nBenchmark workloads (bench run --workloads NAME; every strategy of the datasets "
    out += "each applies to):\n"
    for workload in Workload.all() { out += "  \(pad(workload.name))\(workload.summary)\n" }
    out += "\nBenchmark datasets (bench run --datasets NAME, bench dataset NAME):\n"
    for dataset in Dataset.measured {
      out += "  \(pad(dataset.name))\(dataset.summary)"
      if Dataset.named(dataset.name) == nil {
        let names = LayoutRegistry.strategies(for: dataset.kind).map(\.name)
        out += " (bench run only; its strategies: \(names.joined(separator: ", ")))"
      }
      out += "\n"
    }
    return out
  }

  /// What `bench list` calls each kind of layout, and how its strategies are chosen.
  private static func heading(_ kind: LayoutKind) -> String {
    switch kind {
    case .flow: "Flow layout strategies (bench layout --strategy NAME):"
    case .columnFlow:
      "Column flow layout (layout kind columnFlow; --strategy takes a flow strategy):"
    case .mosaic: "Mosaic layout strategies (layout kind mosaic; bench layout --strategy NAME):"
    }
  }

  private static func pad(_ name: String) -> String {
    name.padding(toLength: max(23, name.count + 2), withPad: " ", startingAt: 0)
  }
}

extension LayoutKind {
  /// For a kind without strategies of its own: its name and what it is, in `bench list`.
  fileprivate var listedName: String { self == .columnFlow ? "column-flow" : rawValue }
  fileprivate var listedSummary: String {
    switch self {
    case .flow: "UICollectionViewFlowLayout"
    case .columnFlow: "item size follows the bounds width"
    case .mosaic: "one section of 200-point segments"
    }
  }
}
