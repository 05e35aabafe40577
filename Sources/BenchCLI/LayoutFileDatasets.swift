import BenchmarkDatasets
import Foundation
import LayoutLab

/// `--layout FILE` of `bench run` and `bench compare --against`: the user's layout files as
/// datasets, each named after its file.
enum LayoutFileDatasets {
  /// Reads, decodes and checks every file, as `bench layout` reads one (the same reader, size
  /// limit, parser and validation), before anything is measured: a bad file is a one-line
  /// error naming the file and the field (exit 2).
  ///
  /// - Complexity: O(total size of the files).
  static func load(_ paths: [String], io: CommandIO) throws -> [Dataset] {
    var datasets: [Dataset] = []
    var pathOf: [String: String] = [:]
    for path in paths {
      guard path != "-" else {
        throw UsageError("--layout takes a file, not standard input: a dataset is named after it")
      }
      let name = try datasetName(path)
      if let earlier = pathOf[name] {
        throw UsageError(
          "--layout: '\(earlier)' and '\(path)' would both be dataset '\(name)' (a dataset is "
            + "named after its file): rename one")
      }
      pathOf[name] = path
      let bytes = try LayoutCommand.readFile(path, io: io)
      do throws(LayoutError) {
        let content = try LayoutFile.decode(bytes).content
        // The reference's initializer validates the whole model, as `bench layout` does first.
        _ = try LayoutRegistry.reference(for: content.kind).make(content)
        let dataset = Dataset(name: name, layoutFile: content, path: path)
        guard dataset.fixedItems != 0 else {
          throw LayoutError(field: "sections", "the layout has no items to measure")
        }
        datasets.append(dataset)
      } catch {
        var located = error
        located.source = "--layout \(path)"
        throw located
      }
    }
    return datasets
  }

  /// The dataset a file is: its name without the directory and a `.json` extension. Letters,
  /// digits, `.`, `_` and `-` only, since it is the last word of a benchmark's name
  /// (`<strategy> <workload> <dataset>`) and a field of the reports and the A/B protocol.
  static func datasetName(_ path: String) throws -> String {
    var name = (path as NSString).lastPathComponent
    if name.hasSuffix(".json") { name.removeLast(5) }
    let allowed = name.allSatisfy { $0.isLetter || $0.isNumber || "._-".contains($0) }
    guard !name.isEmpty, allowed else {
      throw UsageError(
        "--layout '\(path)': a dataset is named after its file, and '\(name)' is not a name of "
          + "letters, digits, '.', '_' and '-': rename the file")
    }
    return name
  }

  /// `options.request` with the datasets of `options.layoutPaths`, when there are any. The
  /// flags that choose sizes or built-in datasets (`--items`, `--key`) do not apply to a layout
  /// file, which has its own items at one size: a usage error when given with `--layout`.
  static func request(_ options: RunOptions, io: CommandIO) throws -> Suite.Request {
    var request = options.request
    guard !options.layoutPaths.isEmpty else { return request }
    let conflicting = [("--items", request.sizes != nil), ("--key", request.key)]
    for (flag, given) in conflicting where given {
      throw UsageError(
        "\(flag) does not apply to --layout: a layout file is measured at its own items")
    }
    request.layoutFiles = try load(options.layoutPaths, io: io)
    return request
  }
}
