import Foundation

/// When a chain of floating-point additions can be replaced by a multiplication without
/// changing a single bit — so that a strategy may place line k of a run of equal lines at
/// `start + k · pitch` where the engine adds `pitch` k times (FLOW-16, FLOW-21).
///
/// Why it holds: every finite `Double` is an integer multiple of a power of two, 2^e with
/// e = exponent − significand width (0.5 of 2^-1, 12.25 of 2^-2, 0.1 of 2^-56). Let u be the
/// smaller such power of `start` and `pitch`, so start = a·u and pitch = b·u with a, b
/// integers. If |a| + count·|b| ≤ 2^53, every partial sum start + k·pitch (0 ≤ k ≤ count) is an
/// integer multiple of u of magnitude at most 2^53·u, which a `Double` represents exactly. So
/// each sequential addition has an exact result and rounds to itself; `Double(k)` and
/// `Double(k) * pitch` are exact too; and `start + Double(k) * pitch` is the same exact value,
/// bit for bit. Real inputs are almost always such "dyadic" values (integers, halves, quarters),
/// for which the bound is enormous; other values (0.1) usually fail it, and the caller then adds
/// one pitch at a time, as the engine does.
enum ExactArithmetic {
  /// Whether `start + Double(k) * pitch` equals, bit for bit, `start` with `pitch` added k times
  /// one after the other, for every k in `0...count` — because no operation rounds.
  ///
  /// - Complexity: O(1).
  static func isExact(start: Double, pitch: Double, count: Int) -> Bool {
    guard start.isFinite, pitch.isFinite, count >= 0 else { return false }
    // Adding 0 or nothing: both forms make the very same operations.
    if pitch == 0 || count == 0 { return true }
    let unit = min(granularity(start), granularity(pitch))
    // Scaling by a power of two is exact (or overflows to infinity, which fails the bound).
    let a = Double(sign: .plus, exponent: -unit, significand: start.magnitude)
    let b = Double(sign: .plus, exponent: -unit, significand: pitch.magnitude)
    let limit = 0x1p53
    guard a <= limit, b <= limit else { return false }
    // Integers below 2^53: the bound is checked in integer arithmetic, which cannot round.
    let (steps, overflow) = Int64(b).multipliedReportingOverflow(by: Int64(count))
    guard !overflow else { return false }
    let (total, overflow2) = steps.addingReportingOverflow(Int64(a))
    return !overflow2 && total <= Int64(1) << 53
  }

  /// The exponent of the largest power of two `value` is an integer multiple of; `Int.max` for
  /// zero, a multiple of every power.
  static func granularity(_ value: Double) -> Int {
    value == 0 ? Int.max : value.exponent - value.significandWidth
  }
}
