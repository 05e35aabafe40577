import BenchCLI
import Foundation
import Testing

/// Bad input to `bench layout` (docs/LayoutFileFormat.md): a one-line error on standard error that names
/// the offending field, exit status 2, nothing at all on standard output.
@Suite("bench layout: bad input")
struct LayoutCommandBadInputTests {
  static let valid = #"{"collectionView": {"size": [320, 480]}, "sections": [{"items": 3}]}"#

  /// Runs `bench layout` on `spec` and checks the error contract; returns the message.
  @discardableResult
  func expectRejected(
    _ spec: String, arguments: [String] = [], naming expected: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> String {
    let run = CapturingIO.run(["layout"] + arguments + ["spec.json"], files: ["spec.json": spec])
    #expect(run.status == .badInput, "exit status for \(spec)", sourceLocation: sourceLocation)
    #expect(run.output.isEmpty, "no partial output", sourceLocation: sourceLocation)
    #expect(run.error.hasSuffix("\n"), sourceLocation: sourceLocation)
    #expect(
      run.error.filter { $0 == "\n" }.count == 1, "one line: \(run.error)",
      sourceLocation: sourceLocation)
    #expect(
      run.error.contains(expected), "'\(run.error)' should contain '\(expected)'",
      sourceLocation: sourceLocation)
    return run.error
  }

  @Test("the valid file used below is accepted")
  func validFileIsAccepted() {
    let run = CapturingIO.run(["layout", "spec.json"], files: ["spec.json": Self.valid])
    #expect(run.status == .success)
    #expect(run.error.isEmpty)
    #expect(run.output.contains("\"contentSize\": [320.0, 50.0]"))
  }

  @Test("malformed JSON names the line and column")
  func malformedJSON() {
    expectRejected(#"{"collectionView": {"size": [320, 480]},"#, naming: "malformed JSON at line 1")
    expectRejected("{\n\"sections\": [}\n", naming: "malformed JSON at line 2, column 14")
    expectRejected("", naming: "malformed JSON")
    expectRejected(#"{"sections": [], "sections": []}"#, naming: "duplicate key \"sections\"")
    expectRejected(#"{"a": 01}"#, naming: "malformed JSON")
  }

  @Test("an unknown key is named with its path")
  func unknownKeys() {
    expectRejected(
      #"{"collectionView": {"size": [320, 480], "sizee": 1}, "sections": []}"#,
      naming: "collectionView.sizee: unknown key")
    expectRejected(
      #"{"collectionView": {"size": [320, 480]}, "sections": [{"items": 1, "colour": "red"}]}"#,
      naming: "sections[0].colour: unknown key")
    expectRejected(
      #"{"collectionView": {"size": [320, 480]}, "sections": [], "extra": true}"#,
      naming: "extra: unknown key")
  }

  @Test("an unknown enum value is named with the values allowed")
  func unknownEnumValues() {
    expectRejected(
      #"{"collectionView": {"size": [320, 480]}, "layout": {"scrollDirection": "diagonal"}, "sections": []}"#,
      naming:
        "layout.scrollDirection: unknown value \"diagonal\" (expected one of: vertical, horizontal)"
    )
    expectRejected(
      #"{"collectionView": {"size": [320, 480], "layoutDirection": "upward"}, "sections": []}"#,
      naming: "collectionView.layoutDirection: unknown value \"upward\"")
    expectRejected(
      #"{"collectionView": {"size": [320, 480]}, "layout": {"sectionInsetReference": "fromNowhere"}, "sections": []}"#,
      naming: "layout.sectionInsetReference: unknown value")
    expectRejected(
      #"{"collectionView": {"size": [320, 480]}, "layout": {"estimatedItemSize": "auto"}, "sections": []}"#,
      naming: "layout.estimatedItemSize: unknown value \"auto\"")
  }

  @Test("a wrong type is named with what was expected")
  func wrongTypes() {
    expectRejected(
      #"{"collectionView": {"size": "big"}, "sections": []}"#,
      naming: "collectionView.size: expected [width, height], found a string")
    expectRejected(
      #"{"collectionView": {"size": [320, "480"]}, "sections": []}"#,
      naming: "collectionView.size.height: expected a number, found a string")
    expectRejected(
      #"{"collectionView": {"size": [320]}, "sections": []}"#,
      naming: "collectionView.size: expected [width, height], found 1 number(s)")
    expectRejected(
      #"{"collectionView": {"size": [320, 480]}, "layout": {"sectionHeadersPinToVisibleBounds": 1}, "sections": []}"#,
      naming: "layout.sectionHeadersPinToVisibleBounds: expected true or false, found a number")
    expectRejected(
      #"{"collectionView": {"size": [320, 480]}, "sections": {"items": 3}}"#,
      naming: "sections: expected an array, found an object")
    expectRejected(
      #"{"collectionView": {"size": [320, 480]}, "sections": [{"items": 2.5}]}"#,
      naming: "sections[0].items: 2.5 is not a whole number")
    expectRejected(
      #"{"collectionView": {"size": [320, 480]}, "sections": [{"itemSizes": [[10, 10], [10]]}]}"#,
      naming: "sections[0].itemSizes[1]: expected [width, height]")
    expectRejected("[1, 2]", naming: "expected an object, found an array")
  }

  @Test("missing and conflicting fields are named")
  func missingAndConflictingFields() {
    expectRejected(#"{"sections": []}"#, naming: "collectionView: is required")
    expectRejected(
      #"{"collectionView": {}, "sections": []}"#, naming: "collectionView.size: is required")
    expectRejected(#"{"collectionView": {"size": [320, 480]}}"#, naming: "sections: is required")
    expectRejected(
      #"{"collectionView": {"size": [320, 480]}, "sections": [{}]}"#,
      naming: "sections[0]: needs items (a count) or itemSizes")
    expectRejected(
      #"{"collectionView": {"size": [320, 480]}, "sections": [{"items": 2, "itemSizes": [[1, 1]]}]}"#,
      naming: "sections[0].itemSizes: cannot be combined with items")
    expectRejected(
      #"{"collectionView": {"size": [320, 480]}, "sections": [{"items": 20000000}]}"#,
      naming: "sections[0].items: 20000000 is more than the limit of 10000000")
  }

  @Test("FLOW-28: negative, infinite and out-of-range values name the field, section and item")
  func flowRule28Values() {
    expectRejected(
      #"{"collectionView": {"size": [320, 480]}, "sections": [{"items": 1}, {"itemSizes": [[1, 1], [-4, 5]]}]}"#,
      naming: "sections[1].itemSizes[1].width: -4 is negative")
    expectRejected(
      #"{"collectionView": {"size": [-320, 480]}, "sections": []}"#,
      naming: "collectionView.size.width: -320 is negative")
    expectRejected(
      #"{"collectionView": {"size": [320, 480], "scale": -1}, "sections": []}"#,
      naming: "collectionView.scale: -1 is negative")
    expectRejected(
      #"{"collectionView": {"size": [320, 480], "contentInset": [0, 1e999, 0, 0]}, "sections": []}"#,
      naming: "collectionView.contentInset.left: inf is not finite")
    expectRejected(
      #"{"collectionView": {"size": [320, 480]}, "layout": {"minimumLineSpacing": -0.5}, "sections": []}"#,
      naming: "layout.minimumLineSpacing: -0.5 is negative")
    expectRejected(
      #"{"collectionView": {"size": [320, 480]}, "sections": [{"items": 1, "sectionInset": [0, 0, -1, 0]}]}"#,
      naming: "sections[0].sectionInset.bottom: -1 is negative")
    expectRejected(
      #"{"collectionView": {"size": [320, 480]}, "sections": [{"items": -3}]}"#,
      naming: "sections[0].items: -3 is negative")
    expectRejected(
      #"{"collectionView": {"size": [320, 480]}, "layout": {"headerReferenceSize": [-1, 20]}, "sections": []}"#,
      naming: "layout.headerReferenceSize.width: -1 is negative")
  }

  @Test("bad updates files and batches name the batch and the entry")
  func badUpdates() {
    func rejected(
      _ updates: String, naming expected: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
      let run = CapturingIO.run(
        ["layout", "--strategy", "all", "--updates", "u.json", "spec.json"],
        files: ["spec.json": Self.valid, "u.json": updates])
      #expect(run.status == .badInput, sourceLocation: sourceLocation)
      #expect(run.output.isEmpty, sourceLocation: sourceLocation)
      #expect(run.error.filter { $0 == "\n" }.count == 1, sourceLocation: sourceLocation)
      #expect(
        run.error.contains(expected), "'\(run.error)' should contain '\(expected)'",
        sourceLocation: sourceLocation)
    }
    rejected(
      #"[{"deleteItems": [[0, 3]]}]"#,
      naming: "updates[0].deleteItems[0]: [0, 3] does not exist before the batch")
    rejected(
      #"[{}, {"deleteSections": [1]}]"#,
      naming: "updates[1].deleteSections[0]: section 1 does not exist")
    rejected(
      #"[{"insertItems": [{"at": [0, 9]}]}]"#,
      naming: "updates[0].insertItems[0].at: [0, 9] does not exist after the batch")
    rejected(
      #"[{"resizeItems": [{"at": [0, 0], "size": [-1, 2]}]}]"#,
      naming: "updates[0].resizeItems[0].size.width: -1 is negative")
    rejected(
      #"[{"deleteItems": [[0]]}]"#,
      naming: "updates[0].deleteItems[0]: expected [section, item], found 1 number(s)")
    rejected(
      #"[{"deleteItems": [[0, 1.5]]}]"#,
      naming: "updates[0].deleteItems[0].item: 1.5 is not a whole number")
    rejected(#"[{"shuffle": true}]"#, naming: "updates[0].shuffle: unknown key")
    rejected(#"{"deleteItems": []}"#, naming: "updates: expected an array, found an object")
    rejected("[", naming: "malformed JSON")
    let missing = CapturingIO.run(
      ["layout", "--updates", "/nonexistent/u.json", "spec.json"], files: ["spec.json": Self.valid])
    #expect(
      missing.status == .badInput && missing.error.contains("cannot read '/nonexistent/u.json'"))
  }

  @Test("bad flags: --rect with three numbers, unknown flags and strategies, missing files")
  func badFlags() {
    expectRejected(
      Self.valid, arguments: ["--rect", "0,0,10"],
      naming: "--rect '0,0,10': expected four numbers X,Y,W,H, found 3")
    expectRejected(
      Self.valid, arguments: ["--rect", "0,0,10,nan"], naming: "H 'nan' is not a decimal number")
    expectRejected(
      Self.valid, arguments: ["--rect", "a,b,c,d"], naming: "X 'a' is not a decimal number")
    expectRejected(
      Self.valid, arguments: ["--strategy", "quantum"],
      naming: "--strategy: unknown strategy 'quantum'")
    expectRejected(Self.valid, arguments: ["--frobnicate"], naming: "unknown option '--frobnicate'")

    let missing = CapturingIO.run(["layout", "/nonexistent/spec.json"])
    #expect(missing.status == .badInput)
    #expect(missing.output.isEmpty)
    #expect(missing.error.contains("cannot read '/nonexistent/spec.json'"))

    let dangling = CapturingIO.run(["layout", "--strategy"])
    #expect(dangling.status == .badInput)
    #expect(dangling.error.contains("--strategy needs a value"))

    // An argument with a newline in it still gives a one-line error.
    let newline = CapturingIO.run(["layout", "--strategy", "naive\nlinear"])
    #expect(newline.status == .badInput)
    #expect(newline.error.filter { $0 == "\n" }.count == 1, "\(newline.error)")
    #expect(newline.error.contains("naive\\u{a}linear"))

    let unknownCommand = CapturingIO.run(["lay-out"])
    #expect(unknownCommand.status == .badInput)
    #expect(unknownCommand.error.contains("unknown command 'lay-out'"))
  }
}
