/// The one implementation of JSON's syntax (RFC 8259) in the lab: a cursor over UTF-8 bytes
/// that scans one token at a time. `JSONParser` builds a `JSONValue` tree with it; the layout
/// and updates file decoders read straight from it into the model, so a file's numbers never
/// pass through a tree.
///
/// Malformed JSON throws at once, naming the line and column; duplicate keys and nesting deeper
/// than `maximumDepth` are malformed too. Foundation's `JSONSerialization` cannot tell `1` from
/// `true` on Linux nor say where a document broke, and the layout file's errors must.
struct JSONScanner {
  /// Nesting deeper than this is rejected rather than risk the stack.
  static let maximumDepth = 512

  private let bytes: UnsafeBufferPointer<UInt8>
  private(set) var index = 0

  /// Runs `body` with a scanner over `bytes`: the one place the input is entered unsafely, for
  /// reads without bounds checks or reference counting in the hot loops.
  static func scanning<T>(
    _ bytes: [UInt8], _ body: (inout JSONScanner) throws(LayoutError) -> T
  ) throws(LayoutError) -> T {
    try bytes.withUnsafeBufferPointer { (buffer) throws(LayoutError) -> T in
      var scanner = JSONScanner(bytes: buffer)
      return try body(&scanner)
    }
  }

  /// `scanning` a whole file, `name`d in the error when it is larger than
  /// `LayoutLimits.maximumFileSize` (`the updates file is … bytes`).
  static func scanning<T>(
    file bytes: [UInt8], name: String, _ body: (inout JSONScanner) throws(LayoutError) -> T
  ) throws(LayoutError) -> T {
    if bytes.count > LayoutLimits.maximumFileSize {
      throw LayoutError(
        field: "",
        "the \(name) is \(bytes.count) bytes, more than the limit of \(LayoutLimits.maximumFileSize)"
      )
    }
    return try scanning(bytes, body)
  }

  private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// A malformed-JSON error at the current position.
  func error(_ problem: String) -> LayoutError {
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

  /// The byte at the cursor; 0 past the end (a 0 byte is never valid outside a string, and the
  /// places whose message differs at the end check `isAtEnd`).
  @inline(__always) var current: UInt8 { index < bytes.count ? bytes[index] : 0 }

  var isAtEnd: Bool { index >= bytes.count }

  @inline(__always) mutating func skipWhitespace() {
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
      index += 1
    }
  }

  /// After the root value: only whitespace may follow.
  mutating func finish() throws(LayoutError) {
    skipWhitespace()
    if index < bytes.count { throw error("unexpected text after the document") }
  }

  private mutating func expect(_ literal: StaticString) throws(LayoutError) {
    let text = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
    for byte in text {
      guard current == byte else { throw error("expected '\(literal)'") }
      index += 1
    }
  }

  // MARK: Values

  /// What the value at the cursor is, from its first byte; throws if no value starts there.
  mutating func valueKind(depth: Int) throws(LayoutError) -> JSONKind {
    guard depth < Self.maximumDepth else { throw error("nested too deeply") }
    guard index < bytes.count else { throw error("unexpected end of input") }
    let byte = bytes[index]
    switch byte {
    case UInt8(ascii: "{"): return .object
    case UInt8(ascii: "["): return .array
    case UInt8(ascii: "\""): return .string
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .boolean
    case UInt8(ascii: "n"): return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
    default: throw error("unexpected character '\(Character(Unicode.Scalar(byte)))'")
    }
  }

  /// `true` or `false` at the cursor.
  mutating func scanBoolean() throws(LayoutError) -> Bool {
    if current == UInt8(ascii: "t") {
      try expect("true")
      return true
    }
    try expect("false")
    return false
  }

  mutating func scanNull() throws(LayoutError) { try expect("null") }

  /// Checks the value at the cursor and moves past it, keeping nothing.
  mutating func skipValue(depth: Int) throws(LayoutError) {
    switch try valueKind(depth: depth) {
    case .object:
      var members = beginObject()
      var keys = JSONKeySet(tracking: 1_024)
      while try nextMember(&members) {
        _ = try scanKey(JSONKeys.none, into: &keys)
        try skipValue(depth: depth + 1)
      }
    case .array:
      var elements = beginArray()
      while try nextElement(&elements) { try skipValue(depth: depth + 1) }
    case .string: try skipString()
    case .number: _ = try scanNumberText()
    case .boolean: _ = try scanBoolean()
    case .null: try scanNull()
    }
  }

  // MARK: Objects and arrays

  /// Where an object or array being read is: before its first member, or after one.
  struct Container {
    fileprivate var isFirst = true
  }

  /// Moves past the `{` at the cursor.
  mutating func beginObject() -> Container {
    index += 1
    return Container()
  }

  /// Moves to the next member's key; false (past the `}`) when the object ends.
  mutating func nextMember(_ object: inout Container) throws(LayoutError) -> Bool {
    skipWhitespace()
    if object.isFirst {
      object.isFirst = false
      if current == UInt8(ascii: "}") {
        index += 1
        return false
      }
    } else {
      switch current {
      case UInt8(ascii: ","):
        index += 1
        skipWhitespace()
      case UInt8(ascii: "}"):
        index += 1
        return false
      default: throw error("expected ',' or '}' in an object")
      }
    }
    guard current == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
    return true
  }

  /// Scans the key at the cursor and the `:` after it, leaving the cursor on the value. A key
  /// among `known` is matched on its bytes, without building a string; `keys` rejects a
  /// duplicate.
  mutating func scanKey(
    _ known: JSONKeys, into keys: inout JSONKeySet
  ) throws(LayoutError) -> JSONKey {
    let key: JSONKey
    if let match = scanKnownKey(known) {
      key = .known(match)
    } else {
      let text = try scanString()
      key = known.index(of: text).map { .known($0) } ?? .unknown(text)
    }
    guard keys.insert(key) else {
      throw error("duplicate key \"\(echoed(known.name(of: key)))\"")
    }
    skipWhitespace()
    guard current == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
    index += 1
    skipWhitespace()
    return key
  }

  /// The fast path of `scanKey`: a key without escapes whose bytes are one of `known`'s.
  /// Leaves the cursor where it was when the key is anything else.
  private mutating func scanKnownKey(_ known: JSONKeys) -> Int? {
    guard !known.isEmpty else { return nil }
    let start = index + 1
    var end = start
    while end < bytes.count {
      let byte = bytes[end]
      if byte == UInt8(ascii: "\"") { break }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
      end += 1
    }
    guard end < bytes.count,
      let match = known.index(of: UnsafeBufferPointer(rebasing: bytes[start..<end]))
    else { return nil }
    index = end + 1
    return match
  }

  /// Moves past the `[` at the cursor.
  mutating func beginArray() -> Container {
    index += 1
    return Container()
  }

  /// Moves to the next element; false (past the `]`) when the array ends.
  @inline(__always)
  mutating func nextElement(_ array: inout Container) throws(LayoutError) -> Bool {
    skipWhitespace()
    if array.isFirst {
      array.isFirst = false
      if current == UInt8(ascii: "]") {
        index += 1
        return false
      }
      return true
    }
    switch current {
    case UInt8(ascii: ","):
      index += 1
      skipWhitespace()
      return true
    case UInt8(ascii: "]"):
      index += 1
      return false
    default: throw error("expected ',' or ']' in an array")
    }
  }

  // MARK: Strings

  /// Scans the string at the cursor and returns its contents.
  mutating func scanString() throws(LayoutError) -> String {
    index += 1  // opening quote
    // Most strings have no escape: they are their bytes, validated once.
    var end = index
    while end < bytes.count, bytes[end] >= 0x20, bytes[end] != UInt8(ascii: "\\") {
      if bytes[end] == UInt8(ascii: "\"") {
        let text = try validated(index..<end)
        index = end + 1
        return text
      }
      end += 1
    }
    var scalars = String.UnicodeScalarView()
    var start = index
    while true {
      guard index < bytes.count else { throw error("unterminated string") }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        scalars.append(contentsOf: try validated(start..<index).unicodeScalars)
        index += 1
        return String(scalars)
      }
      if byte < 0x20 { throw error("control character in a string") }
      if byte == UInt8(ascii: "\\") {
        scalars.append(contentsOf: try validated(start..<index).unicodeScalars)
        index += 1
        scalars.append(try scanEscape())
        start = index
        continue
      }
      index += 1
    }
  }

  /// Checks the string at the cursor and moves past it. Like `scanString`, without building
  /// the string.
  private mutating func skipString() throws(LayoutError) {
    index += 1  // opening quote
    var start = index
    while true {
      guard index < bytes.count else { throw error("unterminated string") }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        _ = try validated(start..<index)
        index += 1
        return
      }
      if byte < 0x20 { throw error("control character in a string") }
      if byte == UInt8(ascii: "\\") {
        _ = try validated(start..<index)
        index += 1
        _ = try scanEscape()
        start = index
        continue
      }
      index += 1
    }
  }

  private func validated(_ range: Range<Int>) throws(LayoutError) -> String {
    let text = UnsafeBufferPointer(rebasing: bytes[range])
    // ASCII is valid UTF-8 as it stands, and decodes on the standard library's fast path.
    if text.allSatisfy({ $0 < 0x80 }) { return String(decoding: text, as: UTF8.self) }
    guard let string = String(validating: text, as: UTF8.self) else {
      throw LayoutError(field: "", "malformed JSON: a string is not valid UTF-8")
    }
    return string
  }

  private mutating func scanEscape() throws(LayoutError) -> Unicode.Scalar {
    guard index < bytes.count else { throw error("unterminated escape") }
    let byte = bytes[index]
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
      let high = try scanHex4()
      if (0xD800..<0xDC00).contains(high) {
        guard current == UInt8(ascii: "\\") else { throw error("unpaired surrogate") }
        index += 1
        guard current == UInt8(ascii: "u") else { throw error("unpaired surrogate") }
        index += 1
        let low = try scanHex4()
        guard (0xDC00..<0xE000).contains(low),
          let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        else { throw error("unpaired surrogate") }
        return scalar
      }
      guard let scalar = Unicode.Scalar(high) else { throw error("unpaired surrogate") }
      return scalar
    default: throw error("invalid escape")
    }
  }

  private mutating func scanHex4() throws(LayoutError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      let digit: UInt32
      switch current {
      case let byte where byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"):
        digit = UInt32(byte - UInt8(ascii: "0"))
      case let byte where byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"):
        digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case let byte where byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"):
        digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw error("expected four hex digits")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  // MARK: Numbers

  /// Scans the number at the cursor and returns its value. Correctly rounded, as Swift's
  /// `Double(String)` is: exactly computed when the digits fit (below), through
  /// `Double(String)` otherwise. A literal too large for a `Double` becomes infinity, which
  /// validation then rejects by name.
  @inline(__always)
  mutating func scanNumber() throws(LayoutError) -> Double {
    let start = index
    let negative = current == UInt8(ascii: "-")
    if negative { index += 1 }
    // Clinger's fast path: a significand below 2^53 times or divided by a power of ten up to
    // 10^22 — both exact Doubles — is one correctly rounded operation. Digits past 19, or a
    // larger exponent, go the slow way.
    var significand: UInt64 = 0
    var digits = 0
    var exponent = 0
    var exact = true
    guard isDigit(current) else { throw error("expected a digit") }
    if current == UInt8(ascii: "0") {
      index += 1
    } else {
      while isDigit(current) {
        if digits < 19 {
          significand = significand &* 10 &+ UInt64(current &- UInt8(ascii: "0"))
          digits += 1
        } else {
          exact = false
        }
        index += 1
      }
    }
    if current == UInt8(ascii: ".") {
      index += 1
      guard isDigit(current) else { throw error("expected a digit after '.'") }
      while isDigit(current) {
        if digits < 19 {
          significand = significand &* 10 &+ UInt64(current &- UInt8(ascii: "0"))
          if significand != 0 { digits += 1 }
          exponent -= 1
        } else {
          exact = false
        }
        index += 1
      }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      index += 1
      var exponentIsNegative = false
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") {
        exponentIsNegative = current == UInt8(ascii: "-")
        index += 1
      }
      guard isDigit(current) else { throw error("expected a digit in the exponent") }
      var written = 0
      while isDigit(current) {
        // Capped: anything this large takes the slow path anyway.
        written = min(written * 10 + Int(current &- UInt8(ascii: "0")), 1_000_000)
        index += 1
      }
      exponent += exponentIsNegative ? -written : written
    }
    if exact, significand <= 1 << 53, exponent >= -22, exponent <= 22 {
      let magnitude =
        exponent >= 0
        ? Double(significand) * Self.powersOfTen[exponent]
        : Double(significand) / Self.powersOfTen[-exponent]
      return negative ? -magnitude : magnitude
    }
    guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
      throw error("invalid number")
    }
    return value
  }

  /// Scans the number at the cursor without computing it: its text, for skipping and for
  /// errors that quote it.
  mutating func scanNumberText() throws(LayoutError) -> Range<Int> {
    let start = index
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
    return start..<index
  }

  /// The text of `range`, as an error may quote it: at most `LayoutLimits.maximumEchoedLength`
  /// characters.
  func echoedText(_ range: Range<Int>) -> String {
    // Enough bytes for the characters shown; a literal past them is marked cut.
    let shown = range.lowerBound..<min(range.upperBound, range.lowerBound + 256)
    return echoed(String(decoding: bytes[shown], as: UTF8.self), cut: shown != range)
  }

  /// The bytes of `range` as text.
  func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

  /// Moves the cursor back to `position`, to scan a value again another way.
  mutating func rewind(to position: Int) { index = position }

  @inline(__always) private func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }

  private static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]
}
