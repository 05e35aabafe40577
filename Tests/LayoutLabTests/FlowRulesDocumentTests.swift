import Foundation
import Testing

/// `docs/FlowRules.md` is where a rule id in a comment or a test name leads: every rule has a
/// heading of its own there, and every rule id the package cites (sub-rules such as `12a`
/// included) can be found in it.
@Suite("docs/FlowRules.md")
struct FlowRulesDocumentTests {
  /// The rules are numbered from 1 to 28.
  static let ruleNumbers = 1...28
  /// The folders whose Swift and C files are scanned for rule ids.
  static let citingFolders = ["Sources", "Benchmarks", "Tests"]

  @Test("every rule has a heading, and every rule id the code cites is in the document")
  func documentCoversEveryRule() {
    guard let root = Self.packageRoot() else {
      Issue.record("no Package.swift found in any folder above \(#filePath)")
      return
    }
    let path = root.appendingPathComponent("docs/FlowRules.md").path
    guard let document = try? String(contentsOfFile: path, encoding: .utf8) else {
      Issue.record("\(path) is missing or unreadable: it documents the FLOW rules the code cites")
      return
    }

    let headings = document.split(separator: "\n").filter { $0.hasPrefix("#") }
    for number in Self.ruleNumbers {
      let id = "FLOW-\(number)"
      if !headings.contains(where: { Self.contains($0, id, unlessFollowedBy: Self.isDigit) }) {
        Issue.record("\(path) has no heading line for \(id)")
      }
    }

    let citations = Self.citedRuleIDs(under: root)
    if citations.isEmpty {
      Issue.record("no rule id found in \(Self.citingFolders) under \(root.path)")
    }
    for (id, file) in citations
    where !Self.contains(document[...], id, unlessFollowedBy: Self.isDigitOrLetter) {
      Issue.record("\(path) does not mention \(id), which \(file) cites")
    }
  }

  /// The package root: the nearest folder above this file that holds `Package.swift`.
  static func packageRoot() -> URL? {
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while folder.path != "/" && !folder.path.isEmpty {
      let manifest = folder.appendingPathComponent("Package.swift").path
      if FileManager.default.fileExists(atPath: manifest) { return folder }
      folder = folder.deletingLastPathComponent()
    }
    return nil
  }

  /// Every rule id cited in the Swift and C files of `citingFolders`, sorted, with the first
  /// file (relative to `root`) that cites it.
  static func citedRuleIDs(under root: URL) -> [(id: String, file: String)] {
    var firstCitation: [String: String] = [:]
    for folder in citingFolders {
      let base = root.appendingPathComponent(folder)
      guard let files = FileManager.default.enumerator(atPath: base.path) else { continue }
      for case let file as String in files where file.hasSuffix(".swift") || file.hasSuffix(".c") {
        let url = base.appendingPathComponent(file)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
        for id in ruleIDs(in: text) where firstCitation[id] == nil {
          firstCitation[id] = "\(folder)/\(file)"
        }
      }
    }
    return firstCitation.sorted { $0.key < $1.key }.map { (id: $0.key, file: $0.value) }
  }

  /// The rule ids in `text`: `FLOW-`, one or more digits, and at most one lowercase letter
  /// (what `grep -oE "FLOW-[0-9]+[a-z]?"` finds).
  static func ruleIDs(in text: String) -> Set<String> {
    var ids = Set<String>()
    var rest = text[...]
    while let prefix = rest.range(of: "FLOW-") {
      var end = prefix.upperBound
      while end < rest.endIndex && isDigit(rest[end]) { end = rest.index(after: end) }
      if end > prefix.upperBound {
        if end < rest.endIndex && ("a"..."z").contains(rest[end]) {
          end = rest.index(after: end)
        }
        ids.insert(String(rest[prefix.lowerBound..<end]))
      }
      rest = rest[prefix.upperBound...]
    }
    return ids
  }

  /// Whether `text` holds `id` followed by the end of the text or by a character `continues`
  /// rejects, so that `FLOW-1` is not found inside `FLOW-12`.
  static func contains(
    _ text: Substring, _ id: String, unlessFollowedBy continues: (Character) -> Bool
  ) -> Bool {
    var rest = text
    while let found = rest.range(of: id) {
      if found.upperBound == rest.endIndex || !continues(rest[found.upperBound]) { return true }
      rest = rest[found.upperBound...]
    }
    return false
  }

  static func isDigit(_ character: Character) -> Bool { ("0"..."9").contains(character) }

  static func isDigitOrLetter(_ character: Character) -> Bool {
    isDigit(character) || ("a"..."z").contains(character) || ("A"..."Z").contains(character)
  }
}
