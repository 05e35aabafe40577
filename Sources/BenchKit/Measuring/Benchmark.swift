/// A named benchmark: what is measured (strategy, workload, dataset, size) and how to set it up.
/// Its name is `<strategy> <workload> <dataset>` (STYLE 11); the size is a separate field, so
/// one name measured at several sizes forms a scaling series.
public struct Benchmark: Sendable {
  public var strategy: String
  public var workload: String
  public var dataset: String
  public var items: Int
  /// Whether allocation counts are deterministic and so gated exactly (not when other threads
  /// or a thread pool allocate on the workload's behalf).
  public var allocationsAreDeterministic: Bool
  /// Untimed setup: builds the routine (dataset, layout, reference answers).
  public var makeRoutine: @Sendable () throws -> any BenchmarkRoutine

  public init(
    strategy: String, workload: String, dataset: String, items: Int,
    allocationsAreDeterministic: Bool = true,
    makeRoutine: @escaping @Sendable () throws -> any BenchmarkRoutine
  ) {
    self.strategy = strategy
    self.workload = workload
    self.dataset = dataset
    self.items = items
    self.allocationsAreDeterministic = allocationsAreDeterministic
    self.makeRoutine = makeRoutine
  }

  public var name: String { "\(strategy) \(workload) \(dataset)" }

  /// Unique within a run: the name and the size.
  public var key: BenchmarkKey { BenchmarkKey(name: name, items: items) }
}

/// A benchmark's identity across runs and files: its name and its size.
public struct BenchmarkKey: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
  public var name: String
  public var items: Int

  public init(name: String, items: Int) {
    self.name = name
    self.items = items
  }

  public static func < (a: Self, b: Self) -> Bool { (a.name, a.items) < (b.name, b.items) }

  public var description: String { "\(name) [\(Formatting.count(items))]" }
}
