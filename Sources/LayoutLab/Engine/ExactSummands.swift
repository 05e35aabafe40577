/// Whether every sum of a changing set of `Double`s — of any subset, added in any grouping and
/// order — is exact, so that a tree of partial sums (`PrefixSumTree`) gives the same bits as
/// the engine's additions one after the other (FLOW-16, FLOW-21).
///
/// The reasoning is `ExactArithmetic.isExact`'s, over a set: if every value is an integer
/// multiple of u = 2^`unit` and Σ |value| ≤ 2^53 · u, every partial sum, whatever its
/// grouping, is a multiple of u of magnitude at most 2^53 · u, which a `Double` holds exactly,
/// so no addition (or subtraction of a value it holds) rounds. Negative zero is refused: the
/// sign of a zero sum depends on the grouping.
///
/// The unit only ever gets finer while values come and go (a coarser one would need every
/// value again); `holds` turns false for good once the bound fails, and a caller starts a new
/// set when it lays everything out.
struct ExactSummands: Sendable, Equatable {
  /// u = 2^unit divides every value; `Int.max` while every value is zero.
  private var unit = Int.max
  /// Σ |value| / u: an integer at most 2^53 while `holds`.
  private var units: Int64 = 0
  /// Whether every sum of the values is exact.
  private(set) var holds = true

  private static let limit = Int64(1) << 53

  init() {}

  /// The set of values that are all integer multiples of 2^`unit`, their magnitudes summing to
  /// `units` · 2^unit: what inserting them one by one gives, or the same argument with a finer
  /// unit, for a caller that checked them faster (`FlowLineFill.Units`' grid).
  init(unit: Int, units: Int64) {
    (self.unit, self.units, holds) = (unit, units, units >= 0 && units <= Self.limit)
  }

  /// - Complexity: O(values.count).
  init(_ values: some Sequence<Double>) {
    for value in values {
      insert(value)
      if !holds { return }
    }
  }

  /// Counts `value` in.
  ///
  /// - Complexity: O(1).
  mutating func insert(_ value: Double) {
    guard holds else { return }
    guard value.isFinite, !(value == 0 && value.sign == .minus) else {
      holds = false
      return
    }
    if value == 0 { return }
    let granularity = ExactArithmetic.granularity(value)
    if granularity < unit {
      if units > 0 {
        // Finer unit: the same magnitude counts more units.
        let shift = unit - granularity
        guard shift < 53, units <= Self.limit >> Int64(shift) else {
          holds = false
          return
        }
        units <<= Int64(shift)
      }
      unit = granularity
    }
    guard let scaled = scaled(value) else {
      holds = false
      return
    }
    units += scaled
    if units > Self.limit { holds = false }
  }

  /// Counts `value` in `times` times: what as many `insert(_:)`s give, in O(1) — after the
  /// first, each only adds the same units, and the bound fails at one of them exactly when it
  /// fails at the last.
  ///
  /// - Complexity: O(1).
  mutating func insert(_ value: Double, times: Int) {
    guard times > 0 else { return }
    insert(value)
    guard holds, times > 1, value != 0 else { return }
    guard let scaled = scaled(value) else {
      holds = false
      return
    }
    let (more, overflowed) = scaled.multipliedReportingOverflow(by: Int64(times - 1))
    let (sum, overflowedSum) = units.addingReportingOverflow(more)
    guard !overflowed, !overflowedSum, sum <= Self.limit else {
      holds = false
      return
    }
    units = sum
  }

  /// Two sets say the same of every sum: both fail, or both hold with the same unit and units
  /// (what a set that has failed still holds means nothing).
  static func == (a: ExactSummands, b: ExactSummands) -> Bool {
    a.holds == b.holds && (!a.holds || (a.unit == b.unit && a.units == b.units))
  }

  /// Counts `value` out; it must have been counted in.
  ///
  /// - Complexity: O(1).
  mutating func remove(_ value: Double) {
    guard holds, value != 0 else { return }
    guard let scaled = scaled(value) else {
      holds = false
      return
    }
    units -= scaled
  }

  /// |value| / u, when it is an integer of at most 2^53 (u divides every value counted in).
  private func scaled(_ value: Double) -> Int64? {
    // Scaling by a power of two is exact (or overflows to infinity, which fails the bound).
    let magnitude = Double(sign: .plus, exponent: -unit, significand: value.magnitude)
    guard magnitude <= 0x1p53 else { return nil }
    return Int64(magnitude)
  }
}
