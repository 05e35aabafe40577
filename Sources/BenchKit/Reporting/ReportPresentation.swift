/// What a suite tells the reports about its results, so that the harness knows nothing of what
/// is measured: the title, the names of the work counters, the floor benchmark and the workloads
/// shown against it, and the strategy the others are compared with. A suite declares one
/// (this package's is in `Benchmarks/SuitePresentation.swift`) and every report of its results,
/// written by `bench run` or rendered again by `bench report`, is given the same one.
public struct ReportPresentation: Sendable {
  /// What the reports are titled after: `<title> benchmarks`.
  public var title: String
  /// Work counters in the order tables show them, each with its short name. Counters a result
  /// holds that are not listed follow, by their own names.
  public var counters: [Counter]
  /// The benchmark that measures the least any strategy must do, or nil when there is none.
  public var floor: Floor?
  /// The strategy the summary measures the winners against ("× faster than the reference"),
  /// or nil when there is none.
  public var referenceStrategy: String?

  public struct Counter: Sendable, Hashable {
    /// As the results file stores it.
    public var name: String
    /// As tables print it.
    public var shortName: String

    public init(_ name: String, shortName: String) {
      self.name = name
      self.shortName = shortName
    }
  }

  public struct Floor: Sendable, Hashable {
    /// The strategy name the floor benchmarks carry.
    public var strategy: String
    /// What the floor costs, for chart legends and notes: "write n frames".
    public var meaning: String
    /// Workloads shown as a multiple of the floor (×floor).
    public var comparedWorkloads: Set<String>

    public init(strategy: String, meaning: String, comparedWorkloads: Set<String>) {
      self.strategy = strategy
      self.meaning = meaning
      self.comparedWorkloads = comparedWorkloads
    }
  }

  public init(
    title: String, counters: [Counter] = [], floor: Floor? = nil, referenceStrategy: String? = nil
  ) {
    self.title = title
    self.counters = counters
    self.floor = floor
    self.referenceStrategy = referenceStrategy
  }

  /// For results of a suite that declared nothing: plain titles, counters by their own names.
  public static let plain = ReportPresentation(title: "Bench")

  /// The short name of `counter`.
  public func shortName(of counter: String) -> String {
    counters.first { $0.name == counter }?.shortName ?? counter
  }

  /// The non-zero counters of one iteration, compact and in the declared order:
  /// `frames 100k, scanned 312`; `–` when every one is zero.
  public func counterText(_ values: [String: Int], limit: Int = 2) -> String {
    let order = Dictionary(
      counters.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    let shown = values.filter { $0.value != 0 }.sorted {
      (order[$0.key] ?? Int.max, $0.key) < (order[$1.key] ?? Int.max, $1.key)
    }
    if shown.isEmpty { return "–" }
    return shown.prefix(limit).map {
      "\(shortName(of: $0.key)) \(Formatting.compactCount(Double($0.value)))"
    }
    .joined(separator: ", ")
  }
}
