import Foundation

/// A JSON value of one layout-file field — a size, a count, a flag — read whole but bounded,
/// whatever the input holds there: its kind, a number, a string, a boolean, or an array's
/// length and first four numbers. That is all the field's checks read, so a field holding a
/// million-element array costs no more memory than one holding `[1, 2]`.
///
/// The checks throw the layout file's errors, naming the field at `path` (an autoclosure: the
/// path is only built when there is an error).
struct JSONFieldValue {
  var kind: JSONKind
  var number: Double = 0
  /// A number's text as an error quotes it (`2.5 is not a whole number`), cut to
  /// `LayoutLimits.maximumEchoedLength` characters; empty for a whole number from 0 to
  /// `LayoutLimits.maximumNumberOfItems`, which no count check quotes.
  var literal = ""
  var string = ""
  var boolean = false
  /// An array's length.
  var count = 0
  /// An array's first four elements when they are numbers.
  var numbers: (Double, Double, Double, Double) = (0, 0, 0, 0)
  /// The first of an array's first four elements that is not a number.
  var firstNonNumber: (index: Int, kind: JSONKind)?

  init(kind: JSONKind) { self.kind = kind }

  func typeError(expected: String, at path: String) -> LayoutError {
    LayoutError(field: path, "expected \(expected), found \(kind.typeDescription)")
  }

  func number(at path: @autoclosure () -> String) throws(LayoutError) -> Double {
    guard kind == .number else { throw typeError(expected: "a number", at: path()) }
    return number
  }

  func bool(at path: @autoclosure () -> String) throws(LayoutError) -> Bool {
    guard kind == .boolean else { throw typeError(expected: "true or false", at: path()) }
    return boolean
  }

  func string(at path: @autoclosure () -> String) throws(LayoutError) -> String {
    guard kind == .string else { throw typeError(expected: "a string", at: path()) }
    return string
  }

  /// A whole number from 0 to `limit`.
  func count(limit: Int, at path: @autoclosure () -> String) throws(LayoutError) -> Int {
    let number = try self.number(at: path())
    let literal = literal.isEmpty ? formatNumber(number) : literal
    guard number.isFinite, number == number.rounded() else {
      throw LayoutError(field: path(), "\(literal) is not a whole number")
    }
    if number < 0 { throw LayoutError(field: path(), "\(literal) is negative") }
    if number > Double(limit) {
      throw LayoutError(field: path(), "\(literal) is more than the limit of \(limit)")
    }
    return Int(number)
  }

  /// One of an enumeration's raw values.
  func enumeration<T: RawRepresentable & CaseIterable>(
    _: T.Type, at path: @autoclosure () -> String
  ) throws(LayoutError) -> T where T.RawValue == String {
    let text = try string(at: path())
    guard let value = T(rawValue: text) else {
      let names = T.allCases.map(\.rawValue).joined(separator: ", ")
      throw LayoutError(
        field: path(), "unknown value \"\(echoed(text))\" (expected one of: \(names))")
    }
    return value
  }

  /// `names.count` numbers in an array, named by `names` in the error when the shape is wrong.
  func numbers(
    _ names: [String], at path: @autoclosure () -> String
  ) throws(LayoutError) -> (Double, Double, Double, Double) {
    guard kind == .array, count == names.count else {
      let shape = "[\(names.joined(separator: ", "))]"
      guard kind == .array else { throw typeError(expected: shape, at: path()) }
      throw LayoutError(field: path(), "expected \(shape), found \(count) number(s)")
    }
    if let (index, kind) = firstNonNumber {
      throw LayoutError(
        field: "\(path()).\(names[index])", "expected a number, found \(kind.typeDescription)")
    }
    return numbers
  }

  func size(at path: @autoclosure () -> String) throws(LayoutError) -> CGSize {
    let n = try numbers(["width", "height"], at: path())
    return CGSize(width: n.0, height: n.1)
  }

  func point(at path: @autoclosure () -> String) throws(LayoutError) -> CGPoint {
    let n = try numbers(["x", "y"], at: path())
    return CGPoint(x: n.0, y: n.1)
  }

  func insets(at path: @autoclosure () -> String) throws(LayoutError) -> EdgeInsets {
    let n = try numbers(["top", "left", "bottom", "right"], at: path())
    return EdgeInsets(top: n.0, left: n.1, bottom: n.2, right: n.3)
  }

  /// Stores the `index`th element of an array, one of its first four.
  mutating func setNumber(_ value: Double, at index: Int) {
    switch index {
    case 0: numbers.0 = value
    case 1: numbers.1 = value
    case 2: numbers.2 = value
    default: numbers.3 = value
    }
  }
}
