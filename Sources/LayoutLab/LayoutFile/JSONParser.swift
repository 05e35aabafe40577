/// A strict JSON parser (RFC 8259) that builds a `JSONValue` tree, for documents read as a
/// whole — test fixtures, `bench layout`'s own output. Malformed JSON, duplicate keys and
/// deep nesting throw, naming the line and column. Layout and updates files do not come
/// through here: they are read straight into the model by the same scanner (`JSONScanner`).
public enum JSONParser {
  public static func parse(_ text: String) throws(LayoutError) -> JSONValue {
    try parse(Array(text.utf8))
  }

  public static func parse(_ bytes: [UInt8]) throws(LayoutError) -> JSONValue {
    try JSONScanner.scanning(bytes) { (scanner) throws(LayoutError) -> JSONValue in
      scanner.skipWhitespace()
      let value = try parseValue(&scanner, depth: 0)
      try scanner.finish()
      return value
    }
  }

  private static func parseValue(
    _ scanner: inout JSONScanner, depth: Int
  ) throws(LayoutError) -> JSONValue {
    switch try scanner.valueKind(depth: depth) {
    case .object:
      var members: [(key: String, value: JSONValue)] = []
      var object = scanner.beginObject()
      var keys = JSONKeySet(tracking: .max)
      while try scanner.nextMember(&object) {
        let key = JSONKeys.none.name(of: try scanner.scanKey(.none, into: &keys))
        members.append((key, try parseValue(&scanner, depth: depth + 1)))
      }
      return .object(members)
    case .array:
      var elements: [JSONValue] = []
      var array = scanner.beginArray()
      while try scanner.nextElement(&array) {
        elements.append(try parseValue(&scanner, depth: depth + 1))
      }
      return .array(elements)
    case .string: return .string(try scanner.scanString())
    case .number:
      let start = scanner.index
      let value = try scanner.scanNumber()
      return .number(value, text: scanner.text(start..<scanner.index))
    case .boolean: return .bool(try scanner.scanBoolean())
    case .null:
      try scanner.scanNull()
      return .null
    }
  }
}
