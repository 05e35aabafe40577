import Foundation

/// docs/BenchMethod.md's A/B decision for one benchmark: the paired ratio over interleaved rounds and
/// Mann–Whitney U over all samples, and the verdict both together give.
public struct PairedComparison: Codable, Hashable, Sendable {
  public enum Verdict: String, Codable, Sendable {
    case noChange = "no change"
    case slower
    case faster
  }

  /// `exp(median d)` with `d = ln(b / a)` per round: above 1, B is slower.
  public var ratio: Double
  public var ratioLow: Double
  public var ratioHigh: Double
  /// Mann–Whitney's two-sided p over all of A's and B's samples.
  public var p: Double
  /// `P(B > A) = U / (mn)`.
  public var probabilityBGreater: Double
  public var medianA: Double
  public var medianB: Double
  public var verdict: Verdict
  /// Why the verdict is what it is, in a few words.
  public var reason: String

  /// The thresholds of a decision. Defaults from docs/BenchMethod.md: α = 0.01 (divided by the number
  /// of comparisons) and τ = 5 %. The rule is relative only: a benchmark of a few nanoseconds is
  /// judged like any other, its samples holding enough iterations (about 2 ms) to be timed.
  public struct Thresholds: Codable, Hashable, Sendable {
    public var alpha = 0.01
    public var comparisons = 1
    public var tolerance = 0.05
    public init(alpha: Double = 0.01, comparisons: Int = 1, tolerance: Double = 0.05) {
      self.alpha = alpha
      self.comparisons = comparisons
      self.tolerance = tolerance
    }
  }

  /// - Parameters:
  ///   - rounds: per round, A's and B's figure for that round (`A B B A`: the faster of each
  ///     side's two samples).
  ///   - a, b: every sample of each side, nanoseconds per operation.
  public init(
    rounds: [(a: Double, b: Double)], a: [Double], b: [Double], thresholds: Thresholds = .init()
  ) {
    let logs = rounds.filter { $0.a > 0 && $0.b > 0 }.map { log($0.b / $0.a) }.sorted()
    var interval = (ratio: 1.0, low: 0.0, high: Double.infinity)
    if !logs.isEmpty {
      let ranks = MedianInterval(count: logs.count, alpha: thresholds.alpha)
      interval = (
        exp(SampleStatistics.percentile(sorted: logs, 0.5)), exp(logs[ranks.lowerRank - 1]),
        exp(logs[ranks.upperRank - 1])
      )
    }
    self.init(ratio: interval, a: a, b: b, thresholds: thresholds)
  }

  /// The decision, given the ratio and its interval.
  init(
    ratio interval: (ratio: Double, low: Double, high: Double), a: [Double], b: [Double],
    thresholds: Thresholds
  ) {
    ratio = interval.ratio
    ratioLow = interval.low
    ratioHigh = interval.high
    let test = MannWhitney(a: a, b: b)
    p = test.p
    probabilityBGreater = test.probabilityBGreater
    medianA = SampleStatistics.median(a)
    medianB = SampleStatistics.median(b)
    (verdict, reason) = Self.decide(
      p: p, ratioLow: ratioLow, ratioHigh: ratioHigh, medianA: medianA, medianB: medianB,
      thresholds: thresholds)
  }
}

extension PairedComparison {
  /// The A/B rule for samples that were not taken in interleaved rounds (a saved baseline on
  /// the same host): the ratio is the Hodges–Lehmann estimate — the median of every pairwise
  /// `ln(b_j / a_i)` — with its distribution-free interval from the Mann–Whitney distribution.
  public init(unpairedA a: [Double], b: [Double], thresholds: Thresholds = .init()) {
    let logsA = a.filter { $0 > 0 }.map(log)
    let logsB = b.filter { $0 > 0 }.map(log)
    var differences: [Double] = []
    differences.reserveCapacity(logsA.count * logsB.count)
    for x in logsA { for y in logsB { differences.append(y - x) } }
    differences.sort()
    let total = differences.count
    // Rank of the lower bound: mn/2 − z·√(mn(m+n+1)/12), rounded down, at least 1.
    let m = Double(logsA.count)
    let n = Double(logsB.count)
    let z = normalQuantile(1 - thresholds.alpha / 2)
    let rank = max(1, Int((m * n / 2 - z * (m * n * (m + n + 1) / 12).squareRoot()).rounded(.down)))
    let ratio = total > 0 ? exp(SampleStatistics.percentile(sorted: differences, 0.5)) : 1
    let low = total > 0 ? exp(differences[min(rank, total) - 1]) : 0
    let high = total > 0 ? exp(differences[max(total - rank, 0)]) : .infinity
    self.init(ratio: (ratio, low, high), a: a, b: b, thresholds: thresholds)
  }

  static func decide(
    p: Double, ratioLow: Double, ratioHigh: Double, medianA: Double, medianB: Double,
    thresholds: Thresholds
  ) -> (Verdict, String) {
    let level = thresholds.alpha / Double(max(1, thresholds.comparisons))
    if p >= level {
      return (.noChange, String(format: "p = %.2g ≥ %.2g", p, level))
    }
    if !(ratioLow > 1 + thresholds.tolerance || ratioHigh < 1 - thresholds.tolerance) {
      return (
        .noChange,
        String(
          format: "ratio interval [%.3f, %.3f] within 1 ± %.0f%%", ratioLow, ratioHigh,
          thresholds.tolerance * 100)
      )
    }
    return (
      ratioLow > 1 ? .slower : .faster,
      String(format: "p = %.2g, ratio interval [%.3f, %.3f]", p, ratioLow, ratioHigh)
    )
  }
}

/// The standard normal quantile, by bisection on erfc (accurate to 1e-10; called rarely).
func normalQuantile(_ probability: Double) -> Double {
  var low = -40.0
  var high = 40.0
  for _ in 0..<200 {
    let middle = (low + high) / 2
    let cdf = 0.5 * erfc(-middle / 2.0.squareRoot())
    if cdf < probability { low = middle } else { high = middle }
  }
  return (low + high) / 2
}
