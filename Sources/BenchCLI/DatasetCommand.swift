import BenchmarkDatasets
import LayoutLab

/// `bench dataset NAME --items N`: a built-in dataset as a layout file on standard output.
enum DatasetCommand {
  /// What the flags ask for.
  struct Options {
    var name = ""
    var items = 100_000
  }

  static var table: OptionTable<Options> {
    OptionTable(
      "dataset",
      positional: Positional(name: "NAME", noun: "dataset name", isRequired: true) {
        $0.name = $1
      },
      [
        .prose(
          """
          Writes the synthetic dataset NAME (N items, default 100000) as a layout file, so it can be
          inspected or fed to `bench layout`. Datasets are generated from a fixed seed: the same name
          and size give the same file on every machine.
          """),
        .options(
          title: nil,
          [
            .value(
              "--items", "N", .count, into: \.items, help: "the number of items (default 100000)")
          ]),
        .prose(
          "Datasets:\n" + Dataset.all.map { "  \($0.name): \($0.summary)" }.joined(separator: "\n")),
      ])
  }

  static func run(_ arguments: [String]) throws -> String {
    guard let options = try table.parse(arguments, into: Options()) else { return table.help }
    guard let dataset = Dataset.named(options.name) else {
      throw UsageError(
        "unknown dataset '\(options.name)' (one of: \(Dataset.all.map(\.name).joined(separator: ", ")))"
      )
    }
    return LayoutFile(model: dataset.model(items: options.items)).encoded()
  }
}
