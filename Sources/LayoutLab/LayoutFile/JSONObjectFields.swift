/// A small object as `JSONScanner.readObjectFields` read it: the value of each key it knows,
/// and the order its keys came in up to the first unknown one — enough to report, as the
/// layout file always has, the first key (in document order) that a kind of object does not
/// take, then its fields' errors in their fixed order.
struct JSONObjectFields {
  /// `.object`, or the kind of value found instead.
  let kind: JSONKind
  let keys: JSONKeys
  var values: [JSONFieldValue?]
  /// Known keys in document order, until the first unknown one.
  private var order: [Int] = []
  private var firstUnknown: String?

  init(kind: JSONKind, keys: JSONKeys) {
    self.kind = kind
    self.keys = keys
    values = Array(repeating: nil, count: keys.names.count)
  }

  mutating func record(_ key: JSONKey) {
    guard firstUnknown == nil else { return }
    switch key {
    case .known(let index): order.append(index)
    case .unknown(let name): firstUnknown = name
    }
  }

  subscript(name: String) -> JSONFieldValue? {
    guard let index = keys.index(of: name) else { preconditionFailure("no key \(name)") }
    return values[index]
  }

  /// Checks that the value is an object whose keys are all in `allowed` (the first one that
  /// is not, in document order, is named).
  func check(allowed: JSONKeys, at path: String) throws(LayoutError) {
    guard kind == .object else {
      throw LayoutError(field: path, "expected an object, found \(kind.typeDescription)")
    }
    for index in order where allowed.index(of: keys.names[index]) == nil {
      throw allowed.unknownKeyError(keys.names[index], in: path)
    }
    if let firstUnknown { throw allowed.unknownKeyError(firstUnknown, in: path) }
  }

  /// The value of `name`, which must be there.
  func required(_ name: String, at path: String) throws(LayoutError) -> JSONFieldValue {
    guard let value = self[name] else {
      throw LayoutError(field: path.isEmpty ? name : "\(path).\(name)", "is required")
    }
    return value
  }
}
