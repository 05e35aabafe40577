import Foundation

/// FLOW-9's greedy fill of one line, item by item: THE rule by which a line is broken. An
/// item fits if its main size is at most what remains; a line's first item always stays,
/// however long. `FlowLayoutEngine.breakLine` applies it item by item; the flat line loop of
/// `FlowLayoutEngine.lineRuns` applies it to every item of a section without a branch
/// (`breakMask(_:)`, `choosing(_:where:)`) — in integers (`Units`) where lengths are whole
/// units and the two are provably the same sums — so that both break every line alike, to the
/// bit.
struct FlowLineFill {
  /// What remains of the line's main length (FLOW-6's `A` less Σ(main + s_i)).
  private(set) var remaining: Double
  /// Σ main of the line's items (FLOW-13's justification needs it).
  private(set) var mainLength = 0.0
  /// The largest thickness of its items (FLOW-15).
  private(set) var thickness = 0.0
  /// Σ(main + s_i): what FLOW-12b compares between the last two lines.
  private(set) var used = 0.0

  /// An empty line of the section's available length.
  @inline(__always)
  init(_ metrics: FlowSectionMetrics) { remaining = metrics.available }

  /// Whether an item of main size `main` fits on the line after its first item.
  @inline(__always)
  func fits(_ main: Double) -> Bool { main <= remaining }

  /// Puts one more item on the line.
  @inline(__always)
  mutating func add(main: Double, thickness: Double, _ metrics: FlowSectionMetrics) {
    mainLength += main
    self.thickness = max(self.thickness, thickness)
    remaining -= main + metrics.interitemSpacing
    used += main + metrics.interitemSpacing
  }

  /// `!fits(main)` as a mask — all ones when the item does not fit, else zero — computed
  /// without a comparison, so that a loop can choose between two lines with bit operations
  /// (`choosing(_:where:)`): the compiler turns selects on a comparison into a branch, which
  /// where lines break would mispredict about once a line.
  ///
  /// Finite doubles subtract with the exact sign of their difference (a − b is zero only if
  /// a == b, and then +0 — unless a is −0 and b is +0), so `remaining − main` has its sign bit
  /// set exactly when `main > remaining`, given that `remaining` is never −0: it starts at a
  /// non-empty layout's `A` (a positive line dimension less insets: not −0) and only
  /// subtracts, which cannot make −0 of anything but −0.
  @inline(__always)
  func breakMask(_ main: Double) -> Int {
    Int(truncatingIfNeeded: Int64(bitPattern: (remaining - main).bitPattern) >> 63)
  }

  /// This line where `mask` is zero, `other` where it is all ones, chosen bit by bit.
  @inline(__always)
  func choosing(_ other: FlowLineFill, where mask: Int) -> FlowLineFill {
    var chosen = self
    chosen.remaining = Self.choose(remaining, other.remaining, mask)
    chosen.mainLength = Self.choose(mainLength, other.mainLength, mask)
    chosen.thickness = Self.choose(thickness, other.thickness, mask)
    chosen.used = Self.choose(used, other.used, mask)
    return chosen
  }

  /// `a` where `mask` is zero, `b` where it is all ones.
  @inline(__always)
  static func choose(_ a: Double, _ b: Double, _ mask: Int) -> Double {
    let bits = UInt64(truncatingIfNeeded: mask)
    return Double(bitPattern: (a.bitPattern & ~bits) | (b.bitPattern & bits))
  }

  /// The same fill in integers, where it is exact: lengths in units of 2^-10 point. When the
  /// available length, the spacing and every item's main length are whole units — as sizes
  /// in points, halves or quarters are — every sum `add(main:thickness:_:)` makes is a whole
  /// number of units of magnitude below 2^43 (FLOW-28 bounds lengths by 10^9 < 2^30 points;
  /// with insets and margins at that bound, what remains can reach −5·10^9 points), which a
  /// `Double` holds exactly: the floating-point sums round nowhere, so they equal these
  /// integer ones and every comparison decides alike. Thicknesses are not summed, only
  /// compared: as bit patterns, which order non-negative doubles other than −0 as their values.
  /// Integers choose by masks in one register file, with a short dependency from one item to
  /// the next, where doubles chosen by masks go back and forth between two.
  struct Units {
    /// What remains, in units.
    private(set) var remaining: Int64
    /// The bit pattern of the line's thickness.
    private(set) var thicknessBits: Int64

    static let perPoint = 0x1p10
    /// Adding it to a whole number of units of magnitude below 2^51 makes a double of one
    /// binade, whose bit pattern then differs from the constant's by exactly that number.
    private static let magic = 0x1.8p52

    /// `value` in units, and whether it is a whole number of them (exact only if so): an
    /// item's length, which FLOW-28 bounds by 10^9 points, far below 2^50 units.
    @inline(__always)
    static func units(ofLength value: Double) -> (units: Int64, offGrid: UInt64) {
      let scaled = value * perPoint  // exact: a power of two
      let shifted = scaled + magic
      // What adding the constant rounded away: +0 (no bit set) exactly when `value` is whole.
      let rounding = (shifted - magic) - scaled
      return (Int64(bitPattern: shifted.bitPattern &- magic.bitPattern), rounding.bitPattern)
    }

    /// `value` in units, and whether it is a whole number of them below 2^50.
    static func units(_ value: Double) -> (units: Int64, isWhole: Bool) {
      let (units, offGrid) = Self.units(ofLength: value)
      return (units, offGrid == 0 && value.magnitude * perPoint < 0x1p50)
    }

    /// An empty line of `available` units.
    @inline(__always)
    init(available: Int64) { (remaining, thicknessBits) = (available, 0) }

    /// `FlowLineFill.breakMask(_:)` in units: all ones when an item of `main` units does not
    /// fit, else zero.
    @inline(__always)
    func breakMask(_ main: Int64) -> Int64 { (remaining &- main) >> 63 }

    /// `add(main:thickness:_:)` to this line where `mask` is zero, to an empty line of
    /// `available` units where it is all ones: the item either fits or opens the next line.
    @inline(__always)
    mutating func add(
      main: Int64, thicknessBits: Int64, spacing: Int64, available: Int64, where mask: Int64
    ) {
      let advance = main &+ spacing
      let kept = remaining &- advance
      let opened = available &- advance
      remaining = kept ^ ((kept ^ opened) & mask)
      // max(thickness, t) on the kept line; t alone (max(0, t)) on the opened one.
      let before = self.thicknessBits & ~mask
      let larger = (before &- thicknessBits) >> 63
      self.thicknessBits = before ^ ((before ^ thicknessBits) & larger)
    }

    /// FLOW-9 once more, as a threshold on a running sum, which needs one subtraction and one
    /// conditional move per item where the form above needs four operations: with S_k the sum
    /// of (main + spacing) over the section's items before item k, a line that opens with item
    /// j has, before item i, `remaining` = available − (S_i − S_j), and item i fits exactly when
    /// main_i ≤ available − (S_i − S_j), that is when S_{i+1} ≤ S_j + spacing + available: the
    /// line's threshold (`threshold(openingAfter:lineLength:)`, with `lineLength` = spacing +
    /// available). The item that does not fit opens the next line, whose threshold is
    /// S_i + spacing + available. The sums are in units (`unitBits(spacing:mainLane:)` gives
    /// them from a size's bits) and may wrap: only differences are compared, and on one line
    /// they stay far below 2^63 — Σ(main + spacing) of the items that fit is at most
    /// available + spacing, the first and the next item add at most 2^41 units each (FLOW-28),
    /// so a difference is below 2^43 units. So the comparisons decide as the doubles do
    /// wherever `remaining`'s sums are exact — which is where every length is a whole number
    /// of units.
    @inline(__always)
    static func threshold(openingAfter sum: Int64, lineLength: Int64) -> Int64 {
      sum &+ lineLength
    }

    /// Whether the item that brings the running sum to `sumAfter` does not fit on the line of
    /// `threshold`, so opens the next one: the sign of their wrapping difference.
    @inline(__always)
    static func breaks(sumAfter: Int64, threshold: Int64) -> Bool { threshold &- sumAfter < 0 }

    /// `breaks(sumAfter:threshold:)` as a mask: all ones where the item opens the next line.
    @inline(__always)
    static func opensMask(sumAfter: Int64, threshold: Int64) -> Int64 {
      (threshold &- sumAfter) >> 63
    }

    /// What the loop adds to a main length, for a spacing in points: length + (2^42 + spacing)
    /// is a double whose step is 2^-10, so its significand holds (length + spacing) in units
    /// below 2^42. Exact when the length is a whole number of units (the caller checks what the
    /// addition rounded away).
    static func advanceConstant(spacing: Double) -> Double { 0x1p42 + spacing }

    /// The bit patterns that, subtracted from those of a size plus (`advanceConstant`, `magic`)
    /// in the order of its lanes, leave main + spacing and the thickness in units: those of
    /// 2^42 and of `magic`, whose binade is 2^42's too. One vector subtraction for both
    /// lengths, where shifting the main length's exponent bits out took an integer operation
    /// an item in a loop that integer operations bound.
    static func unitBits(magic: Double, mainLane: Int) -> SIMD2<Int64> {
      let main = Int64(bitPattern: 0x1p42.bitPattern)
      let other = Int64(bitPattern: magic.bitPattern)
      return mainLane == 0 ? SIMD2(main, other) : SIMD2(other, main)
    }
  }
}
