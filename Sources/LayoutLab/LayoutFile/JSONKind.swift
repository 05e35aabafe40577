/// What a JSON value is, as its first byte tells.
enum JSONKind {
  case object, array, string, number, boolean, null

  /// For error messages: "a string", "an array", …
  var typeDescription: String {
    switch self {
    case .null: "null"
    case .boolean: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
