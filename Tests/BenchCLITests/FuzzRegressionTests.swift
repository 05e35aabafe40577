import BenchCLI
import Foundation
import Testing

/// Inputs `.ci/fuzz-cli.py` found crashing `bench`, each run in-process as the fuzzer ran it:
/// bad input is now one line on standard error with exit status 2, and a valid layout is laid
/// out. The files are in `Tests/Fixtures/FuzzRegressions`; an input too large to keep there
/// is generated here.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/FuzzRegressions")

  static var folderExists: Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }

  static func fixture(_ name: String) -> String { folder.appendingPathComponent(name).path }

  // The one failure a missing folder records; the tests that read it are skipped instead.
  @Test("the fixtures folder is there")
  func fixturesFolder() {
    #expect(Self.folderExists, "fuzz regression fixtures missing: \(Self.folder.path)")
  }

  /// Runs `bench arguments` and checks the bad-input contract — exit status 2, nothing on
  /// standard output, exactly `expected` as one line on standard error.
  func expectRejected(
    _ arguments: [String], _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let run = CapturingIO.run(arguments)
    #expect(run.status == .badInput, "\(arguments): \(run.error)", sourceLocation: sourceLocation)
    #expect(run.output.isEmpty, "no output for \(arguments)", sourceLocation: sourceLocation)
    #expect(run.error == "bench: \(expected)\n", sourceLocation: sourceLocation)
  }

  @Test(
    "--rect whose far edge overflows is bad input, not a trap when it is printed back",
    .enabled(if: folderExists))
  func rectEdgeOverflow() {
    let spec = Self.fixture("rect-overflow.json")
    // 1e308 written out: flags take plain decimals only.
    let huge = "1" + String(repeating: "0", count: 308)
    for strategy in ["naive-linear", "incremental", "all"] {
      let all = "-\(huge),-\(huge),-\(huge),-\(huge)"
      expectRejected(
        ["layout", "--strategy", strategy, "--rect", all, spec],
        "--rect '\(all)': X + W overflows to -inf")
      let tall = "0,-\(huge),0,-\(huge)"
      expectRejected(
        ["layout", "--strategy", strategy, "--rect", tall, spec],
        "--rect '\(tall)': Y + H overflows to -inf")
    }
    // Edges at the largest finite values are still a rect.
    let run = CapturingIO.run(["layout", "--rect", "0,0,\(huge),\(huge)", spec])
    #expect(run.status == .success, "\(run.error)")
  }

  @Test(
    "self-sizing cells that grow by more than the offset limit move the anchor on screen",
    .enabled(if: folderExists),
    arguments: ["self-sizing-offset-limit.json", "self-sizing-offset-limit-horizontal.json"])
  func selfSizingOffsetLimit(name: String) throws {
    // 2,000 cells estimated small, measured 1e9 points long, scrolled far: keeping the first
    // visible cell in place would move the content offset past 1e12 points (FLOW-27).
    let run = CapturingIO.run([
      "layout", "--strategy", "all", "--rect", "0,0,2000000000000,2000000000000",
      Self.fixture(name),
    ])
    #expect(run.status == .success, "\(run.error)")
    #expect(run.error.isEmpty)
    #expect(run.output.components(separatedBy: #""kind": "cell""#).count - 1 == 2_000)
    #expect(run.output.contains("2000000000000.0"), "the measured content size")
  }

  @Test(
    "a results file with a negative counter is rejected before a gate subtracts it",
    .enabled(if: folderExists))
  func negativeCounter() {
    let bad = Self.fixture("results-negative-counter.json")
    let message =
      "\(bad): results[0].counters.framesComputed: -9223372036854775808 is negative"
    expectRejected(
      ["compare", bad, Self.fixture("results-valid.json"), "--no-remeasure"], message)
    expectRejected(
      ["report", Self.fixture("results-valid.json"), "--baseline", bad, "--format", "md"], message)
  }

  @Test(
    "a results file whose items or median no chart can place is rejected by report",
    .enabled(if: folderExists))
  func unchartableResults() {
    let huge = Self.fixture("results-huge-items.json")
    expectRejected(
      ["report", huge, "--format", "html"],
      "\(huge): results[1].items: 4611686018427387904 is not a number of items from 1 to "
        + "1000000000000")
    let infinite = Self.fixture("results-infinite-median.json")
    expectRejected(
      ["report", infinite, "--format", "html"],
      "\(infinite): results[0].statistics.median: inf is not a finite number")
  }

  @Test("a valid results file still reads, in every format", .enabled(if: folderExists))
  func validResults() {
    let valid = Self.fixture("results-valid.json")
    for format in ["console", "md", "csv", "html", "json", "github-action-benchmark"] {
      let run = CapturingIO.run(["report", valid, "--format", format])
      #expect(run.status == .success, "\(format): \(run.error)")
    }
    let compared = CapturingIO.run(["compare", valid, valid, "--no-remeasure"])
    #expect(compared.status == .success, "\(compared.error)")
  }

  @Test(
    "a results file with more samples than a run takes is rejected before they are paired",
    .enabled(if: folderExists))
  func tooManySamples() throws {
    // Generated: 40,000 samples a result, whose every pair a comparison would have held
    // (1.6 billion differences, 13 GB).
    let data = try Data(contentsOf: URL(fileURLWithPath: Self.fixture("results-valid.json")))
    var file = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    var results = try #require(file["results"] as? [[String: Any]])
    results[0]["samples"] = [Double](repeating: 1000, count: 40_000)
    file["results"] = results
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("fuzz-many-samples-\(ProcessInfo.processInfo.processIdentifier).json")
    try JSONSerialization.data(withJSONObject: file).write(to: path)
    defer { try? FileManager.default.removeItem(at: path) }
    expectRejected(
      ["compare", path.path, path.path, "--no-remeasure"],
      "\(path.path): results[0].samples: 40000 samples, more than the limit of 1000")
  }
}
