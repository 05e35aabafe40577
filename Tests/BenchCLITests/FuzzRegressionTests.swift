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
    for strategy in ["naive-linear", "incremental", "all"] {
      expectRejected(
        ["layout", "--strategy", strategy, "--rect", "-1e308,-1e308,-1e308,-1e308", spec],
        "--rect '-1e308,-1e308,-1e308,-1e308': X + W overflows to -inf")
      expectRejected(
        ["layout", "--strategy", strategy, "--rect", "0,-1e308,0,-1e308", spec],
        "--rect '0,-1e308,0,-1e308': Y + H overflows to -inf")
    }
    // Edges at the largest finite values are still a rect.
    let run = CapturingIO.run(["layout", "--rect", "0,0,1e308,1e308", spec])
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
      "layout", "--strategy", "all", "--rect", "0,0,2e12,2e12", Self.fixture(name),
    ])
    #expect(run.status == .success, "\(run.error)")
    #expect(run.error.isEmpty)
    #expect(run.output.components(separatedBy: #""kind": "cell""#).count - 1 == 2_000)
    #expect(run.output.contains("2000000000000.0"), "the measured content size")
  }
}
