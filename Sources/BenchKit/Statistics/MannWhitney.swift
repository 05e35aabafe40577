import Foundation

/// The Mann–Whitney U test of two independent samples, as docs/BenchMethod.md writes it:
/// `U = Σ_i Σ_j ([b_j > a_i] + ½[b_j == a_i])`, two-sided.
///
/// The p-value is **exact** when the samples have no ties and `m·n ≤ exactLimit`: the
/// probability, over every equally likely split of the N = m + n ranks, of a U at least as far
/// from `mn/2` as the one observed. Small samples need it: with 10 samples a side the normal
/// approximation never goes below p ≈ 1.8·10⁻⁴, while complete separation has an exact
/// p = 2/C(20, 10) ≈ 1.1·10⁻⁵. Otherwise (ties, or large samples, where the approximation is
/// good) the normal approximation with continuity and tie corrections:
/// `μ = mn/2`, `σ² = mn/12 · ((N + 1) − Σ_ties (t³ − t) / (N(N − 1)))`, `z = (|U − μ| − ½)/σ`,
/// `p = erfc(|z|/√2)`.
public struct MannWhitney: Hashable, Sendable {
  /// Above this many pairs (`m·n`) the normal approximation is used: it is then within a few
  /// per cent of the exact p, and the exact distribution costs O(m · mn).
  public static let exactLimit = 10_000

  /// U counted from B's side: how often a B sample exceeds an A sample (ties count ½).
  public let u: Double
  /// The normal approximation's z (reported whichever p is used).
  public let z: Double
  /// Two-sided p-value.
  public let p: Double
  /// Whether `p` is exact (no ties, `m·n ≤ exactLimit`) or the normal approximation.
  public let isExact: Bool
  /// `P(B > A) = U / (mn)`: ½ when neither side tends to be larger.
  public let probabilityBGreater: Double

  public init(a: [Double], b: [Double]) {
    precondition(!a.isEmpty && !b.isEmpty, "Mann–Whitney needs samples on both sides")
    let m = Double(a.count)
    let n = Double(b.count)
    // U by ranks (equivalent to the double sum, O(N log N)): U_b = R_b − n(n+1)/2.
    let pooled = (a.map { ($0, false) } + b.map { ($0, true) }).sorted { $0.0 < $1.0 }
    var rankSumB = 0.0
    var tieTerm = 0.0
    var index = 0
    while index < pooled.count {
      var end = index
      while end + 1 < pooled.count && pooled[end + 1].0 == pooled[index].0 { end += 1 }
      let averageRank = Double(index + end + 2) / 2  // ranks are 1-based
      let t = Double(end - index + 1)
      tieTerm += t * t * t - t
      for k in index...end where pooled[k].1 { rankSumB += averageRank }
      index = end + 1
    }
    u = rankSumB - n * (n + 1) / 2
    let total = m + n
    let mu = m * n / 2
    let variance =
      total > 1 ? m * n / 12 * ((total + 1) - tieTerm / (total * (total - 1))) : 0
    let normalP: Double
    if variance > 0 {
      z = Swift.max(0, abs(u - mu) - 0.5) / variance.squareRoot()
      normalP = erfc(abs(z) / 2.0.squareRoot())
    } else {
      z = 0
      normalP = 1
    }
    if tieTerm == 0 && a.count * b.count <= Self.exactLimit {
      isExact = true
      p = Self.exactTwoSidedP(u: u, m: a.count, n: b.count)
    } else {
      isExact = false
      p = normalP
    }
    probabilityBGreater = u / (m * n)
  }

  /// `P(|U − mn/2| ≥ |u − mn/2|)` under the null hypothesis, without ties: twice the smaller
  /// tail (the distribution is symmetric), at most 1.
  static func exactTwoSidedP(u: Double, m: Int, n: Int) -> Double {
    let counts = distribution(m: m, n: n)
    let total = counts.reduce(0, +)
    let lower = Int(Swift.min(u, Double(m * n) - u).rounded())
    let tail = counts[0...Swift.max(0, Swift.min(lower, counts.count - 1))].reduce(0, +)
    return Swift.min(1, 2 * tail / total)
  }

  /// How many of the C(m + n, m) splits of the ranks give U = 0, 1, …, mn: the coefficients of
  /// the Gaussian binomial `[m + n choose m]_q = Π_{i=1…m} (1 − q^{n+i}) / (1 − q^i)`, built
  /// one factor at a time (each step is again a polynomial with non-negative integer
  /// coefficients, so nothing cancels badly).
  /// - Complexity: O(m · mn).
  static func distribution(m: Int, n: Int) -> [Double] {
    let degree = m * n
    var counts = [Double](repeating: 0, count: degree + 1)
    counts[0] = 1
    guard m > 0 && n > 0 else { return counts }
    for i in 1...m {
      // × (1 − q^{n+i}), from the top down so each term reads the old coefficient.
      let up = n + i
      if up <= degree {
        for k in stride(from: degree, through: up, by: -1) { counts[k] -= counts[k - up] }
      }
      // ÷ (1 − q^i): a running sum with stride i, from the bottom up.
      if i <= degree {
        for k in i...degree { counts[k] += counts[k - i] }
      }
    }
    return counts
  }
}
