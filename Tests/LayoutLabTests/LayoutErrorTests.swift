import LayoutLab
import Testing

/// `LayoutError`'s path: structured, spelled back exactly as the file spells it, extended by
/// the layers that know more of where a value came from, and shown once, on one line.
@Suite("Layout error paths")
struct LayoutErrorTests {
  @Test("a field splits into keys and indexes")
  func fieldSplits() {
    let error = LayoutError(field: "sections[3].itemSizes[12].width", "-4 is negative")
    #expect(
      error.path == [.key("sections"), .index(3), .key("itemSizes"), .index(12), .key("width")])
    #expect(error.description == "sections[3].itemSizes[12].width: -4 is negative")
    #expect(LayoutError(field: "", "malformed JSON").path.isEmpty)
    #expect(LayoutError(field: "[2]", "x").path == [.index(2)])
  }

  @Test(
    "any field text is spelled back exactly, keys from the input included",
    arguments: [
      "", "a", "a.b", "a[0]", "a[0][1].b", "[0]", "[0].a", ".a", "a.", "a..b", "a.[0]", "a[x]",
      "a[01]", "a[0]b", "a[0][x]", "a[", "a]", "a[]", "a[0", "sections[0].k[1].v", "a[-1]",
      "a[99999999999999999999]", "é.ü[3]", "a\nb[1]",
    ])
  func fieldRoundTrips(_ field: String) {
    #expect(LayoutError(field: field, "p").field == field)
  }

  @Test("nesting and a source place the error; it is rendered once, on one line")
  func nestingAndSource() {
    var error = LayoutError(path: [.key("deleteItems"), .index(0)], "[0, 3] does not exist")
      .nested(in: [.key("updates"), .index(1)])
    #expect(error.field == "updates[1].deleteItems[0]")
    error.source = "--updates u.json"
    #expect(
      error.description == "--updates u.json: updates[1].deleteItems[0]: [0, 3] does not exist")
    let control = LayoutError(field: "a\nb", "bad\u{7F}")
    #expect(control.description == "a\\u{a}b: bad\\u{7f}")
  }
}
