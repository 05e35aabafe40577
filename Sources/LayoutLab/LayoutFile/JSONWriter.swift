import Foundation

/// Writes JSON text: numbers in their shortest form that parses back to the same `Double`.
enum JSONWriter {
  /// Swift's shortest round-trip form (`82.66666666666667`, `320.0`, `1e-05`); negative zero
  /// is written as `0.0`.
  static func number(_ value: Double) -> String {
    precondition(value.isFinite, "non-finite values never reach the writer: input is validated")
    return value == 0 ? "0.0" : "\(value)"
  }

  static func numbers(_ values: [Double]) -> String {
    "[" + values.map(number).joined(separator: ", ") + "]"
  }

  static func string(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  static func size(_ size: CGSize) -> String { numbers([size.width, size.height]) }

  static func rect(_ rect: CGRect) -> String {
    numbers([rect.minX, rect.minY, rect.width, rect.height])
  }

  static func insets(_ insets: EdgeInsets) -> String {
    numbers([insets.top, insets.left, insets.bottom, insets.right])
  }
}
