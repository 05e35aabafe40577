/// Bad input to a layout: names the offending field the way the layout file spells it
/// (`sections[3].itemSizes[12].width`) and says what is wrong with it.
public struct LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
  public var field: String
  public var problem: String

  public init(field: String, _ problem: String) {
    self.field = field
    self.problem = problem
  }

  /// `field: problem` on one line: control characters from the input (a key with an escaped
  /// newline, say) are shown escaped.
  public var description: String {
    let text = field.isEmpty ? problem : "\(field): \(problem)"
    guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
      return text
    }
    var escaped = ""
    for scalar in text.unicodeScalars {
      if scalar.value < 0x20 || scalar.value == 0x7F {
        escaped += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}
