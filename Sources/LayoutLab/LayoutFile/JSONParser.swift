/// A strict JSON parser (RFC 8259) that reports where a document is malformed by line and
/// column, and rejects duplicate keys. Foundation's `JSONSerialization` cannot tell `1` from
/// `true` on Linux nor say where a document broke, and the layout file's errors must.
public struct JSONParser {
  private let bytes: [UInt8]
  private var index = 0
  /// Nesting deeper than this is rejected rather than risk the stack.
  private static let maximumDepth = 512

  public static func parse(_ text: String) throws(LayoutError) -> JSONValue {
    try parse(Array(text.utf8))
  }

  public static func parse(_ bytes: [UInt8]) throws(LayoutError) -> JSONValue {
    var parser = JSONParser(bytes: bytes)
    parser.skipWhitespace()
    let value = try parser.parseValue(depth: 0)
    parser.skipWhitespace()
    if parser.index < bytes.count { throw parser.error("unexpected text after the document") }
    return value
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private func error(_ problem: String) -> LayoutError {
    var line = 1
    var column = 1
    for byte in bytes[..<min(index, bytes.count)] {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    return LayoutError(field: "", "malformed JSON at line \(line), column \(column): \(problem)")
  }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func skipWhitespace() {
    while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
      index += 1
    }
  }

  private mutating func expect(_ literal: String) throws(LayoutError) {
    for byte in literal.utf8 {
      guard current == byte else { throw error("expected '\(literal)'") }
      index += 1
    }
  }

  private mutating func parseValue(depth: Int) throws(LayoutError) -> JSONValue {
    guard depth < Self.maximumDepth else { throw error("nested too deeply") }
    switch current {
    case nil: throw error("unexpected end of input")
    case UInt8(ascii: "{"): return try parseObject(depth: depth)
    case UInt8(ascii: "["): return try parseArray(depth: depth)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expect("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expect("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expect("null")
      return .null
    case let byte?:
      if byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
        return try parseNumber()
      }
      throw error("unexpected character '\(Character(Unicode.Scalar(byte)))'")
    }
  }

  private mutating func parseObject(depth: Int) throws(LayoutError) -> JSONValue {
    index += 1  // {
    var members: [(key: String, value: JSONValue)] = []
    var keys = Set<String>()
    skipWhitespace()
    if current == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard current == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
      let key = try parseString()
      guard keys.insert(key).inserted else { throw error("duplicate key \"\(key)\"") }
      skipWhitespace()
      guard current == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
      index += 1
      skipWhitespace()
      members.append((key, try parseValue(depth: depth + 1)))
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"):
        index += 1
        return .object(members)
      default: throw error("expected ',' or '}' in an object")
      }
    }
  }

  private mutating func parseArray(depth: Int) throws(LayoutError) -> JSONValue {
    index += 1  // [
    var elements: [JSONValue] = []
    skipWhitespace()
    if current == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue(depth: depth + 1))
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "]"):
        index += 1
        return .array(elements)
      default: throw error("expected ',' or ']' in an array")
      }
    }
  }

  private mutating func parseString() throws(LayoutError) -> String {
    index += 1  // opening quote
    var scalars = String.UnicodeScalarView()
    var start = index
    func flush(_ bytes: ArraySlice<UInt8>) throws(LayoutError) -> String {
      guard let text = String(validating: bytes, as: UTF8.self) else {
        throw LayoutError(field: "", "malformed JSON: a string is not valid UTF-8")
      }
      return text
    }
    while true {
      guard let byte = current else { throw error("unterminated string") }
      if byte == UInt8(ascii: "\"") {
        scalars.append(contentsOf: try flush(bytes[start..<index]).unicodeScalars)
        index += 1
        return String(scalars)
      }
      if byte < 0x20 { throw error("control character in a string") }
      if byte == UInt8(ascii: "\\") {
        scalars.append(contentsOf: try flush(bytes[start..<index]).unicodeScalars)
        index += 1
        scalars.append(try parseEscape())
        start = index
        continue
      }
      index += 1
    }
  }

  private mutating func parseEscape() throws(LayoutError) -> Unicode.Scalar {
    guard let byte = current else { throw error("unterminated escape") }
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let high = try parseHex4()
      if (0xD800..<0xDC00).contains(high) {
        guard current == UInt8(ascii: "\\") else { throw error("unpaired surrogate") }
        index += 1
        guard current == UInt8(ascii: "u") else { throw error("unpaired surrogate") }
        index += 1
        let low = try parseHex4()
        guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate") }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
      }
      guard let scalar = Unicode.Scalar(high) else { throw error("unpaired surrogate") }
      return scalar
    default: throw error("invalid escape")
    }
  }

  private mutating func parseHex4() throws(LayoutError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = current, let digit = hexValue(byte) else {
        throw error("expected four hex digits")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  private func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  private mutating func parseNumber() throws(LayoutError) -> JSONValue {
    let start = index
    func isDigit(_ byte: UInt8?) -> Bool {
      byte.map { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? false
    }
    if current == UInt8(ascii: "-") { index += 1 }
    guard isDigit(current) else { throw error("expected a digit") }
    if current == UInt8(ascii: "0") {
      index += 1
    } else {
      while isDigit(current) { index += 1 }
    }
    if current == UInt8(ascii: ".") {
      index += 1
      guard isDigit(current) else { throw error("expected a digit after '.'") }
      while isDigit(current) { index += 1 }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      index += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
      guard isDigit(current) else { throw error("expected a digit in the exponent") }
      while isDigit(current) { index += 1 }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    // Swift's Double(String) rounds correctly; a literal too large for a Double becomes inf,
    // which validation then rejects by name.
    guard let value = Double(text) else { throw error("invalid number") }
    return .number(value, text: text)
  }
}
