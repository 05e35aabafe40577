/// A position along the scroll axis kept as the exact sum of its summands — section lengths'
/// parts, line thicknesses and spacings, insets, header and footer lengths, a cell's offset in
/// its line — so that any grouping of them (a tree of offsets, k · pitch for a run of equal
/// lines, a chain restacked from any point) gives the same value, and rounding it to a `Double`
/// once (`double`) gives the same bits (docs/FlowRules.md, "Exact positions").
///
/// Fixed point: an `Int128` count of units of 2⁻⁶⁴ point. A `Double` is an integer multiple of
/// 2^(exponent − 52) (0.1 of 2⁻⁵⁶, 1/3 of 2⁻⁵⁴), so every one of magnitude 2⁻¹² point or more,
/// and every multiple of 2⁻⁶⁴ (every grid value: integers, halves … 2⁻¹⁰), is a whole number of
/// units and converts exactly. Smaller non-zero values (1e-300, the subnormals) are quantized
/// to the nearest unit, ties to even: no screen can show them.
///
/// Headroom: FLOW-28 bounds every length by 10⁹ < 2³⁰ points and a layout by 10⁷ items and 10⁶
/// sections. A position sums at most two terms per line (thickness, s_l), four per section
/// (header, before, after, footer), the padding and one offset: under 2.5·10⁷ terms, so under
/// 2.5·10¹⁶ < 2⁵⁵ points, 2¹¹⁹ units — 2⁸ times below `Int128.max` (2¹²⁷). Sums of values FLOW-28
/// accepts cannot overflow, so addition wraps (`&+`) rather than check.
struct ExactPosition: Sendable, Hashable, Comparable {
  /// The position in units of 2⁻⁶⁴ point.
  private(set) var units: Int128

  static let zero = ExactPosition(units: 0)

  /// Units per point: 2⁶⁴, a power of two, so scaling by it is exact.
  static let unitsPerPoint = 0x1p64

  init(units: Int128) { self.units = units }

  /// `value` exactly when it is a multiple of 2⁻⁶⁴ (every `Double` of magnitude ≥ 2⁻¹²),
  /// else rounded to the nearest unit (ties to even). Never traps: NaN is 0 and a magnitude of
  /// 2⁶³ points or more saturates — values FLOW-28 rejects before any layout.
  init(_ value: Double) {
    let scaled = (value * Self.unitsPerPoint).rounded(.toNearestOrEven)
    if scaled.magnitude < 0x1p127 {
      units = Int128(scaled)
    } else if scaled.isNaN {
      units = 0
    } else {
      units = scaled < 0 ? Int128.min + 1 : Int128.max
    }
  }

  /// The sum rounded once to the nearest `Double`, ties to even — the position a frame gets
  /// before FLOW-20's mirroring and FLOW-21's pixel rounding.
  ///
  /// `Double(Int128)` rounds to nearest, ties to even, and scaling by 2⁻⁶⁴ is exact (a
  /// non-zero result is at least 2⁻⁶⁴, far from the subnormals), so rounding happens once.
  var double: Double { Double(units) * 0x1p-64 }

  @inline(__always)
  static func + (a: ExactPosition, b: ExactPosition) -> ExactPosition {
    ExactPosition(units: a.units &+ b.units)
  }

  @inline(__always)
  static func += (a: inout ExactPosition, b: ExactPosition) { a.units = a.units &+ b.units }

  @inline(__always)
  static func - (a: ExactPosition, b: ExactPosition) -> ExactPosition {
    ExactPosition(units: a.units &- b.units)
  }

  /// `count` times `length`, exactly: the k · pitch of a run of k equal lines. Within FLOW-28's
  /// bounds (k ≤ 10⁷, a pitch under 2³¹ points) the product stays under 2¹¹⁹ units.
  @inline(__always)
  static func * (count: Int, length: ExactPosition) -> ExactPosition {
    ExactPosition(units: Int128(count) &* length.units)
  }

  static func < (a: ExactPosition, b: ExactPosition) -> Bool { a.units < b.units }
}
