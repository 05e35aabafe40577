import Foundation
import Testing

@testable import BenchKit

@Suite struct StatisticsTests {
  @Test func percentiles_interpolateLinearlyBetweenOrderStatistics() {
    // NumPy / R type 7: numpy.percentile([1..10], [25, 50, 90, 99]) = 3.25, 5.5, 9.1, 9.91.
    let values = (1...10).map(Double.init)
    #expect(abs(SampleStatistics.percentile(sorted: values, 0.25) - 3.25) < 1e-12)
    #expect(abs(SampleStatistics.percentile(sorted: values, 0.50) - 5.5) < 1e-12)
    #expect(abs(SampleStatistics.percentile(sorted: values, 0.90) - 9.1) < 1e-12)
    #expect(abs(SampleStatistics.percentile(sorted: values, 0.99) - 9.91) < 1e-12)
    let statistics = SampleStatistics(samples: values.reversed())
    #expect(statistics.min == 1 && statistics.max == 10 && statistics.mean == 5.5)
    #expect(statistics.median == 5.5 && statistics.p75 == 7.75)
  }

  @Test func medianInterval_n30_alpha001_isX8toX23() {
    // docs/BenchMethod.md's worked example.
    let interval = MedianInterval(count: 30, alpha: 0.01)
    #expect(interval.lowerRank == 8 && interval.upperRank == 23)
    // P(Binomial(30, ½) ≤ 7) = 2,804,012 / 2^30.
    #expect(abs(interval.confidence - (1 - 2 * 2_804_012 / 1_073_741_824.0)) < 1e-12)
    let samples = (1...30).map(Double.init).shuffled()
    let statistics = SampleStatistics(samples: samples, alpha: 0.01)
    #expect(statistics.ciLow == 8 && statistics.ciHigh == 23)
  }

  @Test func medianInterval_knownRanks() {
    // n = 10, α = 0.05: P(X ≤ 1) = 11/1024 ≤ 0.025 < P(X ≤ 2) = 56/1024 → [x(2), x(9)].
    let ten = MedianInterval(count: 10, alpha: 0.05)
    #expect(ten.lowerRank == 2 && ten.upperRank == 9)
    // n = 100, α = 0.05: the classic [x(40), x(61)].
    let hundred = MedianInterval(count: 100, alpha: 0.05)
    #expect(hundred.lowerRank == 40 && hundred.upperRank == 61)
  }

  @Test func medianInterval_tooFewSamples_isMinToMax_withItsLowerCoverage() {
    let five = MedianInterval(count: 5, alpha: 0.01)
    #expect(five.lowerRank == 1 && five.upperRank == 5)
    #expect(abs(five.confidence - (1 - 2.0 / 32)) < 1e-12)
  }

  @Test func mad_isScaledBy1_4826() {
    // Wikipedia's example: {1, 1, 2, 2, 4, 6, 9} has median 2 and MAD 1.
    let statistics = SampleStatistics(samples: [1, 1, 2, 2, 4, 6, 9])
    #expect(statistics.median == 2)
    #expect(abs(statistics.mad - 1.4826) < 1e-12)
  }
}

@Suite struct MannWhitneyTests {
  /// U from docs/BenchMethod.md's double sum, to check the rank computation against.
  func doubleSumU(_ a: [Double], _ b: [Double]) -> Double {
    var u = 0.0
    for x in a { for y in b { u += y > x ? 1 : y == x ? 0.5 : 0 } }
    return u
  }

  @Test func completeSeparation_ofSmallSamples_isExact() {
    // R: wilcox.test(6:10, 1:5) → p-value = 0.007937 (= 2 / C(10, 5)), an exact test.
    let test = MannWhitney(a: [1, 2, 3, 4, 5], b: [6, 7, 8, 9, 10])
    #expect(test.u == 25)
    #expect(test.isExact)
    #expect(test.probabilityBGreater == 1)
    #expect(abs(test.p - 2.0 / 252) < 1e-12)
  }

  @Test func exactDistribution_matchesTheCountsByHand() {
    // m = n = 3: the 20 splits of six ranks give U = 0…9 this often.
    #expect(MannWhitney.distribution(m: 3, n: 3) == [1, 1, 2, 3, 3, 3, 3, 2, 1, 1])
    // Σ = C(m + n, m).
    #expect(MannWhitney.distribution(m: 10, n: 10).reduce(0, +) == 184_756)
  }

  @Test func exactTest_reproducesTheTablesCriticalValues() {
    // Two-sided critical values of U from the published tables (the largest U with p ≤ α):
    // (m, n, α, U) — e.g. m = n = 10 at α = 0.05 is 23, at α = 0.01 is 16.
    let table: [(Int, Int, Double, Int)] = [
      (5, 5, 0.05, 2), (8, 8, 0.01, 7), (10, 10, 0.05, 23), (10, 10, 0.01, 16),
      (7, 12, 0.05, 18), (20, 20, 0.05, 127), (20, 20, 0.01, 105),
    ]
    for (m, n, alpha, critical) in table {
      let atCritical = MannWhitney.exactTwoSidedP(u: Double(critical), m: m, n: n)
      let beyond = MannWhitney.exactTwoSidedP(u: Double(critical + 1), m: m, n: n)
      #expect(atCritical <= alpha && beyond > alpha, "m \(m) n \(n) α \(alpha)")
    }
  }

  @Test func exactP_matchesEnumeratingEverySplit_seeded() {
    // Seeded random samples without ties, m = 6, n = 7: the exact p against a brute-force count
    // over all C(13, 6) = 1,716 ways to split the pooled values.
    for seed: UInt64 in [11, 12, 13] {
      var random = Xorshift(seed: seed)
      let pooled = (0..<13).map { Double($0) + Double(random.next() % 1000) / 1001 }
      var shuffled = pooled
      for index in stride(from: shuffled.count - 1, to: 0, by: -1) {
        shuffled.swapAt(index, Int(random.next() % UInt64(index + 1)))
      }
      let a = Array(shuffled[0..<6])
      let b = Array(shuffled[6...])
      let observed = abs(doubleSumU(a, b) - 21)
      var asExtreme = 0
      var splits = 0
      for mask in 0..<(1 << 13) where mask.nonzeroBitCount == 6 {
        let left = (0..<13).filter { mask & (1 << $0) != 0 }.map { shuffled[$0] }
        let right = (0..<13).filter { mask & (1 << $0) == 0 }.map { shuffled[$0] }
        splits += 1
        if abs(doubleSumU(left, right) - 21) >= observed - 1e-9 { asExtreme += 1 }
      }
      let test = MannWhitney(a: a, b: b)
      #expect(splits == 1_716)
      #expect(test.isExact)
      #expect(abs(test.p - Double(asExtreme) / Double(splits)) < 1e-12, "seed \(seed)")
    }
  }

  @Test func tenSamplesASide_canReachTheSuitesBonferroniLevel() {
    // The quick suite: about 10 samples a side, 397 comparisons. Complete separation gives an
    // exact p = 2 / C(20, 10) ≈ 1.1e-5 < 0.01 / 397; the normal approximation stops at 1.8e-4.
    let a = (0..<10).map { 100 + Double($0) }
    let test = MannWhitney(a: a, b: a.map { $0 * 1.3 })
    #expect(test.isExact)
    #expect(test.p < 0.01 / 397)
    #expect(test.z > 3.7 && erfc(test.z / 2.0.squareRoot()) > 0.01 / 397)
  }

  @Test func largeSamples_useTheNormalApproximation() {
    let a = (0..<120).map { Double($0) }
    let test = MannWhitney(a: a, b: a.map { $0 + 0.5 })
    #expect(!test.isExact)
    #expect(test.p > 0.5)
  }

  @Test func ties_useAverageRanksAndTheTieCorrection() {
    let a: [Double] = [1, 2, 2, 3, 5]
    let b: [Double] = [2, 3, 3, 4, 6, 6]
    let test = MannWhitney(a: a, b: b)
    #expect(test.u == doubleSumU(a, b))
    // By hand: U = 23, μ = 15, ties {2,2,2}, {3,3,3}, {6,6}: Σ(t³−t) = 54, N = 11,
    // σ² = 30/12 · (12 − 54/110) = 28.773, z = (8 − 0.5)/5.3640 = 1.3982, p = 0.1621.
    #expect(test.u == 23)
    #expect(abs(test.z - 1.3982) < 1e-3)
    #expect(abs(test.p - 0.1621) < 1e-3)
  }

  @Test func identicalSamples_giveNoEvidence() {
    let test = MannWhitney(a: [3, 3, 3, 3], b: [3, 3, 3])
    #expect(test.p == 1)
    #expect(test.probabilityBGreater == 0.5)
  }
}

@Suite struct ComplexityFitTests {
  let sizes: [Double] = [1_000, 10_000, 100_000, 1_000_000]

  func fit(_ cost: (Double) -> Double) -> ComplexityFit {
    ComplexityFit(points: sizes.map { ($0, cost($0)) })!
  }

  @Test func syntheticCurves_fitTheirClass() {
    #expect(fit { _ in 7 }.complexity == .constant)
    #expect(fit { 3 * log2($0) }.complexity == .logarithmic)
    #expect(fit { 5 * $0 }.complexity == .linear)
    #expect(fit { 2 * $0 * log2($0) }.complexity == .linearithmic)
    #expect(fit { $0 * $0 }.complexity == .quadratic)
  }

  @Test func exponent_isTheLogLogSlope() {
    #expect(abs(fit { 5 * $0 }.exponent - 1) < 1e-9)
    #expect(abs(fit { $0 * $0 }.exponent - 2) < 1e-9)
    #expect(abs(fit { _ in 7 }.exponent) < 1e-9)
    #expect(abs(fit { 5 * $0 }.coefficient - 5) < 1e-9)
  }

  @Test func noisyLinear_staysLinear_withAnIntervalAroundOne() {
    var random = Xorshift(seed: 42)
    let series = sizes.map { n -> (n: Double, samples: [Double]) in
      (n, (0..<30).map { _ in 4 * n * (0.9 + 0.2 * Double(random.next() % 1000) / 1000) })
    }
    let fit = ComplexityFit(samplesBySize: series)!
    #expect(fit.complexity == .linear)
    #expect(fit.exponentLow <= 1.02 && fit.exponentHigh >= 0.98)
    #expect(fit.exponentHigh - fit.exponentLow < 0.1)
  }

  @Test func oneSize_cannotBeFitted() {
    #expect(ComplexityFit(points: [(1000, 5), (1000, 6)]) == nil)
  }
}

@Suite struct PairedComparisonTests {
  @Test func sameDistribution_isNoChange() {
    var random = Xorshift(seed: 7)
    func sample() -> Double { 1000 * (1 + Double(random.next() % 100) / 1000) }
    let rounds = (0..<20).map { _ in (a: sample(), b: sample()) }
    let comparison = PairedComparison(rounds: rounds, a: rounds.map(\.a), b: rounds.map(\.b))
    #expect(comparison.verdict == .noChange)
  }

  @Test func twentyPercentSlower_isSlower_withBothTests() {
    var random = Xorshift(seed: 9)
    func sample() -> Double { 1000 * (1 + Double(random.next() % 100) / 1000) }
    let rounds = (0..<20).map { _ in (a: sample(), b: 1.2 * sample()) }
    let comparison = PairedComparison(rounds: rounds, a: rounds.map(\.a), b: rounds.map(\.b))
    #expect(comparison.verdict == .slower)
    #expect(comparison.ratio > 1.15 && comparison.ratio < 1.25)
    #expect(comparison.p < 0.001)
  }

  @Test func significantButTiny_isNoChange() {
    // 2 % slower, consistently: significant, but inside τ = 5 %.
    let a = (0..<30).map { 1000 + Double($0) }
    let b = a.map { $0 * 1.02 }
    let comparison = PairedComparison(rounds: Array(zip(a, b)).map { (a: $0, b: $1) }, a: a, b: b)
    #expect(comparison.verdict == .noChange)
  }

  @Test func aFewNanoseconds_areJudgedByTheRelativeRule() {
    // An 18 ns lookup made 1.5× slower: 9 ns more, yet a real change (no absolute floor).
    var random = Xorshift(seed: 5)
    func sample() -> Double { 18 * (1 + Double(random.next() % 100) / 2000) }
    let same = (0..<12).map { _ in (a: sample(), b: sample()) }
    let slower = (0..<12).map { _ in (a: sample(), b: 1.5 * sample()) }
    let aa = PairedComparison(rounds: same, a: same.map(\.a), b: same.map(\.b))
    let ab = PairedComparison(rounds: slower, a: slower.map(\.a), b: slower.map(\.b))
    #expect(aa.verdict == .noChange)
    #expect(ab.verdict == .slower, "\(ab)")
  }

  @Test func unpaired_hodgesLehmann_findsTheShift() {
    let a = (0..<40).map { 1000 + Double($0 % 10) }
    let b = a.map { $0 * 1.5 }
    let comparison = PairedComparison(unpairedA: a, b: b)
    #expect(comparison.verdict == .slower)
    #expect(abs(comparison.ratio - 1.5) < 0.02)
    #expect(comparison.ratioLow > 1.4 && comparison.ratioHigh < 1.6)
  }
}
