import BenchmarkDatasets
import Foundation
import LayoutLab
import Testing

/// The one-pass layout file decoder: numbers exactly as `Double(String)` reads them, any key
/// order, errors in the format's order whatever the key order, and the limits that keep a file
/// from exhausting the machine (README, "Limits").
@Suite("Layout file decoding")
struct LayoutFileDecodingTests {
  static let screen = #""collectionView": {"size": [390, 844]}"#

  /// The error `text` is rejected with, or nil.
  static func rejection(_ text: String) -> String? {
    do {
      _ = try LayoutFile.decode(text)
      return nil
    } catch {
      return error.description
    }
  }

  @Test("numbers decode to exactly the Double that Double(String) reads, on 20,000 literals")
  func numbersAreCorrectlyRounded() throws {
    var literals = [
      "0", "-0", "0.0", "-0.0", "1", "-1", "0.1", "0.30000000000000004", "1e22", "1e23", "1e-22",
      "1e-23", "9007199254740992", "9007199254740993", "9007199254740991.5", "1234567890123456789",
      "12345678901234567890", "0.0000000000000000000001", "4.9406564584124654e-324", "1e-400",
      "2.2250738585072011e-308", "1.7976931348623157e308", "1.7976931348623159e308", "1e999",
      "123456789012345678901234567890e-20", "0e500", "-0e-500", "82.66666666666667",
      "3.141592653589793238462643383279", "100.0", "1E2", "1e+2", "1.5e-0",
    ]
    var random = SplitMix64(seed: 0xD1_6175)
    for _ in 0..<20_000 {
      var text = random.nextInt(in: 0...1) == 0 ? "" : "-"
      text += String(random.nextInt(in: 1...9))
      text += String(repeating: "7", count: random.nextInt(in: 0...21))
      if random.nextInt(in: 0...1) == 0 {
        text += "." + String(random.nextInt(in: 0...Int(Int32.max)))
      }
      if random.nextInt(in: 0...2) == 0 { text += "e" + String(random.nextInt(in: -30...30)) }
      literals.append(text)
    }
    let document = try JSONParser.parse("[" + literals.joined(separator: ", ") + "]")
    guard case .array(let values) = document else {
      Issue.record("not an array")
      return
    }
    #expect(values.count == literals.count)
    for (literal, value) in zip(literals, values) {
      guard case .number(let number, let text) = value, let expected = Double(literal) else {
        Issue.record("\(literal): \(value)")
        continue
      }
      #expect(text == literal)
      #expect(number.bitPattern == expected.bitPattern, "\(literal): \(number) != \(expected)")
    }
  }

  @Test("the keys may come in any order: layout after sections, kind last")
  func keysInAnyOrder() throws {
    let ordered = try LayoutFile.decode(
      #"{"collectionView": {"size": [390, 844], "scale": 2}, "layout": {"kind": "flow", "itemSize": [20, 30]}, "sections": [{"items": 3, "itemSize": [5, 6]}, {"itemSizes": [[1, 2], [3.5, 4]], "minimumLineSpacing": 2}]}"#
    )
    let shuffled = try LayoutFile.decode(
      #"{"sections": [{"itemSize": [5, 6], "items": 3}, {"minimumLineSpacing": 2, "itemSizes": [ [1,2] , [ 3.5 , 4 ] ]}], "layout": {"itemSize": [20, 30], "kind": "flow"}, "collectionView": {"scale": 2, "size": [390, 844]}}"#
    )
    #expect(ordered == shuffled)
    #expect(
      ordered.flowModel?.sections[1].itemSizing
        == .perItem([CGSize(width: 1, height: 2), CGSize(width: 3.5, height: 4)]))
    let mosaic = try LayoutFile.decode(
      #"{"sections": [{"items": 4}], "layout": {"kind": "mosaic"}, "collectionView": {"size": [390, 844]}}"#
    )
    #expect(mosaic.content.kind == .mosaic)
  }

  @Test("with several errors, the one reported is the one the format has always reported first")
  func errorsInTheFormatsOrder() {
    let cases: [(String, String)] = [
      // Malformed JSON anywhere beats everything.
      (#"{"a": 1, "sections": [{"colour": 1}], "b": 01}"#, "malformed JSON at line 1, column 45"),
      (#"{"sections": [{"items": 1, "items": 2}], "zzz": 1}"#, "duplicate key \"items\""),
      // The root's unknown keys, then collectionView, then layout.kind, then layout, then sections.
      (
        #"{"sections": [{"colour": 1}], "layout": {"kind": 3}, "collectionView": {"sizee": 1}, "zzz": 1}"#,
        "zzz: unknown key"
      ),
      (
        #"{"sections": [{"colour": 1}], "layout": {"kind": 3}, "collectionView": {"sizee": 1}}"#,
        "collectionView.sizee: unknown key"
      ),
      (
        #"{"sections": [{"colour": 1}], "layout": {"itemSize": 1, "kind": 3}, "collectionView": {"size": [1, 2]}}"#,
        "layout.kind: expected a string, found a number"
      ),
      (
        #"{"sections": [{"colour": 1}], "layout": {"itemSize": 1}, "collectionView": {"size": [1, 2]}}"#,
        "layout.itemSize: expected [width, height], found a number"
      ),
      // A layout key of another kind is unknown, in document order.
      (
        #"{"sections": [], "layout": {"itemSize": [1, 1], "cellHeight": 2, "kind": "mosaic"}, "collectionView": {"size": [1, 2]}}"#,
        "layout.itemSize: unknown key (expected one of: kind)"
      ),
      // Within a section: unknown keys, then items with itemSizes, then the sizes, then the rest.
      (
        #"{"collectionView": {"size": [1, 2]}, "sections": [{"sectionInset": 1, "itemSizes": [[1]], "items": 2, "x": 0}]}"#,
        "sections[0].x: unknown key"
      ),
      (
        #"{"collectionView": {"size": [1, 2]}, "sections": [{"sectionInset": 1, "itemSizes": [[1]], "items": 2}]}"#,
        "sections[0].itemSizes: cannot be combined with items"
      ),
      (
        #"{"collectionView": {"size": [1, 2]}, "sections": [{"sectionInset": 1, "itemSizes": [[1, 1], [1]]}]}"#,
        "sections[0].itemSizes[1]: expected [width, height], found 1 number(s)"
      ),
      // Every section is read before any value is validated (FLOW-28 comes last).
      (
        #"{"collectionView": {"size": [1, 2]}, "sections": [{"itemSizes": [[-1, 1]]}, {"items": "x"}]}"#,
        "sections[1].items: expected a number, found a string"
      ),
      (
        #"{"collectionView": {"size": [-1, 2]}, "sections": [{"itemSizes": [[-1, 1]]}]}"#,
        "collectionView.size.width: -1 is negative"
      ),
      // Past the item limit, later sections are still read for errors.
      (
        #"{"collectionView": {"size": [1, 2]}, "sections": [{"items": 6000000}, {"items": 6000000}, {"items": 1.5}]}"#,
        "sections[2].items: 1.5 is not a whole number"
      ),
      (
        #"{"collectionView": {"size": [1, 2]}, "sections": [{"items": 6000000}, {"items": 6000000}, {"items": 1}]}"#,
        "sections[1]: the layout holds more than 10000000 items"
      ),
      (
        #"{"collectionView": {"size": [1, 2]}, "layout": {"kind": "mosaic"}, "sections": [{"items": 1, "itemSizes": 3}]}"#,
        "sections[0].itemSizes: unknown key (expected one of: items)"
      ),
    ]
    for (text, expected) in cases {
      let error = Self.rejection(text)
      #expect(error?.contains(expected) == true, "\(text): \(error ?? "accepted")")
    }
  }

  @Test("a literal an error quotes is cut to 40 characters and …")
  func longLiteralsAreCut() throws {
    let digits = "2." + String(repeating: "5", count: 100_000)
    let number = try #require(
      Self.rejection(#"{\#(Self.screen), "sections": [{"items": \#(digits)}]}"#))
    #expect(number == "sections[0].items: \(digits.prefix(40))… is not a whole number")

    let key = String(repeating: "k", count: 100_000)
    let unknown = try #require(Self.rejection(#"{\#(Self.screen), "sections": [], "\#(key)": 1}"#))
    #expect(unknown.hasPrefix("\(key.prefix(40))…: unknown key (expected one of:"))
    #expect(unknown.count < 200)

    let duplicate = try #require(
      Self.rejection(#"{\#(Self.screen), "sections": [], "\#(key)": 1, "\#(key)": 2}"#))
    #expect(duplicate.hasSuffix("duplicate key \"\(key.prefix(40))…\""))

    let value = try #require(
      Self.rejection(
        #"{\#(Self.screen), "layout": {"scrollDirection": "\#(key)"}, "sections": []}"#))
    #expect(value.hasPrefix("layout.scrollDirection: unknown value \"\(key.prefix(40))…\""))
    #expect(value.count < 200)
  }

  @Test("at most 1,000,000 sections: one more is rejected naming sections")
  func sectionLimit() throws {
    let limit = LayoutLimits.maximumNumberOfSections
    func file(sections: Int) -> String {
      #"{\#(Self.screen), "sections": ["#
        + String(repeating: #"{"items": 0}, "#, count: sections - 1) + #"{"items": 0}]}"#
    }
    let atLimit = try LayoutFile.decode(file(sections: limit))
    #expect(atLimit.flowModel?.sections.count == limit)
    #expect(
      Self.rejection(file(sections: limit + 1))
        == "sections: more than the limit of \(limit) sections")
    // Models built in code are held to the same limit.
    var model = try #require(atLimit.flowModel)
    model.sections.append(FlowSection(items: 1))
    #expect(throws: LayoutError(field: "sections", "more than the limit of \(limit) sections")) {
      try model.validate()
    }
  }

  @Test("an item size of the wrong shape is reported before an earlier item's negative width")
  func shapeBeforeValues() {
    let error = Self.rejection(
      #"{\#(Self.screen), "sections": [{"itemSizes": [[1, 1], [-1, 1], [1]]}]}"#)
    #expect(error == "sections[0].itemSizes[2]: expected [width, height], found 1 number(s)")
  }
}
