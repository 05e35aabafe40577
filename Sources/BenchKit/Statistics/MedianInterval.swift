import Foundation

/// The distribution-free confidence interval of a median (docs/BenchMethod.md): with n samples sorted,
/// `[x(r), x(n−r+1)]` for the largest r with `P(Binomial(n, ½) ≤ r − 1) ≤ α/2`.
/// For n = 30, α = 0.01 that is `[x(8), x(23)]`. It assumes nothing about the distribution of
/// the samples, only that they are independent.
public struct MedianInterval: Hashable, Sendable {
  /// 1-based rank of the lower bound, r.
  public let lowerRank: Int
  /// 1-based rank of the upper bound, n − r + 1.
  public let upperRank: Int
  /// `1 − 2·P(Binomial(n, ½) ≤ r − 1)`: the coverage the interval has. When even r = 1 does
  /// not reach the level asked for (n < 8 at α = 0.01), the interval is [min, max] and this is
  /// below 1 − α: reports show it.
  public let confidence: Double

  public init(count n: Int, alpha: Double) {
    precondition(n > 0)
    var rank = 0
    var tail = 0.0
    var cumulative = 0.0  // P(X ≤ candidate − 1)
    for candidate in 1...((n + 1) / 2) {
      cumulative += Binomial.halfPMF(candidate - 1, n)
      guard cumulative <= alpha / 2 else { break }
      rank = candidate
      tail = cumulative
    }
    if rank == 0 {
      rank = 1
      tail = Binomial.halfPMF(0, n)
    }
    lowerRank = rank
    upperRank = n - rank + 1
    confidence = 1 - 2 * tail
  }
}

/// The binomial distribution with p = ½, computed in log space so large n does not overflow.
enum Binomial {
  static func halfPMF(_ k: Int, _ n: Int) -> Double {
    guard k >= 0 && k <= n else { return 0 }
    return exp(logChoose(n, k) - Double(n) * log(2.0))
  }

  static func logChoose(_ n: Int, _ k: Int) -> Double {
    lgamma(Double(n + 1)) - lgamma(Double(k + 1)) - lgamma(Double(n - k + 1))
  }
}
