import BenchCLI
import BenchmarkDatasets
import Foundation
import LayoutLab
import TestFixtures
import Testing

@testable import BenchCLI

/// `bench layout`, `bench list` and `bench dataset` as a user runs them.
@Suite("bench layout, list and dataset")
struct LayoutCommandTests {
  @Test("--strategy all prints exactly NAME.expected.json for every golden file")
  func goldenFilesThroughTheCommand() throws {
    if let problem = GoldenFixtures.problem {
      Issue.record(Comment(rawValue: problem))
      return
    }
    for name in GoldenFixtures.caseNames {
      let run = CapturingIO.run([
        "layout", "--strategy", "all", GoldenFixtures.path("\(name).spec.json"),
      ])
      #expect(run.status == .success, "\(name): \(run.error)")
      let expected = try GoldenFixtures.read("\(name).expected.json")
      #expect(try jsonClose(JSONParser.parse(run.output), JSONParser.parse(expected)), "\(name)")
    }
  }

  @Test("--rect answers each query in order (golden 17)")
  func rectQueries() throws {
    let run = CapturingIO.run([
      "layout", "--strategy", "all", "--rect", "0,100,390,200", "--rect", "0,0,390,30",
      GoldenFixtures.path("17-per-section-overrides.spec.json"),
    ])
    #expect(run.status == .success, "\(run.error)")
    let expected = try GoldenFixtures.read("17-per-section-overrides.rects.expected.json")
    #expect(try jsonClose(JSONParser.parse(run.output), JSONParser.parse(expected)))
  }

  @Test("a layout file is read from standard input for '-' or no path")
  func standardInput() {
    let spec = #"{"collectionView": {"size": [100, 100], "scale": 0}, "sections": [{"items": 1}]}"#
    for arguments in [["layout"], ["layout", "-"]] {
      let run = CapturingIO.run(arguments, standardInput: spec)
      #expect(run.status == .success)
      // FLOW-13: one 50-point item centred in a 100-point row.
      #expect(run.output.contains(#""frame": [25.0, 0.0, 50.0, 50.0]"#), "\(run.output)")
    }
  }

  @Test("an empty rect answer is an empty list")
  func emptyAnswer() {
    let spec = #"{"collectionView": {"size": [100, 100]}, "sections": [{"items": 1}]}"#
    let run = CapturingIO.run(["layout", "--rect", "500,500,1,1", "-"], standardInput: spec)
    #expect(run.status == .success)
    #expect(run.output.contains(#""elements": []"#))
  }

  @Test("--updates applies every batch through each strategy; all agree with a fresh layout")
  func updates() throws {
    let spec = GoldenFixtures.path("17-per-section-overrides.spec.json")
    let updates = """
      [
        { "deleteItems": [[0, 5], [1, 0]], "insertItems": [{ "at": [0, 2], "size": [80, 80] }],
          "moveItems": [{ "from": [1, 3], "to": [0, 0] }], "reloadItems": [[0, 1]],
          "resizeItems": [{ "at": [2, 1], "size": [120, 44] }] },
        { "deleteSections": [0], "insertSections": [{ "at": 1, "section": { "items": 3 } }],
          "bounds": { "size": [844, 390], "contentOffset": [0, 300] } }
      ]
      """
    let run = CapturingIO.run(
      ["layout", "--strategy", "all", "--updates", "u.json", spec], files: ["u.json": updates])
    #expect(run.status == .success, "\(run.error)")
    // The same data laid out from scratch.
    var model = try #require(
      LayoutFile.decode(try GoldenFixtures.read("17-per-section-overrides.spec.json")).flowModel)
    for batch in try UpdatesFile.decode(updates).batches { model = try model.applying(batch).model }
    // Batch 0: [10, 5, 4] → [11, 3, 4]; batch 1 deletes section 0, inserts 3 items at 1.
    #expect(model.sections.map(\.numberOfItems) == [3, 3, 4])
    let fresh = CapturingIO.run(["layout", "-"], standardInput: LayoutFile(model: model).encoded())
    #expect(fresh.status == .success)
    #expect(run.output == fresh.output)
  }

  @Test("an estimated-size file prints fully measured; --rect queries measure as they go")
  func estimatedSizes() throws {
    let spec = #"""
      {"collectionView": {"size": [320, 480], "scale": 0},
       "layout": {"estimatedItemSize": [100, 100]},
       "sections": [{"itemSizes": [[100, 50], [100, 80], [150, 60], [50, 40], [200, 30]]}]}
      """#
    let full = CapturingIO.run(["layout", "--strategy", "all", "-"], standardInput: spec)
    #expect(full.status == .success, "\(full.error)")
    // Fully measured: golden 07's frames (mixed sections either way).
    #expect(full.output.contains(#""frame": [0.0, 160.0, 200.0, 30.0]"#))
    // A query of the top 100 points: at the estimated 100×100 the first row holds items 0–2;
    // measured, they re-flow, and the query is answered with measured frames.
    let queried = CapturingIO.run(
      ["layout", "--strategy", "all", "--rect", "0,0,320,100", "-"], standardInput: spec)
    #expect(queried.status == .success, "\(queried.error)")
    #expect(
      queried.output.contains(
        #"{"kind": "cell", "section": 0, "item": 0, "frame": [0.0, 15.0, 100.0, 50.0]"#))
    #expect(queried.output.contains(#""item": 1, "frame": [220.0, 0.0, 100.0, 80.0]"#))
  }

  @Test("bench list names every strategy, the reference first")
  func list() {
    let run = CapturingIO.run(["list"])
    #expect(run.status == .success)
    let names = FlowStrategies.all.map { $0.strategyName }
    #expect(names.first == "naive-linear")
    for name in names { #expect(run.output.contains(name)) }
    #expect(run.output.contains("naive-linear") && run.output.contains("(reference)"))
    // Every strategy of the registry, with its summary and complexity from its descriptor.
    for strategy in LayoutRegistry.all {
      #expect(
        run.output.contains("\(strategy.summary); \(strategy.complexity.summary)"),
        "\(strategy.name)")
    }
  }

  @Test(
    "bench dataset writes a layout file that reads back to the same model",
    arguments: Dataset.all.map(\.name))
  func datasetRoundTrip(name: String) throws {
    let run = CapturingIO.run(["dataset", name, "--items", "2500"])
    #expect(run.status == .success, "\(run.error)")
    let model = try #require(LayoutFile.decode(run.output).flowModel)
    #expect(model == (try #require(Dataset.named(name))).model(items: 2_500))
    #expect(model.numberOfItems == 2_500)
  }

  @Test("datasets are the same on every run (fixed seed)")
  func datasetsAreDeterministic() {
    let first = CapturingIO.run(["dataset", "mixed-feed", "--items", "5k"]).output
    let second = CapturingIO.run(["dataset", "mixed-feed", "--items", "5000"]).output
    #expect(!first.isEmpty && first == second)
  }

  @Test("a generated 100,000-item mixed layout: every strategy agrees through bench layout")
  func hundredThousandItems() throws {
    let file = CapturingIO.run(["dataset", "mixed-feed", "--items", "100k"])
    #expect(file.status == .success)
    let run = CapturingIO.run(["layout", "--strategy", "all", "-"], standardInput: file.output)
    #expect(run.status == .success, "\(run.error)")
    // Every cell and every header, one per line.
    #expect(run.output.split(separator: "\n").count == 100_000 + 100 + 5)
  }

  @Test("disagreeing strategies are reported with the element and both frames")
  func disagreementIsNamed() {
    let cell = LayoutAttributes(
      kind: .cell, indexPath: LayoutIndexPath(item: 3, section: 1),
      frame: CGRect(x: 0, y: 10, width: 5, height: 5), zIndex: 0)
    var moved = cell
    moved.frame.origin.x = 1
    let reference = LayoutCommand.Result(
      contentSize: CGSize(width: 10, height: 10), answers: [[cell]])
    let candidate = LayoutCommand.Result(
      contentSize: CGSize(width: 10, height: 10), answers: [[moved]])
    let difference = LayoutCommand.firstDifference(reference, candidate, rects: [])
    #expect(difference?.reference == "gives cell [1, 3] frame [0.0, 10.0, 5.0, 5.0] zIndex 0")
    #expect(difference?.candidate == "gives cell [1, 3] frame [1.0, 10.0, 5.0, 5.0] zIndex 0")
    #expect(difference?.place == "full dump, element 0")
    #expect(LayoutCommand.firstDifference(reference, reference, rects: []) == nil)
  }

  @Test("help is available for every command")
  func help() {
    for arguments in [
      ["help"], ["--help"], ["layout", "--help"], ["list", "--help"], ["dataset", "--help"],
    ] {
      let run = CapturingIO.run(arguments)
      #expect(run.status == .success)
      #expect(run.output.contains("usage: bench"))
    }
  }
}

/// JSON documents equal, numbers within 1e-9.
func jsonClose(_ a: JSONValue, _ b: JSONValue) -> Bool {
  switch (a, b) {
  case (.number(let x, _), .number(let y, _)): return abs(x - y) <= 1e-9
  case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy(jsonClose)
  case (.object(let x), .object(let y)):
    return x.count == y.count
      && zip(x, y).allSatisfy { $0.key == $1.key && jsonClose($0.value, $1.value) }
  default: return a == b
  }
}
