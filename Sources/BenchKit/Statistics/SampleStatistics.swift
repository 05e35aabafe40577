import Foundation

/// The summary of a set of samples that every report prints (docs/BenchMethod.md, "Keep every sample").
///
/// Percentiles interpolate linearly between order statistics (Hyndman & Fan's type 7, the
/// default of R and NumPy). The median's interval is the distribution-free order-statistic
/// interval of `MedianInterval`; the spread is the median absolute deviation scaled by 1.4826,
/// which estimates the standard deviation of normal data.
public struct SampleStatistics: Codable, Hashable, Sendable {
  public var count: Int
  public var min: Double
  public var p25: Double
  public var median: Double
  public var p75: Double
  public var p90: Double
  public var p99: Double
  public var max: Double
  public var mean: Double
  /// The median's confidence interval at `confidence` (see `MedianInterval`).
  public var ciLow: Double
  public var ciHigh: Double
  /// The confidence the interval actually has: below the level asked for when there are too
  /// few samples for any pair of order statistics to reach it.
  public var confidence: Double
  /// Median absolute deviation × 1.4826.
  public var mad: Double

  public init(samples: [Double], alpha: Double = 0.01) {
    precondition(!samples.isEmpty, "statistics of no samples")
    let sorted = samples.sorted()
    count = sorted.count
    min = sorted[0]
    max = sorted[sorted.count - 1]
    p25 = Self.percentile(sorted: sorted, 0.25)
    median = Self.percentile(sorted: sorted, 0.5)
    p75 = Self.percentile(sorted: sorted, 0.75)
    p90 = Self.percentile(sorted: sorted, 0.90)
    p99 = Self.percentile(sorted: sorted, 0.99)
    mean = sorted.reduce(0, +) / Double(sorted.count)
    let interval = MedianInterval(count: sorted.count, alpha: alpha)
    ciLow = sorted[interval.lowerRank - 1]
    ciHigh = sorted[interval.upperRank - 1]
    confidence = interval.confidence
    mad = Self.medianAbsoluteDeviation(sorted: sorted, median: median) * 1.4826
  }

  /// The `p` quantile (0…1) of sorted values, interpolating linearly (type 7).
  public static func percentile(sorted: [Double], _ p: Double) -> Double {
    precondition(!sorted.isEmpty && (0...1).contains(p))
    let position = p * Double(sorted.count - 1)
    let lower = Int(position.rounded(.down))
    let upper = Swift.min(lower + 1, sorted.count - 1)
    let fraction = position - Double(lower)
    return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
  }

  /// The median of `|x − median|`, unscaled.
  public static func medianAbsoluteDeviation(sorted: [Double], median: Double) -> Double {
    percentile(sorted: sorted.map { abs($0 - median) }.sorted(), 0.5)
  }

  /// The median of `values`.
  public static func median(_ values: [Double]) -> Double {
    percentile(sorted: values.sorted(), 0.5)
  }
}
