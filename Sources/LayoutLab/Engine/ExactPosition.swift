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
  ///
  /// A value from 2⁻¹² to 2⁶² points (every length a layout has) is its significand shifted
  /// into place: the standard library's `Int128(Double)` is a generic routine, outside the
  /// engine's module, that cost the slow path about 300 instructions a conversion.
  @inline(__always)
  init(_ value: Double) {
    let bits = value.bitPattern
    // value = significand · 2^(exponent − 1075), so units = significand · 2^(exponent − 1011).
    let shift = Int(truncatingIfNeeded: (bits >> 52) & 0x7FF) &- 1011
    if UInt(bitPattern: shift) <= 73 {
      let significand = (bits & 0x000F_FFFF_FFFF_FFFF) | 0x0010_0000_0000_0000
      let magnitude = Int128(truncatingIfNeeded: significand) &<< Int128(shift)
      self.init(units: bits >> 63 == 0 ? magnitude : 0 &- magnitude)
    } else if bits << 1 == 0 {
      // ±0: a cell's offset in its line, an absent header or inset — the commonest summand.
      self.init(units: 0)
    } else {
      self.init(units: Self.units(outsideTheFastRange: value))
    }
  }

  /// `init(_:)`'s units for zero, tiny, huge and non-finite values.
  private static func units(outsideTheFastRange value: Double) -> Int128 {
    let scaled = (value * unitsPerPoint).rounded(.toNearestOrEven)
    if scaled.magnitude < 0x1p127 { return Int128(scaled) }
    if scaled.isNaN { return 0 }
    return scaled < 0 ? Int128.min + 1 : Int128.max
  }

  /// The sum rounded once to the nearest `Double`, ties to even — the position a frame gets
  /// before FLOW-20's mirroring and FLOW-21's pixel rounding.
  ///
  /// Below 2⁶⁴ units (a point), `Double(UInt64)` rounds the magnitude. Above, the top 64
  /// significant bits are taken from the two words, with every bit below them folded into the
  /// lowest one (a sticky bit, under the rounding position, so rounding the 64 rounds as the
  /// whole would), halved the same way so that a signed conversion — one instruction — rounds
  /// them. Scaling by a power of two afterwards is exact (a non-zero result is at least 2⁻⁶⁴,
  /// far from the subnormals), so rounding happens once. (The standard library's
  /// `Double(Int128)` gives the same bits through a generic routine, about 400 instructions a
  /// conversion.)
  @inline(__always)
  var double: Double {
    let magnitude = units.magnitude
    let high = UInt64(truncatingIfNeeded: magnitude &>> 64)
    let low = UInt64(truncatingIfNeeded: magnitude)
    let rounded: Double
    if high == 0 {
      rounded = Double(low) * 0x1p-64
    } else {
      // 1 ... 63 bits below the top 64: `units` stays under 2¹²⁷ (see above).
      let shift = 64 &- high.leadingZeroBitCount
      let top = high &<< (64 &- shift) | low &>> shift
      let sticky: UInt64 = low &<< (64 &- shift) == 0 ? 0 : 1
      let halved = Int64(bitPattern: top &>> 1 | (top | sticky) & 1)
      // 2^(shift + 1 − 64): the halving undone, and the units scaled to points.
      let scale = Double(bitPattern: UInt64(1023 &+ shift &- 63) &<< 52)
      rounded = Double(halved) * scale
    }
    return units < 0 ? -rounded : rounded
  }

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
