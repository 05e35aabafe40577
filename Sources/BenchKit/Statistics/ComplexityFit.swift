import Foundation

/// The growth classes docs/BenchMethod.md fits, in rising order.
public enum ComplexityClass: String, Codable, CaseIterable, Comparable, Sendable {
  case constant = "O(1)"
  case logarithmic = "O(log n)"
  case linear = "O(n)"
  case linearithmic = "O(n log n)"
  case quadratic = "O(n²)"

  public var rank: Int { Self.allCases.firstIndex(of: self)! }

  public static func < (a: Self, b: Self) -> Bool { a.rank < b.rank }

  /// g(n).
  public func growth(_ n: Double) -> Double {
    switch self {
    case .constant: 1
    case .logarithmic: log2(Swift.max(n, 2))
    case .linear: n
    case .linearithmic: n * log2(Swift.max(n, 2))
    case .quadratic: n * n
    }
  }
}

/// How a cost grows with the input size: the best-fitting complexity class and the scaling
/// exponent (docs/BenchMethod.md, "Gate on growth, not on seconds").
public struct ComplexityFit: Codable, Hashable, Sendable {
  public var complexity: ComplexityClass
  /// c of the best class: cost ≈ c · g(n).
  public var coefficient: Double
  /// RMS of the residuals of the best class, divided by the mean cost.
  public var normalizedRMS: Double
  /// Slope of log cost against log n (least squares): 0 flat, 1 linear, 2 quadratic.
  public var exponent: Double
  /// The exponent's bootstrap interval (percentile, 95 %); equal to `exponent` without
  /// samples to resample.
  public var exponentLow: Double
  public var exponentHigh: Double

  /// Fits `points` (size n, cost t), one per size; needs two sizes or more.
  /// - For each class, `c = Σ t·g(n) / Σ g(n)²`; the class with the smallest normalised RMS
  ///   wins (ties go to the slower-growing class).
  public init?(points: [(n: Double, cost: Double)]) {
    let points = points.filter { $0.n > 0 && $0.cost > 0 }
    guard Set(points.map(\.n)).count >= 2 else { return nil }
    var best: (ComplexityClass, Double, Double)?
    let meanCost = points.map(\.cost).reduce(0, +) / Double(points.count)
    for candidate in ComplexityClass.allCases {
      let g = points.map { candidate.growth($0.n) }
      let c = zip(points, g).map { $0.cost * $1 }.reduce(0, +) / g.map { $0 * $0 }.reduce(0, +)
      let squares = zip(points, g).map { ($0.cost - c * $1) * ($0.cost - c * $1) }
      let rms = (squares.reduce(0, +) / Double(points.count)).squareRoot() / meanCost
      if best == nil || rms < best!.2 * (1 - 1e-9) { best = (candidate, c, rms) }
    }
    complexity = best!.0
    coefficient = best!.1
    normalizedRMS = best!.2
    exponent = Self.slope(points)
    exponentLow = exponent
    exponentHigh = exponent
  }

  /// Fits the medians of `samples` (per size), with a bootstrap interval for the exponent:
  /// each replicate resamples every size's samples with replacement and refits the slope of
  /// their medians. Seeded, so the same samples give the same interval.
  public init?(samplesBySize: [(n: Double, samples: [Double])], replicates: Int = 200) {
    let usable = samplesBySize.filter { !$0.samples.isEmpty }
    guard
      var fit = ComplexityFit(
        points: usable.map { ($0.n, SampleStatistics.median($0.samples)) })
    else { return nil }
    var random = Xorshift(seed: 0x5EED)
    var slopes: [Double] = []
    slopes.reserveCapacity(replicates)
    for _ in 0..<replicates {
      let points = usable.map { size -> (n: Double, cost: Double) in
        let resampled = (0..<size.samples.count).map { _ in
          size.samples[Int(random.next() % UInt64(size.samples.count))]
        }
        return (size.n, SampleStatistics.median(resampled))
      }
      slopes.append(Self.slope(points.filter { $0.cost > 0 }))
    }
    slopes.sort()
    fit.exponentLow = SampleStatistics.percentile(sorted: slopes, 0.025)
    fit.exponentHigh = SampleStatistics.percentile(sorted: slopes, 0.975)
    self = fit
  }

  /// Least-squares slope of log cost against log n.
  static func slope(_ points: [(n: Double, cost: Double)]) -> Double {
    let x = points.map { log($0.n) }
    let y = points.map { log($0.cost) }
    let mx = x.reduce(0, +) / Double(x.count)
    let my = y.reduce(0, +) / Double(y.count)
    let sxy = zip(x, y).map { ($0 - mx) * ($1 - my) }.reduce(0, +)
    let sxx = x.map { ($0 - mx) * ($0 - mx) }.reduce(0, +)
    return sxx > 0 ? sxy / sxx : 0
  }
}

/// A tiny seeded generator for resampling (xorshift64*).
struct Xorshift {
  private var state: UInt64
  init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed }
  mutating func next() -> UInt64 {
    state ^= state >> 12
    state ^= state << 25
    state ^= state >> 27
    return state &* 0x2545_F491_4F6C_DD1D
  }
}
