import Foundation

/// A position along the scroll axis as a strategy that keeps positions keeps them
/// (`IncrementalLayout`): a `Double` where the model's sums are proved exact in `Double`s
/// (`FlowLayoutModel.scrollAxisExactUnit`, the grid: every benchmark dataset, every golden
/// layout), an `ExactPosition` elsewhere (thirds from scale-3 self-sizing, a spacing of 0.1).
/// Either way a sum has the bits of the exact sum rounded once (docs/FlowRules.md, "Exact
/// positions"), in any grouping; the strategy's code is written once, and on the grid it is
/// the plain `Double` code it was.
protocol ScrollPosition: Comparable, Sendable {
  static var zero: Self { get }
  /// A length or position given as a `Double`: exactly (`ExactPosition(_:)`).
  init(_ length: Double)
  /// Rounded to the nearest `Double`.
  var double: Double { get }
  static func + (a: Self, b: Self) -> Self
  static func - (a: Self, b: Self) -> Self
  static func += (a: inout Self, b: Self)
  /// Whether every sum of positions of this kind is exact, in any grouping, by construction
  /// (`ExactPosition`); a `Double` sum is only where `ExactSummands` proves it.
  static var sumsAreExact: Bool { get }
  /// The same bits: what lets a run of equal lengths be counted at once (for a `Double`, −0 is
  /// not +0).
  func isIdentical(to other: Self) -> Bool
  /// What the cells of a line that starts here are placed from, computed once per line.
  associatedtype LineOrigin
  var lineOrigin: LineOrigin { get }
  /// Where a cell whose offset in its line is `offset` sits along the scroll axis, in a line
  /// whose origin is `line`: the sum rounded once, what FLOW-20 and FLOW-21 start from.
  static func cellScroll(_ line: LineOrigin, offset: Double) -> Double
}

extension Double: ScrollPosition {
  static var sumsAreExact: Bool { false }

  @inline(__always)
  func isIdentical(to other: Double) -> Bool { bitPattern == other.bitPattern }

  @inline(__always)
  var double: Double { self }

  @inline(__always)
  var lineOrigin: Double { self }

  @inline(__always)
  static func cellScroll(_ line: Double, offset: Double) -> Double { line + offset }
}

extension ExactPosition: ScrollPosition {
  static var sumsAreExact: Bool { true }

  @inline(__always)
  func isIdentical(to other: ExactPosition) -> Bool { self == other }

  /// A line's start, exactly and rounded once; `isExact` where the rounding changed nothing,
  /// as it usually does not (a whole number of 2⁻¹⁰ points, say, with a third's offset).
  struct LineOrigin {
    let exact: ExactPosition
    let rounded: Double
    let isExact: Bool
  }

  @inline(__always)
  var lineOrigin: LineOrigin {
    let rounded = double
    // A rounded position is a whole number of units, so converting it back is exact.
    return LineOrigin(exact: self, rounded: rounded, isExact: ExactPosition(rounded) == self)
  }

  /// With no offset (a cell as thick as its line), the line's start rounded; where that start
  /// is a `Double` itself, one addition rounds the exact sum once — for an offset
  /// `ExactPosition` holds exactly (2⁻¹² points and more); else the sum in units.
  @inline(__always)
  static func cellScroll(_ line: LineOrigin, offset: Double) -> Double {
    if offset == 0 { return line.rounded }
    return line.isExact && offset.magnitude >= 0x1p-12
      ? line.rounded + offset : (line.exact + ExactPosition(offset)).double
  }
}
