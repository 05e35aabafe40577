import BenchCLI
import Foundation
import LayoutLab
import Testing

/// `bench list` and `bench layout` with the custom layouts (`"layout": {"kind": …}`): column flow
/// and mosaic, their strategies, and their bad input.
@Suite("bench layout and list: column flow and mosaic")
struct CustomLayoutCommandTests {
  /// Runs `bench` in-process on files held in memory; returns the status and both streams.
  static func run(
    _ arguments: [String], files: [String: String] = [:]
  ) -> (status: BenchCLI.ExitStatus, output: String, error: String) {
    let capture = Capture()
    let io = CommandIO(
      readStandardInput: { [] },
      readFile: { path in
        guard let text = files[path] else { throw CocoaError(.fileNoSuchFile) }
        return Array(text.utf8)
      },
      writeOutput: { capture.append(output: $0) },
      writeError: { capture.append(error: $0) })
    let status = BenchCommand.run(arguments, io: io)
    return (status, capture.output, capture.error)
  }

  /// What a command wrote; commands may write from any thread.
  final class Capture: @unchecked Sendable {
    private let lock = NSLock()
    private var _output = ""
    private var _error = ""
    var output: String { lock.withLock { _output } }
    var error: String { lock.withLock { _error } }
    func append(output text: String) { lock.withLock { _output += text } }
    func append(error text: String) { lock.withLock { _error += text } }
  }

  static let mosaic = #"""
    {"collectionView": {"size": [390, 844]}, "layout": {"kind": "mosaic"}, "sections": [{"items": 12}]}
    """#

  static let columnFlow = #"""
    {"collectionView": {"size": [844, 390], "safeAreaInsets": [0, 47, 21, 47],
                        "layoutMargins": [0, 67, 21, 67]},
     "layout": {"kind": "columnFlow"}, "sections": [{"items": 5}]}
    """#

  static func element(_ item: Int, _ x: Int, _ y: Int, _ width: Int, _ height: Int) -> String {
    "{\"kind\": \"cell\", \"section\": 0, \"item\": \(item), "
      + "\"frame\": [\(x).0, \(y).0, \(width).0, \(height).0], \"zIndex\": 0}"
  }

  @Test("bench list names the column flow and both mosaic strategies")
  func list() {
    let run = Self.run(["list"])
    #expect(run.status == .success)
    #expect(run.output.contains("column-flow"))
    #expect(run.output.contains("mosaic-segment-search"))
    #expect(run.output.contains("mosaic-sample-query"))
    // The existing flow listing is unchanged: the reference first.
    #expect(run.output.hasPrefix("Flow layout strategies"))
  }

  @Test("a mosaic file: every strategy's full dump, the segment search by default")
  func mosaicDump() {
    for arguments in [[], ["--strategy", "all"], ["--strategy", "mosaic-sample-query"]] {
      let run = Self.run(["layout"] + arguments + ["m.json"], files: ["m.json": Self.mosaic])
      #expect(run.status == .success, "\(arguments): \(run.error)")
      #expect(run.error.isEmpty)
      #expect(run.output.contains("\"contentSize\": [390.0, 1206.0]"))
      // Frames from MosaicLayoutTests: the fifty-fifty, the 2/3 | 1/3 and the last full width.
      #expect(run.output.contains(Self.element(2, 196, 202, 194, 200)))
      #expect(run.output.contains(Self.element(5, 261, 504, 129, 99)))
      #expect(run.output.contains(Self.element(8, 131, 604, 259, 200)))
      #expect(run.output.contains(Self.element(11, 0, 1006, 390, 200)))
    }
  }

  @Test("--strategy all on a mosaic finds the element the sample's query misses, exit 1")
  func sampleQueryMissThroughTheCommand() {
    let run = Self.run(
      ["layout", "--strategy", "all", "--rect", "0,550,390,10", "m.json"],
      files: ["m.json": Self.mosaic])
    #expect(run.status == .failure)
    #expect(run.output.isEmpty)
    #expect(run.error.filter { $0 == "\n" }.count == 1, "one line: \(run.error)")
    // Item 3 (0, 403, 260, 200) reaches y 550 but the sample's walk stops at item 4 (maxY 503).
    #expect(run.error.contains("mosaic-sample-query"))
    #expect(
      run.error.contains("mosaic-segment-search gives cell [0, 3] frame [0.0, 403.0, 260.0, 200.0]")
    )

    let correct = Self.run(
      ["layout", "--rect", "0,550,390,10", "m.json"], files: ["m.json": Self.mosaic])
    #expect(correct.status == .success)
    #expect(correct.output.contains(Self.element(3, 0, 403, 260, 200)))
    #expect(correct.output.contains(Self.element(5, 261, 504, 129, 99)))
  }

  @Test("a columnFlow file: every flow strategy agrees on the derived layout")
  func columnFlowDump() {
    for arguments in [[], ["--strategy", "all"], ["--strategy", "binary-search"]] {
      let run = Self.run(["layout"] + arguments + ["c.json"], files: ["c.json": Self.columnFlow])
      #expect(run.status == .success, "\(arguments): \(run.error)")
      // Frames from ColumnFlowLayoutTests.twoColumns.
      #expect(run.output.contains("\"contentSize\": [844.0, 261.0]"))
      #expect(run.output.contains(Self.element(0, 47, 10, 355, 70)))
      #expect(run.output.contains(Self.element(1, 442, 10, 355, 70)))
      #expect(run.output.contains(Self.element(4, 47, 170, 355, 70)))
    }
    let queried = Self.run(
      ["layout", "--strategy", "all", "--rect", "450,100,10,10", "c.json"],
      files: ["c.json": Self.columnFlow])
    #expect(queried.status == .success)
    // Only item 3 (442, 90, 355, 70) meets x 450…460, y 100…110.
    #expect(queried.output.contains(Self.element(3, 442, 90, 355, 70)))
    #expect(queried.output.components(separatedBy: "\"kind\": \"cell\"").count == 2)
  }

  /// Checks the bad-input contract: exit 2, no output, one line naming `expected`.
  func expectRejected(
    _ arguments: [String], file: String, naming expected: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let run = Self.run(["layout"] + arguments + ["spec.json"], files: ["spec.json": file])
    #expect(run.status == .badInput, "\(arguments) \(file)", sourceLocation: sourceLocation)
    #expect(run.output.isEmpty, sourceLocation: sourceLocation)
    #expect(
      run.error.hasSuffix("\n") && run.error.filter { $0 == "\n" }.count == 1,
      "one line: \(run.error)", sourceLocation: sourceLocation)
    #expect(
      run.error.contains(expected), "'\(run.error)' should contain '\(expected)'",
      sourceLocation: sourceLocation)
  }

  @Test("bad input: exit 2 and one line naming the field")
  func badInput() {
    expectRejected(
      [],
      file:
        #"{"collectionView": {"size": [390, 844]}, "layout": {"kind": "mosaic"}, "sections": [{"items": 1}, {"items": 2}]}"#,
      naming: "sections: a mosaic layout has exactly one section, found 2")
    expectRejected(
      [],
      file:
        #"{"collectionView": {"size": [390, 844]}, "layout": {"kind": "mosaic"}, "sections": [{"items": -3}]}"#,
      naming: "sections[0].items: -3 is negative")
    expectRejected(
      [],
      file:
        #"{"collectionView": {"size": [390, 844]}, "layout": {"kind": "columnFlow", "minimumColumnWidth": -4}, "sections": [{"items": 3}]}"#,
      naming: "layout.minimumColumnWidth: -4 is negative")
    expectRejected(
      [],
      file:
        #"{"collectionView": {"size": [390, 844]}, "layout": {"kind": "columnFlow", "minimumColumnWidth": 0}, "sections": [{"items": 3}]}"#,
      naming: "layout.minimumColumnWidth: 0 is not positive")
    expectRejected(
      [],
      file:
        #"{"collectionView": {"size": [390, 844]}, "layout": {"kind": "grid"}, "sections": []}"#,
      naming: "layout.kind: unknown value \"grid\" (expected one of: flow, columnFlow, mosaic)")
    expectRejected(
      [],
      file:
        #"{"collectionView": {"size": [390, 844]}, "layout": {"kind": "columnFlow"}, "sections": [{"itemSizes": [[10, 10]]}]}"#,
      naming: "sections[0].itemSizes: a column flow derives item sizes from the bounds")
    // A strategy of the other kind of layout.
    expectRejected(
      ["--strategy", "binary-search"], file: Self.mosaic,
      naming: "--strategy: 'binary-search' is a flow strategy; a mosaic layout file takes one of")
    expectRejected(
      ["--strategy", "mosaic-sample-query"], file: Self.columnFlow,
      naming: "--strategy: 'mosaic-sample-query' is a mosaic strategy; a columnFlow layout file")
    expectRejected(
      ["--strategy", "quantum"], file: Self.mosaic, naming: "--strategy: unknown strategy 'quantum'"
    )
  }
}
