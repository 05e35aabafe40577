/// A same-run ratio a suite declares (docs/BenchMethod.md, "Gate on same-run ratios"): how many times
/// faster one strategy's workload must be than another's, measured in the same run, so
/// comparable across machines.
public struct RatioFloor: Codable, Hashable, Sendable {
  /// For reports: "binary-search vs naive-linear, scroll-sweep".
  public var label: String
  public var slowerStrategy: String
  public var slowerWorkload: String
  public var fasterStrategy: String
  public var fasterWorkload: String
  /// The ratio slower / faster (medians) must stay at or above this; 0 shows the ratio in the
  /// reports without gating it.
  public var floor: Double

  public init(
    label: String, slower: (strategy: String, workload: String),
    faster: (strategy: String, workload: String), floor: Double
  ) {
    self.label = label
    slowerStrategy = slower.strategy
    slowerWorkload = slower.workload
    fasterStrategy = faster.strategy
    fasterWorkload = faster.workload
    self.floor = floor
  }
}

/// A declared ratio as measured: one per dataset where both sides ran, at the largest size
/// they share.
public struct RatioResult: Codable, Hashable, Sendable {
  public var label: String
  public var dataset: String
  public var items: Int
  public var slower: String
  public var faster: String
  /// Median of the slower side over median of the faster side.
  public var ratio: Double
  public var floor: Double
  public var holds: Bool { ratio >= floor }
  /// Whether the floor gates (0: shown only).
  public var isGated: Bool { floor > 0 }
  /// `ok`, `BELOW FLOOR` or `not gated`, for reports.
  public var status: String { !isGated ? "not gated" : holds ? "ok" : "BELOW FLOOR" }
  public var floorText: String { isGated ? Formatting.ratio(floor) : "–" }

  public static func evaluate(_ floors: [RatioFloor], in results: [BenchmarkResult])
    -> [RatioResult]
  {
    var out: [RatioResult] = []
    for declared in floors {
      let slow = results.filter {
        $0.strategy == declared.slowerStrategy && $0.workload == declared.slowerWorkload
      }
      let fast = results.filter {
        $0.strategy == declared.fasterStrategy && $0.workload == declared.fasterWorkload
      }
      for dataset in Set(slow.map(\.dataset)).sorted() {
        let shared = Set(slow.filter { $0.dataset == dataset }.map(\.items))
          .intersection(fast.filter { $0.dataset == dataset }.map(\.items))
        guard let items = shared.max(),
          let a = slow.first(where: { $0.dataset == dataset && $0.items == items }),
          let b = fast.first(where: { $0.dataset == dataset && $0.items == items })
        else { continue }
        out.append(
          RatioResult(
            label: declared.label, dataset: dataset, items: items, slower: a.name, faster: b.name,
            ratio: a.statistics.median / max(b.statistics.median, 1e-9), floor: declared.floor))
      }
    }
    return out
  }
}
