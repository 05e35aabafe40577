import BenchCLI
import BenchKit
import Foundation
import LayoutLab
import Testing

@testable import BenchmarkDatasets

/// `bench run --layout FILE…` in-process: the user's layout files measured as datasets, at tiny
/// sizes and budgets.
@Suite(.serialized) struct RunLayoutFileTests {
  /// A flow feed of 45 items: headers pinned, an estimated item size, two kinds of section.
  static let feed = """
    {"collectionView": {"size": [390, 844]},
     "layout": {"headerReferenceSize": [0, 40], "sectionHeadersPinToVisibleBounds": true,
                "estimatedItemSize": [100, 100]},
     "sections": [{"items": 40, "itemSize": [100, 100]},
                  {"itemSizes": [[120, 80], [60, 90], [200, 50], [100, 100], [90, 90]]}]}
    """
  /// The sample's mosaic, 30 items.
  static let tiles = """
    {"collectionView": {"size": [390, 844]}, "layout": {"kind": "mosaic"},
     "sections": [{"items": 30}]}
    """
  /// Two sections of a column flow on a landscape phone.
  static let columns = """
    {"collectionView": {"size": [844, 390]},
     "layout": {"kind": "columnFlow", "minimumColumnWidth": 300, "cellHeight": 70},
     "sections": [{"items": 12}, {"items": 6, "headerReferenceSize": [0, 44]}]}
    """

  let quick = ["--allow-debug", "--time-budget", "1ms", "--quiet"]

  func run(_ arguments: [String]) -> (status: BenchCLI.ExitStatus, output: String, error: String) {
    let capture = CommandTests.Capture()
    let status = BenchCommand.run(arguments, io: capture.io)
    return (status, capture.output, capture.error)
  }

  /// A new directory holding `files` (name → text).
  func directory(with files: [String: String]) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID())").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    for (name, text) in files {
      let file = (path as NSString).appendingPathComponent(name)
      try FileManager.default.createDirectory(
        atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try text.write(toFile: file, atomically: true, encoding: .utf8)
    }
    return path
  }

  @Test func goodFiles_eachADatasetNamedAfterIt_everyStrategyOfItsKind_everyWorkloadThatApplies()
    throws
  {
    let directory = try directory(with: ["feed.json": Self.feed, "tiles.json": Self.tiles])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let output = "\(directory)/out"
    let result = run(
      ["run"] + quick + [
        "--layout", "\(directory)/feed.json", "--layout", "\(directory)/tiles.json", "--format",
        "json,console", "--output", output,
      ])
    #expect(result.status == .success, "\(result.error)")
    #expect(result.output.contains("== feed ==") && result.output.contains("== tiles =="))

    let results = try ResultsFile.load(path: "\(output)/results.json")
    #expect(results.settings.suite == "layout-files")
    #expect(!results.notes.contains { $0.hasPrefix("FAILED") }, "\(results.notes)")
    // A single size per file: no complexity fit is claimed; the ratios are shown, not gated.
    #expect(results.fits.isEmpty)
    #expect(!results.ratios.isEmpty && results.ratios.allSatisfy { !$0.isGated })
    #expect(Set(results.results.map(\.dataset)) == ["feed", "tiles"])

    for (name, text, kind, items) in [
      ("feed", Self.feed, LayoutKind.flow, 45), ("tiles", Self.tiles, .mosaic, 30),
    ] {
      let measured = results.results.filter { $0.dataset == name }
      #expect(measured.allSatisfy { $0.items == items }, "\(name)")
      // The floor for ×floor, and every workload that applies × every strategy of the kind.
      #expect(measured.contains { $0.strategy == SuitePresentation.floorStrategy }, "\(name)")
      let dataset = Dataset(
        name: name, layoutFile: try LayoutFile.decode(text).content, path: "\(name).json")
      let workloads = Workload.all().filter { $0.applies(to: dataset) }.map(\.name)
      let strategies = LayoutRegistry.strategies(for: kind).map(\.name)
      var expected = Set<String>()
      for workload in workloads {
        for strategy in strategies { expected.insert("\(strategy) \(workload)") }
      }
      let got = Set(
        measured.filter { $0.strategy != SuitePresentation.floorStrategy }.map {
          "\($0.strategy) \($0.workload)"
        })
      #expect(got == expected, "\(name)")
    }
    // The features of the feed bring their workloads.
    let feedWorkloads = Set(results.results.filter { $0.dataset == "feed" }.map(\.workload))
    for workload in ["pinned-scroll", "self-sizing-sweep", "supplementary-lookup", "resize-item"] {
      #expect(feedWorkloads.contains(workload), "\(workload)")
    }
    #expect(
      Set(results.results.filter { $0.dataset == "tiles" }.map(\.strategy)).isSuperset(
        of: ["mosaic-segment-search", "mosaic-sample-query"]))

    // The results file renders again and gates against itself.
    let html = run(["report", "\(output)/results.json", "--format", "html"])
    #expect(html.status == .success, "\(html.error)")
    let gate = run([
      "compare", "\(output)/results.json", "\(output)/results.json", "--deterministic",
    ])
    #expect(gate.status == .success, "\(gate.output)\(gate.error)")
    #expect(gate.output.contains("verdict: no regression"))
  }

  @Test func columnFlowFile_isMeasuredAsTheFlowLayoutItDerives_byTheFlowStrategies() throws {
    let content = try LayoutFile.decode(Self.columns).content
    let dataset = Dataset(name: "columns", layoutFile: content, path: "columns.json")
    #expect(dataset.kind == .flow && dataset.fixedItems == 18)
    var request = Suite.Request(sizes: [1_000])
    request.layoutFiles = [dataset]
    let suite = try Suite.make(request, contexts: DatasetContexts())
    #expect(Set(suite.benchmarks.map(\.dataset)) == ["columns"])
    #expect(suite.benchmarks.allSatisfy { $0.items == 18 })
    let strategies = Set(suite.benchmarks.map(\.strategy)).subtracting([
      SuitePresentation.floorStrategy
    ])
    #expect(strategies == Set(LayoutRegistry.strategies(for: .flow).map(\.name)))
  }

  @Test func headersGivenPerSectionOnly_bringTheSupplementaryLookup() throws {
    let text =
      #"{"collectionView": {"size": [390, 844]}, "sections": [{"items": 3}, {"items": 3, "footerReferenceSize": [0, 20]}]}"#
    let dataset = Dataset(
      name: "footers", layoutFile: try LayoutFile.decode(text).content, path: "footers.json")
    #expect(Workload.supplementaryLookup.applies(to: dataset))
    let none = Dataset(
      name: "none", layoutFile: try LayoutFile.decode(Self.tiles).content, path: "none.json")
    #expect(!Workload.supplementaryLookup.applies(to: none))
  }

  @Test func badFile_oneLineErrorNamingFileAndField_exit2_nothingMeasured() throws {
    let bad = Self.feed.replacingOccurrences(of: "[60, 90]", with: "[-60, 90]")
    let directory = try directory(with: [
      "feed.json": Self.feed, "bad/feed-bad.json": bad, "a/feed.json": Self.feed,
      "b/feed.json": Self.tiles, "my feed.json": Self.feed,
      "empty.json": #"{"collectionView": {"size": [390, 844]}, "sections": []}"#,
    ])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let output = "\(directory)/out"
    let cases: [(arguments: [String], message: String)] = [
      // The good file first: still nothing is measured.
      (
        ["--layout", "\(directory)/feed.json", "--layout", "\(directory)/bad/feed-bad.json"],
        "--layout \(directory)/bad/feed-bad.json: sections[1].itemSizes[1].width: -60 is negative"
      ),
      (
        ["--layout", "\(directory)/a/feed.json", "--layout", "\(directory)/b/feed.json"],
        "would both be dataset 'feed'"
      ),
      (["--layout", "\(directory)/feed.json", "--items", "1k"], "--items does not apply"),
      (["--layout", "\(directory)/feed.json", "--key"], "--key does not apply"),
      (["--layout", "\(directory)/my feed.json"], "is not a name of letters"),
      (["--layout", "\(directory)/missing.json"], "cannot read"),
      (["--layout", "-"], "not standard input"),
      (["--layout", "\(directory)/empty.json"], "sections: the layout has no items to measure"),
    ]
    for (arguments, message) in cases {
      let result = run(["run"] + quick + arguments + ["--output", output])
      #expect(result.status == .badInput, "\(arguments): \(result.error)")
      #expect(result.error.hasPrefix("bench: "), "\(arguments)")
      #expect(result.error.contains(message), "\(arguments): \(result.error)")
      #expect(result.error.split(separator: "\n").count == 1, "\(arguments): \(result.error)")
      #expect(result.output.isEmpty, "\(arguments)")
      #expect(!FileManager.default.fileExists(atPath: output), "\(arguments)")
    }
    // The A/B worker reads the files as `bench run` does, before it answers anything.
    let worker = run(["_ab-worker", "--layout", "\(directory)/bad/feed-bad.json"])
    #expect(worker.status == .badInput && worker.output.isEmpty)
    #expect(worker.error.contains("sections[1].itemSizes[1].width: -60 is negative"))
    // The same error as `bench layout` gives for the file, located in it.
    let layout = run(["layout", "\(directory)/bad/feed-bad.json"])
    #expect(layout.status == .badInput)
    #expect(layout.error == "bench: sections[1].itemSizes[1].width: -60 is negative\n")
  }

  /// `bench run --layout FILE --instructions` hands each benchmark of a layout file to the
  /// callgrind worker with the file (`_instructions-worker --layout FILE BENCHMARK`): the worker
  /// builds the file's dataset and runs the benchmark (outside valgrind, the region just runs).
  @Test func instructionsWorker_runsABenchmarkOfALayoutFile() throws {
    let directory = try directory(with: ["feed.json": Self.feed])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let file = "\(directory)/feed.json"
    let result = run([
      "_instructions-worker", "--layout", file, "run-length\tscroll-sweep\tfeed\t45",
    ])
    #expect(result.status == .success, "\(result.error)")
    #expect(result.output == "ok\n")
    // Without the file, the dataset is unknown: an error reply, not a crash.
    let without = run(["_instructions-worker", "run-length\tscroll-sweep\tfeed\t45"])
    #expect(without.status == .success)
    #expect(without.output.hasPrefix("error "), "\(without.output)")
  }
}
