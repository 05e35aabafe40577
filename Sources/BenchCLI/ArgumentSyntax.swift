import Foundation
import LayoutLab

/// The syntax of flag values, one rule for every command (`OptionValue` reads them with it).
///
/// Numbers are plain decimals: digits, without leading zeros, with an optional fraction where a
/// fraction makes sense (`0.25`). No `+`, no exponent, no hexadecimal (Swift's `Double` would
/// read `0x10` as 16), no `inf` or `nan`, no spaces; a minus sign only where a value may be
/// negative (`--rect`). Counts take a `k` or `M` suffix (`100k`, `1M`).
enum ArgumentSyntax {
  /// A whole number: `0`, or digits not starting with 0.
  static func integer(_ text: Substring) -> Int? {
    guard isDigits(text), text == "0" || text.first != "0" else { return nil }
    return Int(text)  // nil on overflow
  }

  /// A finite decimal number: an `integer`'s digits, optionally `.` and digits; a leading `-`
  /// if `allowsNegative`.
  static func decimal(_ text: Substring, allowsNegative: Bool = false) -> Double? {
    var magnitude = text
    if allowsNegative && magnitude.first == "-" { magnitude = magnitude.dropFirst() }
    let parts = magnitude.split(separator: ".", omittingEmptySubsequences: false)
    // The whole part by its syntax, not as an Int: a decimal may be far larger than Int.max.
    guard (1...2).contains(parts.count), isDigits(parts[0]),
      parts[0] == "0" || parts[0].first != "0", parts.count == 1 || isDigits(parts[1]),
      let value = Double(text), value.isFinite
    else { return nil }
    return value
  }

  /// A count such as `100000`, `100k` or `1M`, from 0 to the layout limit.
  static func count(_ text: String, flag: String) throws -> Int {
    var digits = Substring(text)
    var multiplier = 1
    if let last = digits.last, "kKmM".contains(last) {
      multiplier = "kK".contains(last) ? 1_000 : 1_000_000
      digits = digits.dropLast()
    }
    guard let value = integer(digits), value <= LayoutLimits.maximumNumberOfItems / multiplier
    else {
      throw UsageError(
        "\(flag): '\(text)' is not a count from 0 to \(LayoutLimits.maximumNumberOfItems) (such as 1000, 100k, 1M)"
      )
    }
    return value * multiplier
  }

  /// `A,B,C`, each item trimmed of spaces; an empty item is an error (`--format ,`).
  static func list(_ text: String, flag: String) throws -> [String] {
    let items = text.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    if items.contains("") {
      throw UsageError("\(flag): '\(text)' has an empty item (give A,B,… without empty ones)")
    }
    return items
  }

  private static func isDigits(_ text: Substring) -> Bool {
    !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isWholeNumber }
  }
}
