import Foundation
import LayoutLab
import Testing

/// The golden layouts of `../shared/golden/`: every strategy must print exactly
/// `NAME.expected.json` (frames within 1e-9) for `NAME.spec.json`.
@Suite("Golden layouts")
struct GoldenTests {
  static let goldenDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("shared/golden")

  static var caseNames: [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: goldenDirectory.path)) ?? []
    return files.filter { $0.hasSuffix(".spec.json") }.map {
      String($0.dropLast(".spec.json".count))
    }
    .sorted()
  }

  @Test("the golden directory is there and holds cases")
  func goldenDirectoryHoldsCases() {
    // A missing ../shared/golden must fail loudly, not pass with zero cases.
    #expect(Self.caseNames.count >= 18, "no golden cases found in \(Self.goldenDirectory.path)")
  }

  @Test(
    "every golden layout, every strategy", arguments: caseNames,
    FlowStrategies.all.map { $0.strategyName })
  func goldenLayout(name: String, strategy: String) throws {
    let spec = try Self.read("\(name).spec.json")
    let expected = try ExpectedLayout(try Self.read("\(name).expected.json"))
    var layout = try FlowStrategies.make(
      FlowStrategies.named(strategy)!, model: try #require(LayoutFile.decode(spec).flowModel))
    layout.prepare()
    expectClose(layout.collectionViewContentSize, expected.contentSize, "\(name) contentSize")
    expectSameElements(layout.layoutAttributesForAllElements(), expected.elements[0], "\(name)")
  }

  @Test(
    "golden 17's rect queries, every strategy",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func goldenRectQueries(strategy: String) throws {
    let spec = try Self.read("17-per-section-overrides.spec.json")
    let expected = try ExpectedLayout(try Self.read("17-per-section-overrides.rects.expected.json"))
    var layout = try FlowStrategies.make(
      FlowStrategies.named(strategy)!, model: try #require(LayoutFile.decode(spec).flowModel))
    layout.prepare()
    #expect(expected.rects.count == 2)
    for (rect, elements) in zip(expected.rects, expected.elements) {
      expectSameElements(layout.layoutAttributesForElements(in: rect), elements, "rect \(rect)")
    }
  }

  static func read(_ file: String) throws -> String {
    try String(contentsOf: goldenDirectory.appendingPathComponent(file), encoding: .utf8)
  }
}

/// An expected-output file (`{"contentSize", "elements"}` or `{"contentSize", "queries"}`).
struct ExpectedLayout {
  var contentSize = CGSize.zero
  var rects: [CGRect] = []
  /// The full dump, or one list per query.
  var elements: [[LayoutAttributes]] = []

  init(_ text: String) throws {
    guard case .object(let root) = try JSONParser.parse(text) else { throw Malformed() }
    for (key, value) in root {
      switch key {
      case "contentSize":
        let n = try Self.numbers(value)
        contentSize = CGSize(width: n[0], height: n[1])
      case "elements":
        elements = [try Self.elements(value)]
      case "queries":
        guard case .array(let queries) = value else { throw Malformed() }
        for query in queries {
          guard case .object(let fields) = query,
            let rect = fields.first(where: { $0.key == "rect" })?.value,
            let list = fields.first(where: { $0.key == "elements" })?.value
          else { throw Malformed() }
          let n = try Self.numbers(rect)
          rects.append(CGRect(x: n[0], y: n[1], width: n[2], height: n[3]))
          elements.append(try Self.elements(list))
        }
      default: throw Malformed()
      }
    }
  }

  struct Malformed: Error {}

  static func numbers(_ value: JSONValue) throws -> [Double] {
    guard case .array(let items) = value else { throw Malformed() }
    return try items.map { item in
      guard case .number(let number, _) = item else { throw Malformed() }
      return number
    }
  }

  static func elements(_ value: JSONValue) throws -> [LayoutAttributes] {
    guard case .array(let items) = value else { throw Malformed() }
    return try items.map { item in
      guard case .object(let fields) = item else { throw Malformed() }
      func field(_ key: String) throws -> JSONValue {
        guard let value = fields.first(where: { $0.key == key })?.value else { throw Malformed() }
        return value
      }
      guard case .string(let kindName) = try field("kind"),
        let kind = ElementKind(rawValue: kindName)
      else { throw Malformed() }
      let section = Int(try numbers(.array([try field("section")]))[0])
      let item = Int(try numbers(.array([try field("item")]))[0])
      let frame = try numbers(try field("frame"))
      let zIndex = Int(try numbers(.array([try field("zIndex")]))[0])
      return LayoutAttributes(
        kind: kind, indexPath: LayoutIndexPath(item: item, section: section),
        frame: CGRect(x: frame[0], y: frame[1], width: frame[2], height: frame[3]), zIndex: zIndex)
    }
  }
}

/// Sizes equal within 1e-9.
func expectClose(
  _ actual: CGSize, _ expected: CGSize, _ context: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(
    abs(actual.width - expected.width) <= 1e-9 && abs(actual.height - expected.height) <= 1e-9,
    "\(context): \(actual) != \(expected)", sourceLocation: sourceLocation)
}

/// The same elements in the same order: kinds, index paths and zIndexes equal, frames within
/// 1e-9. Reports the first difference only, so one slip does not bury the output.
func expectSameElements(
  _ actual: [LayoutAttributes], _ expected: [LayoutAttributes], _ context: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  for index in 0..<max(actual.count, expected.count) {
    let got = index < actual.count ? actual[index] : nil
    let want = index < expected.count ? expected[index] : nil
    guard let got, let want else {
      Issue.record(
        "\(context): element \(index): got \(String(describing: got)), expected \(String(describing: want))",
        sourceLocation: sourceLocation)
      return
    }
    let close =
      abs(got.frame.minX - want.frame.minX) <= 1e-9 && abs(got.frame.minY - want.frame.minY) <= 1e-9
      && abs(got.frame.width - want.frame.width) <= 1e-9
      && abs(got.frame.height - want.frame.height) <= 1e-9
    if got.kind != want.kind || got.indexPath != want.indexPath || got.zIndex != want.zIndex
      || !close
    {
      let message: String =
        "\(context): element \(index): got \(got.kind) \(got.indexPath) \(got.frame) z\(got.zIndex), "
        + "expected \(want.kind) \(want.indexPath) \(want.frame) z\(want.zIndex)"
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
      return
    }
  }
}
