import BenchKit
import Foundation
import LayoutLab

/// Which benchmarks a run measures: every strategy of `LayoutRegistry` (new strategies appear
/// by themselves) × the datasets of its kind × workloads × sizes, the floor of every dataset
/// and size, and the same-run ratio floors the gate checks.
public struct Suite: Sendable {
  public var name: String
  public var benchmarks: [Benchmark]
  public var ratioFloors: [RatioFloor]
  /// Strategies that disagree with the reference somewhere: not measured (a wrong fast answer
  /// is not a result), reported as failures. Filled by `preflight`.
  public var disagreements: [String] = []
  /// The datasets the benchmarks are of: the built-in ones, or the layout files'.
  var datasets: [Dataset] = Dataset.measured

  /// What the user asked for on the command line.
  public struct Request: Sendable {
    /// `--items`: every dataset at each size. nil: the standard sizes (100k everywhere, plus a
    /// 1k/10k/100k scaling series on mixed-feed and uniform-grid).
    public var sizes: [Int]?
    public var datasets: [String]?
    public var strategies: [String]?
    public var workloads: [String]?
    /// `--filter`: a regular expression over benchmark names.
    public var filter: String?
    /// `--key`: the key benchmarks (`Suite.key…`) unless datasets, workloads or sizes are given.
    public var key = false
    public var maximumThreads = Workload.defaultMaximumThreads
    /// `--layout`: the user's layout files as datasets (`Dataset(name:layoutFile:)`), measured
    /// instead of the built-in ones, each at its one size (`sizes` does not apply to them) with
    /// every workload that applies; `datasets` chooses among them by name. Their ratios are
    /// shown, not gated: the floors are the lab's claims about its own datasets at 100k items.
    public var layoutFiles: [Dataset]?

    public init(
      sizes: [Int]? = nil, datasets: [String]? = nil, strategies: [String]? = nil,
      workloads: [String]? = nil, filter: String? = nil
    ) {
      self.sizes = sizes
      self.datasets = datasets
      self.strategies = strategies
      self.workloads = workloads
      self.filter = filter
    }
  }

  public static let standardSize = 100_000
  public static let scalingSizes = [1_000, 10_000, 100_000]
  public static let scalingDatasets = [Dataset.mixedFeed.name, Dataset.uniformGrid.name]
  public static let scalingWorkloads = [
    Workload.prepare, .scrollSweep, .randomJump, .itemLookup, .resizeItem, .resizeReflow,
    .insertItem, .appendItem,
  ].map(\.name)
  /// Strategies whose queries must be far faster than a linear scan.
  public static let indexedStrategies = [
    BinarySearchLayout.strategyName, IncrementalLayout.strategyName,
  ]
  public static let linearStrategies = [
    NaiveLinearLayout.strategyName, CachedAttributesLayout.strategyName,
  ]
  /// Workloads on which an indexed strategy must beat a linear one by the ratio floors.
  static let queryWorkloads = [Workload.scrollSweep, .randomJump].map(\.name)

  /// The key benchmarks (`--key`): what CI counts instructions of and compares head against
  /// base on, every strategy at the standard size on the two scaling datasets, with the
  /// workloads users meet first. Small enough to run under callgrind in a few minutes.
  public static let keyDatasets = scalingDatasets
  public static let keyWorkloads = [
    Workload.prepare, .firstScreen, .scrollSweep, .randomJump, .itemLookup, .resizeItem,
    .insertItem, .insertDeleteOnePercent,
  ].map(\.name)

  /// An unknown name in the request.
  public struct UnknownName: Error, CustomStringConvertible {
    public var description: String
  }

  /// The benchmarks `request` selects, in run order (dataset, size, workload, strategy).
  public static func make(_ request: Request, contexts: DatasetContexts) throws -> Suite {
    var request = request
    if request.key {
      request.datasets = request.datasets ?? keyDatasets
      request.workloads = request.workloads ?? keyWorkloads
      request.sizes = request.sizes ?? [standardSize]
    }
    let strategies = try select(
      request.strategies, from: LayoutRegistry.all.map(\.name), what: "strategy")
    let catalogue = request.layoutFiles ?? Dataset.measured
    let datasets = try select(request.datasets, from: catalogue.map(\.name), what: "dataset")
    let allWorkloads = Workload.all(maximumThreads: request.maximumThreads)
    let workloadNames = try select(
      request.workloads, from: allWorkloads.map(\.name), what: "workload")
    var filter: NSRegularExpression?
    if let pattern = request.filter {
      do { filter = try NSRegularExpression(pattern: pattern) } catch {
        throw UnknownName(description: "--filter: '\(pattern)' is not a valid regular expression")
      }
    }
    func matches(_ name: String) -> Bool {
      guard let filter else { return true }
      return filter.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil
    }

    var benchmarks: [Benchmark] = []
    for datasetName in datasets {
      guard let dataset = Dataset.named(datasetName, in: catalogue) else { continue }
      let measuring = strategies.compactMap(LayoutRegistry.named).filter {
        $0.accepts(dataset.kind)
      }
      let sizes: [Int]
      if let fixed = dataset.fixedItems {
        sizes = [fixed]
      } else if let requested = request.sizes {
        sizes = requested
      } else {
        sizes = scalingDatasets.contains(datasetName) ? scalingSizes : [standardSize]
      }
      // The concurrent queries on one built-in dataset (mixed-feed), unless datasets are named;
      // on every layout file.
      let concurrentDataset =
        dataset.fixedItems != nil || request.datasets != nil || datasetName == "mixed-feed"
      for items in sizes {
        var selected: [Benchmark] = []
        for workload in allWorkloads where workloadNames.contains(workload.name) {
          guard workload.applies(to: dataset) else { continue }
          if request.sizes == nil && dataset.fixedItems == nil && items != standardSize
            && !scalingWorkloads.contains(workload.name)
          {
            continue
          }
          if workload.isConcurrent && (!concurrentDataset || items != sizes.max()) { continue }
          for strategy in measuring {
            let benchmark = Benchmark(
              strategy: strategy.name, workload: workload.name, dataset: datasetName, items: items,
              allocationsAreDeterministic: workload.allocationsAreDeterministic
            ) { [contexts] in
              try workload.makeRoutine(strategy, context: contexts.context(dataset, items: items))
            }
            if matches(benchmark.name) { selected.append(benchmark) }
          }
        }
        guard !selected.isEmpty else { continue }
        benchmarks.append(
          Benchmark(
            strategy: SuitePresentation.floorStrategy, workload: "write-frames",
            dataset: datasetName,
            items: items
          ) {
            FloorRoutine(count: items)
          })
        benchmarks += selected
      }
    }

    var floors: [RatioFloor] = []
    for fast in indexedStrategies where strategies.contains(fast) {
      for slow in linearStrategies where strategies.contains(slow) {
        // Not gated on layout files: the floors are claims about the lab's datasets at 100k.
        let floor: Double =
          request.layoutFiles != nil ? 0 : slow == NaiveLinearLayout.strategyName ? 100 : 10
        for workload in queryWorkloads {
          floors.append(
            RatioFloor(
              label: "\(fast) vs \(slow), \(workload)", slower: (slow, workload),
              faster: (fast, workload),
              floor: floor))
        }
      }
    }
    // Shown in every report, not gated yet (floor 0): the incremental strategy does not beat a
    // full relayout on every dataset today. Raise the floor once it does.
    let incremental = IncrementalLayout.strategyName
    let cached = CachedAttributesLayout.strategyName
    let resize = Workload.resizeItem.name
    if strategies.contains(incremental) && strategies.contains(cached) {
      floors.append(
        RatioFloor(
          label: "\(incremental) vs \(cached), \(resize)", slower: (cached, resize),
          faster: (incremental, resize), floor: 0))
    }
    let name =
      request.layoutFiles != nil
      ? "layout-files" : request.key ? "key" : request.sizes == nil ? "standard" : "custom"
    return Suite(name: name, benchmarks: benchmarks, ratioFloors: floors, datasets: catalogue)
  }

  static func select(_ requested: [String]?, from known: [String], what: String) throws -> [String]
  {
    guard let requested else { return known }
    for name in requested where !known.contains(name) {
      throw UnknownName(
        description: "unknown \(what) '\(name)' (one of: \(known.joined(separator: ", ")))")
    }
    return known.filter { requested.contains($0) }
  }

  /// Builds every dataset the suite needs and checks every strategy it measures against the
  /// reference of its kind on each, all on every core (untimed). Benchmarks of a strategy that
  /// disagrees on a dataset are dropped and named in `disagreements`.
  public mutating func preflight(contexts: DatasetContexts) throws {
    struct Pair: Hashable {
      var dataset: String
      var items: Int
    }
    let measured = benchmarks.filter { $0.strategy != SuitePresentation.floorStrategy }
    let pairs = orderedUniquePairs(measured.map { Pair(dataset: $0.dataset, items: $0.items) })
    let catalogue = datasets
    let built = concurrentMap(pairs.count) { index -> Result<DatasetContext, any Error> in
      Result {
        guard let dataset = Dataset.named(pairs[index].dataset, in: catalogue) else {
          throw UnknownName(description: "unknown dataset")
        }
        return try contexts.context(dataset, items: pairs[index].items)
      }
    }
    var contextOf: [Pair: DatasetContext] = [:]
    for (pair, result) in zip(pairs, built) {
      do {
        contextOf[pair] = try result.get()
      } catch {
        throw UnknownName(
          description: "cannot build dataset \(pair.dataset) at \(pair.items) items: \(error)")
      }
    }

    struct Check: Hashable {
      var strategy: String
      var dataset: String
      var items: Int
    }
    let checks = Array(
      Set(measured.map { Check(strategy: $0.strategy, dataset: $0.dataset, items: $0.items) })
    ).sorted { ($0.dataset, $0.items, $0.strategy) < ($1.dataset, $1.items, $1.strategy) }
    let builtContexts = contextOf
    let verdicts = concurrentMap(checks.count) { index -> String? in
      let check = checks[index]
      guard let strategy = LayoutRegistry.named(check.strategy),
        let context = builtContexts[Pair(dataset: check.dataset, items: check.items)]
      else { return "is not in the registry" }
      guard strategy.name != context.reference.name else { return nil }
      return context.disagreement(of: strategy)
    }
    var dropped = Set<Check>()
    for (check, verdict) in zip(checks, verdicts) {
      if let verdict {
        disagreements.append(
          "\(check.strategy) disagrees with the reference on \(check.dataset) at \(check.items) items: \(verdict)"
        )
        dropped.insert(check)
      }
    }
    benchmarks.removeAll {
      dropped.contains(Check(strategy: $0.strategy, dataset: $0.dataset, items: $0.items))
    }
  }

  private func orderedUniquePairs<T: Hashable>(_ values: [T]) -> [T] {
    var seen = Set<T>()
    return values.filter { seen.insert($0).inserted }
  }
}
