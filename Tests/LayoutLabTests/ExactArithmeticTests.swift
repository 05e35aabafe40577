import BenchmarkDatasets
import Foundation
import Testing

@testable import LayoutLab

/// `ExactArithmetic.isExact` is what lets a strategy place line k of a run at start + k · pitch
/// where the engine adds the pitch k times: whenever it says yes, the two agree to the bit.
@Suite("Exact arithmetic")
struct ExactArithmeticTests {
  /// `start` with `pitch` added `count` times, one addition after the other, as the engine
  /// chains line starts (FLOW-16); every partial sum.
  func sequentialSums(start: Double, pitch: Double, count: Int) -> [Double] {
    var sums = [start]
    var position = start
    for _ in 0..<count {
      position += pitch
      sums.append(position)
    }
    return sums
  }

  /// Checks every k in 0...count when the helper says the closed form is exact; returns its
  /// answer.
  func checkAgreement(start: Double, pitch: Double, count: Int, seed: UInt64) -> Bool {
    let exact = ExactArithmetic.isExact(start: start, pitch: pitch, count: count)
    guard exact else { return false }
    for (k, sum) in sequentialSums(start: start, pitch: pitch, count: count).enumerated() {
      let closed = start + Double(k) * pitch
      if closed.bitPattern != sum.bitPattern {
        Issue.record(
          "seed \(seed): start \(start), pitch \(pitch), k \(k): closed \(closed) ≠ \(sum)")
        return exact
      }
    }
    return exact
  }

  @Test("dyadic values (integers, halves, quarters … 1/1024): closed form == sequential, seeded")
  func dyadicValues() {
    let seed: UInt64 = 0xD1AD_1C
    var random = SplitMix64(seed: seed)
    var exactCount = 0
    for _ in 0..<3_000 {
      let scale = Double(1 << random.nextInt(in: 0...10))
      let start = Double(random.nextInt(in: 0...2_000_000)) / scale
      let pitch = Double(random.nextInt(in: 0...5_000)) / scale
      let count = random.nextInt(in: 0...2_000)
      if checkAgreement(start: start, pitch: pitch, count: count, seed: seed) { exactCount += 1 }
    }
    // Every one of these is far inside the bound: the helper must not refuse them.
    #expect(exactCount == 3_000, "seed \(seed)")
  }

  @Test("arbitrary values (tenths, thirds, random doubles): closed form == sequential when exact")
  func arbitraryValues() {
    let seed: UInt64 = 0x0DD_BA11
    var random = SplitMix64(seed: seed)
    for _ in 0..<3_000 {
      let start: Double
      let pitch: Double
      switch random.nextInt(in: 0...2) {
      case 0:
        (start, pitch) =
          (Double(random.nextInt(in: 0...10_000)) / 10, Double(random.nextInt(in: 0...500)) / 10)
      case 1:
        (start, pitch) =
          (Double(random.nextInt(in: 0...10_000)) / 3, Double(random.nextInt(in: 0...500)) / 3)
      default:
        (start, pitch) = (random.nextUnit() * 10_000, random.nextUnit() * 300)
      }
      _ = checkAgreement(
        start: start, pitch: pitch, count: random.nextInt(in: 0...500), seed: seed)
    }
  }

  @Test("a chain the closed form does not reproduce is refused")
  func inexactChainIsRefused() {
    // 0.1 + 0.2 + 0.2 + 0.2 is not 0.1 + 3 × 0.2 in binary floating point.
    let sums = sequentialSums(start: 0.1, pitch: 0.2, count: 3)
    #expect(sums[3] != 0.1 + 3 * 0.2)
    #expect(!ExactArithmetic.isExact(start: 0.1, pitch: 0.2, count: 3))
  }

  @Test("the bound: sums past 2^53 units are refused, at and below it accepted")
  func bound() {
    #expect(ExactArithmetic.isExact(start: 0, pitch: 1, count: 1 << 53))
    #expect(!ExactArithmetic.isExact(start: 1, pitch: 1, count: 1 << 53))
    #expect(!ExactArithmetic.isExact(start: 0x1p53, pitch: 1, count: 1))
    #expect(ExactArithmetic.isExact(start: 0.5, pitch: 0.25, count: 1_000_000))
    #expect(!ExactArithmetic.isExact(start: .infinity, pitch: 1, count: 1))
    #expect(!ExactArithmetic.isExact(start: 0, pitch: .nan, count: 1))
    #expect(ExactArithmetic.isExact(start: 0.1, pitch: 0, count: 1_000))
    #expect(ExactArithmetic.isExact(start: 1e300, pitch: 1e-300, count: 0))
    #expect(!ExactArithmetic.isExact(start: 1e300, pitch: 1e-300, count: 1))
  }
}
