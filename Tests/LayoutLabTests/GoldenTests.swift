import Foundation
import LayoutLab
import TestFixtures
import Testing

/// The golden layouts the package carries (`Tests/Fixtures/Golden/`): every strategy must print
/// exactly `NAME.expected.json` (frames within 1e-9) for `NAME.spec.json`.
@Suite("Golden layouts")
struct GoldenTests {
  @Test("the golden fixtures are there and hold every case")
  func goldenFixturesHoldCases() {
    // Missing fixtures fail loudly here, naming the path, rather than pass with zero cases.
    if let problem = GoldenFixtures.problem { Issue.record(Comment(rawValue: problem)) }
  }

  @Test(
    "every golden layout, every strategy", arguments: GoldenFixtures.caseNames,
    FlowStrategies.all.map { $0.strategyName })
  func goldenLayout(name: String, strategy: String) throws {
    let spec = try GoldenFixtures.read("\(name).spec.json")
    let expected = try ExpectedLayout(try GoldenFixtures.read("\(name).expected.json"))
    var layout = try FlowStrategies.make(
      try #require(FlowStrategies.named(strategy)),
      model: try #require(LayoutFile.decode(spec).flowModel))
    layout.prepare()
    expectClose(layout.collectionViewContentSize, expected.contentSize, "\(name) contentSize")
    let elements = try #require(expected.elements.first, "\(name).expected.json has no elements")
    expectSameElements(layout.layoutAttributesForAllElements(), elements, "\(name)")
  }

  @Test(
    "golden 17's rect queries, every strategy",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func goldenRectQueries(strategy: String) throws {
    let spec = try GoldenFixtures.read("17-per-section-overrides.spec.json")
    let expected = try ExpectedLayout(
      try GoldenFixtures.read("17-per-section-overrides.rects.expected.json"))
    var layout = try FlowStrategies.make(
      try #require(FlowStrategies.named(strategy)),
      model: try #require(LayoutFile.decode(spec).flowModel))
    layout.prepare()
    #expect(expected.rects.count == 2)
    for (rect, elements) in zip(expected.rects, expected.elements) {
      expectSameElements(layout.layoutAttributesForElements(in: rect), elements, "rect \(rect)")
    }
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
        let n = try Self.numbers(value, count: 2)
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
          let n = try Self.numbers(rect, count: 4)
          rects.append(CGRect(x: n[0], y: n[1], width: n[2], height: n[3]))
          elements.append(try Self.elements(list))
        }
      default: throw Malformed()
      }
    }
  }

  struct Malformed: Error {}

  /// Exactly `count` numbers, so the indexing that follows cannot trap on a broken fixture.
  static func numbers(_ value: JSONValue, count: Int) throws -> [Double] {
    guard case .array(let items) = value, items.count == count else { throw Malformed() }
    return try items.map { item in
      guard case .number(let number, _) = item else { throw Malformed() }
      return number
    }
  }

  static func integer(_ value: JSONValue) throws -> Int {
    guard case .number(let number, _) = value, let integer = Int(exactly: number) else {
      throw Malformed()
    }
    return integer
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
      let section = try integer(try field("section"))
      let item = try integer(try field("item"))
      let frame = try numbers(try field("frame"), count: 4)
      let zIndex = try integer(try field("zIndex"))
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
