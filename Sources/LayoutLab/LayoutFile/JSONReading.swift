import Foundation

/// Reads a JSON value as a layout-file field, naming the field in every error.
struct JSONField {
  let value: JSONValue
  /// The field's path as the layout file spells it: `sections[3].itemSizes[12]`.
  let path: String

  func error(_ problem: String) -> LayoutError { LayoutError(field: path, problem) }

  func typeError(expected: String) -> LayoutError {
    error("expected \(expected), found \(value.typeDescription)")
  }

  /// The members of an object, rejecting keys not in `known`.
  func object(knownKeys known: [String]) throws(LayoutError) -> JSONObjectFields {
    guard case .object(let members) = value else { throw typeError(expected: "an object") }
    for member in members where !known.contains(member.key) {
      throw LayoutError(
        field: child(member.key), "unknown key (expected one of: \(known.joined(separator: ", ")))")
    }
    return JSONObjectFields(members: members, path: path)
  }

  func array() throws(LayoutError) -> [JSONField] {
    guard case .array(let elements) = value else { throw typeError(expected: "an array") }
    return elements.enumerated().map { JSONField(value: $1, path: "\(path)[\($0)]") }
  }

  func number() throws(LayoutError) -> Double {
    guard case .number(let number, _) = value else { throw typeError(expected: "a number") }
    return number
  }

  func bool() throws(LayoutError) -> Bool {
    guard case .bool(let flag) = value else { throw typeError(expected: "true or false") }
    return flag
  }

  func string() throws(LayoutError) -> String {
    guard case .string(let text) = value else { throw typeError(expected: "a string") }
    return text
  }

  /// A whole number from 0 to `limit`.
  func count(limit: Int) throws(LayoutError) -> Int {
    let number = try self.number()
    guard number.isFinite, number == number.rounded() else {
      throw error("\(numberText) is not a whole number")
    }
    if number < 0 { throw error("\(numberText) is negative") }
    if number > Double(limit) { throw error("\(numberText) is more than the limit of \(limit)") }
    return Int(number)
  }

  /// One of an enumeration's raw values.
  func enumeration<T: RawRepresentable & CaseIterable>(
    _: T.Type
  ) throws(LayoutError) -> T where T.RawValue == String {
    let text = try string()
    guard let value = T(rawValue: text) else {
      let names = T.allCases.map(\.rawValue).joined(separator: ", ")
      throw error("unknown value \"\(text)\" (expected one of: \(names))")
    }
    return value
  }

  /// `count` numbers in an array, named by `names` in the error when the shape is wrong.
  func numbers(_ names: [String]) throws(LayoutError) -> [Double] {
    let shape = "[\(names.joined(separator: ", "))]"
    guard case .array(let elements) = value else { throw typeError(expected: shape) }
    guard elements.count == names.count else {
      throw error("expected \(shape), found \(elements.count) number(s)")
    }
    var numbers: [Double] = []
    for (index, element) in elements.enumerated() {
      guard case .number(let number, _) = element else {
        throw LayoutError(
          field: "\(path).\(names[index])", "expected a number, found \(element.typeDescription)")
      }
      numbers.append(number)
    }
    return numbers
  }

  func size() throws(LayoutError) -> CGSize {
    let n = try numbers(["width", "height"])
    return CGSize(width: n[0], height: n[1])
  }

  func point() throws(LayoutError) -> CGPoint {
    let n = try numbers(["x", "y"])
    return CGPoint(x: n[0], y: n[1])
  }

  func insets() throws(LayoutError) -> EdgeInsets {
    let n = try numbers(["top", "left", "bottom", "right"])
    return EdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
  }

  func rect() throws(LayoutError) -> CGRect {
    let n = try numbers(["x", "y", "width", "height"])
    return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
  }

  func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

  private var numberText: String {
    if case .number(_, let text) = value { return text }
    return "\(value)"
  }
}

/// The members of a JSON object, read by key.
struct JSONObjectFields {
  let members: [(key: String, value: JSONValue)]
  let path: String

  subscript(key: String) -> JSONField? {
    guard let member = members.first(where: { $0.key == key }) else { return nil }
    return JSONField(value: member.value, path: path.isEmpty ? key : "\(path).\(key)")
  }

  func required(_ key: String) throws(LayoutError) -> JSONField {
    guard let field = self[key] else {
      throw LayoutError(field: path.isEmpty ? key : "\(path).\(key)", "is required")
    }
    return field
  }

  func has(_ key: String) -> Bool { members.contains { $0.key == key } }
}
