import BenchmarkDatasets
import LayoutLab

/// `bench dataset NAME --items N`: a built-in dataset as a layout file on standard output.
enum DatasetCommand {
  static let usage = """
    usage: bench dataset NAME [--items N]

    Writes the synthetic dataset NAME (N items, default 100000) as a layout file, so it can be
    inspected or fed to `bench layout`. Datasets are generated from a fixed seed: the same name
    and size give the same file on every machine.

    Datasets:

    """

  static func run(_ arguments: [String]) throws -> String {
    var reader = ArgumentReader(arguments, command: "dataset")
    var name: String?
    var items = 100_000
    while let argument = reader.next() {
      switch argument {
      case "--help", "-h":
        return usage + Dataset.all.map { "  \($0.name): \($0.summary)\n" }.joined()
      case "--items":
        items = try ArgumentReader.count(try reader.value(of: argument), flag: argument)
      default:
        if argument.hasPrefix("-") {
          throw UsageError("unknown option '\(argument)' (bench dataset --help)")
        }
        if name != nil {
          throw UsageError("bench dataset takes one dataset name, found '\(argument)' too")
        }
        name = argument
      }
    }
    guard let name else {
      throw UsageError("bench dataset needs a dataset name (bench dataset --help)")
    }
    guard let dataset = Dataset.named(name) else {
      throw UsageError(
        "unknown dataset '\(name)' (one of: \(Dataset.all.map(\.name).joined(separator: ", ")))")
    }
    return LayoutFile(model: dataset.model(items: items)).encoded()
  }
}
