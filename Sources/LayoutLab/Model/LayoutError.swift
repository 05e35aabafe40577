/// Bad input to a layout: names the offending field by its path from the root of the file the
/// way the file spells it (`sections[3].itemSizes[12].width`) and says what is wrong with it.
///
/// The path is structured: a layer that knows more of where the value came from adds to it
/// (`nested(in:)`, `source`) rather than rewriting the text, and the error is turned into one
/// line once, by `description`, where it is shown.
public struct LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
  /// One step from the root of the file to the bad value.
  public enum PathComponent: Hashable, Sendable {
    /// An object's key: `sections`, `width`.
    case key(String)
    /// An array's element: `[12]`.
    case index(Int)
  }

  /// Empty when the problem is with the file as a whole (`malformed JSON …`).
  public var path: [PathComponent]
  public var problem: String
  /// Where the path starts when that is not the layout file itself (`--updates u.json`), for
  /// the person reading the message; nil inside the library.
  public var source: String?

  public init(path: [PathComponent], _ problem: String) {
    self.path = path
    self.problem = problem
  }

  /// An error at `field`, spelled as the file spells it (`sections[3].items`). The decoder
  /// builds its paths as text, and only when it reports an error; the text is split here,
  /// once, so `field` gives it back exactly.
  public init(field: String, _ problem: String) {
    self.init(path: Self.components(field), problem)
  }

  /// The path as the file spells it: keys joined by `.`, indexes in brackets.
  public var field: String {
    var text = ""
    for (position, component) in path.enumerated() {
      switch component {
      case .key(let name): text += position == 0 ? name : ".\(name)"
      case .index(let index): text += "[\(index)]"
      }
    }
    return text
  }

  /// This error, found in the value at `prefix` (batch 2 of an updates file:
  /// `[.key("updates"), .index(2)]`).
  public func nested(in prefix: [PathComponent]) -> LayoutError {
    var error = self
    error.path = prefix + path
    return error
  }

  /// `source: field: problem` on one line: control characters from the input (a key with an
  /// escaped newline, say) are shown escaped.
  public var description: String {
    let located = [source, field].compactMap { $0 }.filter { !$0.isEmpty }
    return Self.escapingControlCharacters((located + [problem]).joined(separator: ": "))
  }

  /// `text` with control characters shown as `\u{a}`, so a message stays on one line.
  public static func escapingControlCharacters(_ text: String) -> String {
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

  /// `field` split into keys and indexes, such that `field` joins them back into the same
  /// text. A key from the input may hold any character: brackets that are not followed by the
  /// end or a `.` stay part of their key.
  private static func components(_ field: String) -> [PathComponent] {
    let characters = Array(field)
    var components: [PathComponent] = []
    var key: String? = ""  // the key being read; nil right after indexes
    var position = 0
    while position < characters.count {
      let character = characters[position]
      if character == "[", let (indexes, next) = indexRun(characters, from: position) {
        // An empty first key is not written: the path starts with an index.
        if let key, !(key.isEmpty && components.isEmpty) { components.append(.key(key)) }
        components += indexes.map { .index($0) }
        key = nil
        position = next
      } else if character == "." {
        if let key { components.append(.key(key)) }
        key = ""
        position += 1
      } else {
        key = (key ?? "") + String(character)
        position += 1
      }
    }
    if let key, !(key.isEmpty && components.isEmpty) { components.append(.key(key)) }
    return components
  }

  /// The indexes of `[1][2]` at `start`, and the position after them, if they are followed by
  /// the end or a `.`.
  private static func indexRun(
    _ characters: [Character], from start: Int
  ) -> (indexes: [Int], next: Int)? {
    var indexes: [Int] = []
    var position = start
    while position < characters.count, characters[position] == "[" {
      var digits = ""
      position += 1
      while position < characters.count, characters[position] != "]" {
        digits.append(characters[position])
        position += 1
      }
      guard position < characters.count, !digits.isEmpty,
        digits.allSatisfy({ $0.isASCII && $0.isNumber }), digits == "0" || digits.first != "0",
        let index = Int(digits)
      else { return nil }
      indexes.append(index)
      position += 1
    }
    guard position == characters.count || characters[position] == "." else { return nil }
    return (indexes, position)
  }
}
