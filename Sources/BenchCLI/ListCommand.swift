import LayoutLab

/// `bench list`: the strategies, with what each costs.
enum ListCommand {
  static func run(_ arguments: [String]) throws -> String {
    if let flag = arguments.first {
      if flag == "--help" || flag == "-h" { return "usage: bench list\n\nNames the layout strategies.\n" }
      throw UsageError("bench list takes no arguments, found '\(flag)'")
    }
    var out = "Flow layout strategies (bench layout --strategy NAME):\n"
    for strategy in FlowStrategies.all {
      let note = strategy == FlowStrategies.reference ? "  (reference)" : ""
      out += "  \(strategy.strategyName.padding(toLength: 20, withPad: " ", startingAt: 0))"
      out += "\(summaries[strategy.strategyName] ?? "")\(note)\n"
    }
    return out
  }

  static let summaries = [
    NaiveLinearLayout.strategyName: "no cache; every query lays out everything: query O(n)",
    CachedAttributesLayout.strategyName: "prepare O(n) into flat arrays; rect query O(n); item O(1)",
    BinarySearchLayout.strategyName: "cache + line index; rect query O(log lines + answer); item O(1)",
  ]
}
