/// SplitMix64 (Steele, Lea & Flood, 2014): a tiny generator whose output depends only on its
/// seed, so a dataset is identical on every machine and every Swift version — unlike
/// `SystemRandomNumberGenerator` or any generator the standard library might change.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A value in `0..<1` from the top 53 bits: the same on every platform, unlike
  /// `Double.random(in:using:)`, whose algorithm the standard library does not promise.
  public mutating func nextUnit() -> Double {
    Double(next() >> 11) * 0x1p-53
  }

  /// A whole number in `range`, by multiply-shift (platform-independent).
  public mutating func nextInt(in range: ClosedRange<Int>) -> Int {
    let span = UInt64(range.upperBound - range.lowerBound) + 1
    return range.lowerBound + Int(next().multipliedFullWidth(by: span).high)
  }

  /// An index in `0..<count`, for picking from a collection of `count` elements; the caller
  /// makes sure the collection is not empty (a range `0...(count - 1)` would trap on it).
  public mutating func nextIndex(below count: Int) -> Int {
    precondition(count > 0, "nextIndex(below:) needs a non-empty collection")
    return nextInt(in: 0...(count - 1))
  }
}
