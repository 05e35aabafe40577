import BenchmarkDatasets
import Foundation
import Testing

@testable import LayoutLab

/// `ExactPosition` sums exactly and rounds once: any grouping of the same summands gives the
/// same bits, and the rounding is round-to-nearest, ties to even, of the exact sum.
@Suite("Exact positions")
struct ExactPositionTests {
  /// Round to nearest, ties to even, of a count of 2⁻⁶⁴ units, bit by bit: what `double` must
  /// give, computed without `Double(Int128)`.
  static func referenceDouble(units: Int128) -> Double {
    if units == 0 { return 0 }
    let negative = units < 0
    let magnitude = negative ? UInt128(bitPattern: 0 &- units) : UInt128(units)
    let width = 128 - magnitude.leadingZeroBitCount
    var result: Double
    if width <= 53 {
      result = Double(UInt64(magnitude))
    } else {
      let shift = width - 53
      var top = magnitude >> UInt128(shift)
      let rest = magnitude & ((UInt128(1) << UInt128(shift)) - 1)
      let half = UInt128(1) << UInt128(shift - 1)
      if rest > half || (rest == half && top & 1 == 1) { top += 1 }
      result = Double(sign: .plus, exponent: shift, significand: Double(UInt64(top)))
    }
    result = Double(sign: .plus, exponent: -64, significand: result)
    return negative ? -result : result
  }

  @Test("every Double of magnitude ≥ 2⁻¹² and every multiple of 2⁻⁶⁴ converts exactly")
  func exactConversion() {
    let seed: UInt64 = 0xE8AC_7001
    print("exact position conversion: seed \(seed)")
    var random = SplitMix64(seed: seed)
    for _ in 0..<100_000 {
      // Any exponent from −12 up to 2⁶², any significand.
      let exponent = random.nextInt(in: -12...62)
      let value = Double(
        sign: .plus, exponent: exponent, significand: 1 + random.nextUnit())
      let position = ExactPosition(value)
      #expect(position.double.bitPattern == value.bitPattern, "seed \(seed): \(value)")
    }
    for value in [0, 0x1p-64, 3 * 0x1p-64, 0.1, 1.0 / 3, 1e9, 1e9 - 0.1, 0x1p29 + 0x1p-10] {
      #expect(ExactPosition(value).double == value)
    }
    // Below 2⁻⁶⁴: quantized to the nearest unit, ties to even; never a trap.
    #expect(ExactPosition(1e-300).units == 0)
    #expect(ExactPosition(.leastNonzeroMagnitude).units == 0)
    #expect(ExactPosition(0x1p-65).units == 0)
    #expect(ExactPosition(0x1.8p-64).units == 2)
    #expect(ExactPosition(.nan).units == 0)
    #expect(ExactPosition(.infinity).units == Int128.max)
    #expect(ExactPosition(-.infinity).units == Int128.min + 1)
  }

  @Test("the fast conversions give the standard library's bits, both signs, every binade, seeded")
  func conversionsMatchTheStandardLibrary() {
    let seed: UInt64 = 0xE8AC_7004
    print("exact position conversions against the standard library: seed \(seed)")
    var random = SplitMix64(seed: seed)
    for index in 0..<200_000 {
      // Binades around both ends of the shift path (2⁻¹² and 2⁶² points) and beyond them.
      let exponent = random.nextInt(in: -80...70)
      let significand = index % 5 == 0 ? 1 : 1 + random.nextUnit()
      let value = Double(
        sign: index % 2 == 0 ? .plus : .minus, exponent: exponent, significand: significand)
      let scaled = (value * ExactPosition.unitsPerPoint).rounded(.toNearestOrEven)
      let expected = scaled.magnitude < 0x1p127 ? Int128(scaled) : nil
      #expect(
        expected == nil || ExactPosition(value).units == expected, "seed \(seed): \(value)")

      let bits = random.nextInt(in: 1...126)
      var units = Int128(
        truncatingIfNeeded: UInt128(random.next()) << 64 | UInt128(random.next()))
      units >>= Int128(128 - bits)
      // Every fourth a tie: one half exactly below the 53 bits a Double keeps.
      if index % 4 == 0 && bits > 60 { units = (units >> 20) << 20 | (Int128(1) << 19) }
      #expect(
        ExactPosition(units: units).double.bitPattern == (Double(units) * 0x1p-64).bitPattern,
        "seed \(seed): units \(units)")
    }
    for value in [0.0, -0.0, 0x1p-12, -0x1p-12, 0x1p-12.nextDown, 0x1p62, 0x1p62.nextDown] {
      let scaled = (value * ExactPosition.unitsPerPoint).rounded(.toNearestOrEven)
      #expect(ExactPosition(value).units == Int128(scaled), "\(value)")
    }
  }

  @Test("double is the exact sum rounded once, ties to even, seeded")
  func roundingOnce() {
    let seed: UInt64 = 0xE8AC_7002
    print("exact position rounding: seed \(seed)")
    var random = SplitMix64(seed: seed)
    for index in 0..<200_000 {
      let bits = random.nextInt(in: 1...120)
      var units = Int128(
        truncatingIfNeeded: UInt128(random.next()) << 64 | UInt128(random.next()))
      units >>= Int128(128 - bits)
      // Every third a tie: the bits below the 54th from the top exactly one half.
      if index % 3 == 0 && bits > 60 { units = (units >> 20) << 20 | (Int128(1) << 19) }
      if index % 2 == 0 { units = 0 &- units }
      let position = ExactPosition(units: units)
      #expect(
        position.double.bitPattern == Self.referenceDouble(units: units).bitPattern,
        "seed \(seed): units \(units)")
    }
    // Ties go to even: 2⁵³ + 1 units of 2⁻⁶⁴ rounds down, 2⁵³ + 3 up.
    let base = Int128(1) << 53
    #expect(
      ExactPosition(units: base + 1).double == Double(sign: .plus, exponent: -11, significand: 1))
    #expect(
      ExactPosition(units: base + 3).double
        == Double(sign: .plus, exponent: -64, significand: 0x1p53 + 4))
  }

  @Test("any grouping of the same summands gives the same bits, where Double chains do not")
  func groupingCannotMatter() {
    let seed: UInt64 = 0xE8AC_7003
    print("exact position grouping: seed \(seed)")
    var random = SplitMix64(seed: seed)
    var doubleChainsDiffered = 0
    for _ in 0..<2_000 {
      let count = random.nextInt(in: 2...60)
      let values = (0..<count).map { _ in
        [0.1, 0.2, 0.3, 1.0 / 3, 33.3, 999_999_999.5, 1e9 - 0.1, 17][random.nextIndex(below: 8)]
      }
      let forward = values.reduce(ExactPosition.zero) { $0 + ExactPosition($1) }
      let backward = values.reversed().reduce(ExactPosition.zero) { $0 + ExactPosition($1) }
      // A Fenwick tree's grouping: the tree's prefix sum of every value.
      var nodes = ContiguousArray(repeating: ExactPosition.zero, count: count + 1)
      for (index, value) in values.enumerated() {
        var node = index + 1
        while node <= count {
          nodes[node] += ExactPosition(value)
          node += node & -node
        }
      }
      var tree = ExactPosition.zero
      var node = count
      while node > 0 {
        tree += nodes[node]
        node &= node - 1
      }
      // k · pitch for a run of equal values.
      let run = count * ExactPosition(values[0])
      let chained = (0..<count).reduce(ExactPosition.zero) { sum, _ in
        sum + ExactPosition(values[0])
      }
      #expect(forward == backward && forward == tree && run == chained)
      #expect(forward.double.bitPattern == tree.double.bitPattern)
      let doubleForward = values.reduce(0, +)
      let doubleBackward = values.reversed().reduce(0, +)
      if doubleForward.bitPattern != doubleBackward.bitPattern { doubleChainsDiffered += 1 }
    }
    // The point of the type: the same values summed by Doubles in two orders often differ.
    #expect(doubleChainsDiffered > 100)
  }
}
