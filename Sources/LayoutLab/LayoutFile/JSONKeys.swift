/// The keys an object of a layout or updates file may have, in the order its errors list them.
/// Matched on their UTF-8 bytes, so reading a known key builds no string.
struct JSONKeys: Sendable {
  let names: [String]
  private let utf8: [[UInt8]]

  init(_ names: [String]) {
    precondition(names.count <= 64, "a key set is a 64-bit mask")
    self.names = names
    utf8 = names.map { Array($0.utf8) }
  }

  /// No key: every key is unknown (the content of a value that is skipped).
  static let none = JSONKeys([])

  var isEmpty: Bool { names.isEmpty }

  func index(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    for index in utf8.indices where utf8[index].count == bytes.count {
      if utf8[index].elementsEqual(bytes) { return index }
    }
    return nil
  }

  func index(of name: String) -> Int? { names.firstIndex(of: name) }

  func name(of key: JSONKey) -> String {
    switch key {
    case .known(let index): names[index]
    case .unknown(let name): name
    }
  }

  /// `field: unknown key (expected one of: …)`, the key quoted at most
  /// `LayoutLimits.maximumEchoedLength` characters long.
  func unknownKeyError(_ key: String, in path: String) -> LayoutError {
    let quoted = echoed(key)
    return LayoutError(
      field: path.isEmpty ? quoted : "\(path).\(quoted)",
      "unknown key (expected one of: \(names.joined(separator: ", ")))")
  }
}
