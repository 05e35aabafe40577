import Foundation

/// The Mann–Whitney U test of two independent samples, exactly as docs/BenchMethod.md writes it:
/// `U = Σ_i Σ_j ([b_j > a_i] + ½[b_j == a_i])`, `μ = mn/2`,
/// `σ² = mn/12 · ((N + 1) − Σ_ties (t³ − t) / (N(N − 1)))`, `z = (|U − μ| − ½)/σ`,
/// `p = erfc(|z|/√2)` (two-sided, normal approximation with continuity and tie corrections).
public struct MannWhitney: Hashable, Sendable {
  /// U counted from B's side: how often a B sample exceeds an A sample (ties count ½).
  public let u: Double
  public let z: Double
  /// Two-sided p-value.
  public let p: Double
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
    if variance > 0 {
      z = Swift.max(0, abs(u - mu) - 0.5) / variance.squareRoot()
      p = erfc(abs(z) / 2.0.squareRoot())
    } else {
      z = 0
      p = 1
    }
    probabilityBGreater = u / (m * n)
  }
}
