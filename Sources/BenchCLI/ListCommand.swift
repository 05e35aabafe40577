import BenchmarkDatasets
import LayoutLab

/// `bench list`: the strategies, with what each costs.
enum ListCommand {
  static var table: OptionTable<NoOptions> {
    OptionTable("list", positional: .noArguments, [.prose("Names the layout strategies.")])
  }

  static func run(_ arguments: [String]) throws -> String {
    guard try table.parse(arguments, into: NoOptions()) != nil else { return table.help }
    var out = "Flow layout strategies (bench layout --strategy NAME):\n"
    for strategy in FlowStrategies.all {
      let note = strategy == FlowStrategies.reference ? "  (reference)" : ""
      out += "  \(strategy.strategyName.padding(toLength: 20, withPad: " ", startingAt: 0))"
      out += "\(summaries[strategy.strategyName] ?? "")\(note)\n"
    }
    out += "\nColumn flow layout (layout kind columnFlow; --strategy takes a flow strategy):\n"
    out += "  \(pad("column-flow"))item size follows the bounds width; laid out by the flow "
    out += "engine\n"
    out += "\nMosaic layout strategies (layout kind mosaic; bench layout --strategy NAME):\n"
    for query in MosaicQueryStrategy.allCases {
      let note = query == MosaicQueryStrategy.reference ? "  (reference)" : ""
      out += "  \(pad(query.strategyName))\(summaries[query.strategyName] ?? "")\(note)\n"
    }
    out += "\nBenchmark workloads (bench run --workloads NAME; every flow strategy above):\n"
    for workload in Workload.all() { out += "  \(pad(workload.name))\(workload.summary)\n" }
    out += "\nBenchmark datasets (bench run --datasets NAME, bench dataset NAME):\n"
    for dataset in Dataset.all { out += "  \(pad(dataset.name))\(dataset.summary)\n" }
    out += "  \(pad(MosaicBenchmarks.datasetName))\(MosaicBenchmarks.summary) (bench run only; "
    out += "its strategies: \(MosaicBenchmarks.strategies.joined(separator: ", ")))\n"
    return out
  }

  private static func pad(_ name: String) -> String {
    name.padding(toLength: max(23, name.count + 2), withPad: " ", startingAt: 0)
  }

  static let summaries = [
    NaiveLinearLayout.strategyName: "no cache; every query lays out everything: query O(n)",
    CachedAttributesLayout.strategyName:
      "prepare O(n) into flat arrays; rect query O(n); item O(1)",
    BinarySearchLayout.strategyName:
      "cache + line index; rect query O(log lines + answer); item O(1)",
    IncrementalLayout.strategyName:
      "relative cache; an update recomputes only what changed; query O(log lines + answer)",
    MosaicQueryStrategy.segmentSearch.strategyName:
      "segment search; rect query O(log segments + answer); item O(1)",
    MosaicQueryStrategy.sampleQuery.strategyName:
      "Apple's sample: item binary search + walks; can MISS elements; item O(1)",
  ]
}
