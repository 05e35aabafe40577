import BenchCLI
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What `bench` writes to files: never over a device, a FIFO or a symbolic link; a run's
/// results and reports as one set, all new or all as they were; no temporary file left, even
/// when a signal ends the process.
@Suite struct WriteTargetTests {
  /// A fresh directory with a small results file in `results/`.
  struct Scratch {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "targets-\(UUID())"
    ).path
    var results: String { path + "/results/results.json" }

    init() throws {
      try FileManager.default.createDirectory(
        atPath: path + "/results", withIntermediateDirectories: true)
      try BenchProcess.tinyResults.write(toFile: results, atomically: true, encoding: .utf8)
    }

    /// An earlier run's set, as far as the tests can tell: every report, each saying "old".
    func writeOldSet() throws {
      for name in WriteTargetTests.allReports {
        try "old".write(toFile: path + "/results/" + name, atomically: true, encoding: .utf8)
      }
    }

    func names(_ directory: String) throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: path + "/" + directory).sorted()
    }
    func text(_ name: String) throws -> String {
      try String(contentsOfFile: path + "/" + name, encoding: .utf8)
    }
    func remove() { try? FileManager.default.removeItem(atPath: path) }
  }

  static let allReports = [
    "github-action-benchmark.json", "report.html", "report.md", "report.txt", "results.csv",
    "results.json",
  ]

  func expectOneLine(
    _ run: (status: BenchCLI.ExitStatus, output: String, error: String), naming text: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(run.status == .badInput, sourceLocation: sourceLocation)
    #expect(run.error.hasPrefix("bench: "), sourceLocation: sourceLocation)
    #expect(
      run.error.filter { $0 == "\n" }.count == 1, "\(run.error)", sourceLocation: sourceLocation)
    #expect(run.error.contains(text), "\(run.error)", sourceLocation: sourceLocation)
  }

  @Test func reportAndCompare_refuseAFIFO_aSymlink_andADeviceNode() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let directory = scratch.path
    #expect(mkfifo(directory + "/fifo", 0o644) == 0)
    try "untouched".write(toFile: directory + "/target.md", atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: directory + "/link.md", withDestinationPath: "target.md")
    var targets = [("fifo", "a FIFO"), ("link.md", "a symbolic link")]
    // A private /dev/full when mknod is permitted (root); the real one is never a target.
    if mknod(directory + "/full", S_IFCHR | 0o666, (1 << 8) | 7) == 0 {
      targets.append(("full", "a character device"))
    }
    let before = try scratch.names("")
    for (name, kind) in targets {
      let path = directory + "/" + name
      expectOneLine(
        CapturingIO.run(["report", scratch.results, "--format", "md", "--output", path]),
        naming: "\(path): cannot write: it is \(kind), not a regular file")
      expectOneLine(
        CapturingIO.run([
          "compare", scratch.results, scratch.results, "--deterministic", "--markdown", path,
        ]), naming: "\(path): cannot write: it is \(kind), not a regular file")
    }
    #expect(try scratch.names("") == before)
    #expect(try scratch.text("target.md") == "untouched")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: directory + "/link.md")
        == "target.md")
  }

  @Test func aRunWithAReportTargetThatIsAFIFO_writesNoneOfItsSet() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let old = try scratch.text("results/results.json")
    #expect(mkfifo(scratch.path + "/results/report.html", 0o644) == 0)
    expectOneLine(
      CapturingIO.run(BenchProcess.tinyRun + ["--output", scratch.path + "/results"]),
      naming: "report.html: cannot write: it is a FIFO, not a regular file")
    #expect(try scratch.names("results") == ["report.html", "results.json"])
    #expect(try scratch.text("results/results.json") == old)
  }

  @Test func aRun_replacesTheWholeSet_removingReportsItDoesNotWrite() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let output = scratch.path + "/results"
    try scratch.writeOldSet()
    let run = CapturingIO.run(
      BenchProcess.tinyRun.filter { $0 != "--quiet" } + ["--format", "json,md", "--output", output])
    #expect(run.status == .success, "\(run.error)")
    #expect(try scratch.names("results") == ["report.md", "results.json"])
    #expect(try scratch.text("results/report.md") != "old")
    #expect(run.output.contains("removed "))
  }

  /// `bench run` into a directory holding an earlier run's set, ended by SIGTERM at `step`.
  func interruptedRun(at step: String) throws -> (
    outcome: BenchProcess.Outcome, old: [String], new: [String], names: [String]
  ) {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let output = scratch.path + "/results"
    try scratch.writeOldSet()
    let old = try Self.allReports.map { try scratch.text("results/" + $0) }
    let outcome = try BenchProcess.run(
      BenchProcess.tinyRun + ["--output", output], environment: ["BENCH_TEST_SIGNAL_AT": step])
    let new = try Self.allReports.map { try scratch.text("results/" + $0) }
    return (outcome, old, new, try scratch.names("results"))
  }

  @Test(.enabled(if: BenchProcess.isAvailable, BenchProcess.unavailable))
  func sigterm_afterTheSetIsWritten_leavesTheOldSet_andNoTemporaryFile() throws {
    let run = try interruptedRun(at: "staged")
    #expect(run.outcome.endedBySignal && run.outcome.status == SIGTERM, "\(run.outcome)")
    #expect(run.names == Self.allReports)
    #expect(run.new == run.old)
  }

  @Test(.enabled(if: BenchProcess.isAvailable, BenchProcess.unavailable))
  func sigterm_whileTheSetIsRenamed_waits_andLeavesTheNewSet() throws {
    let run = try interruptedRun(at: "committing")
    #expect(run.outcome.endedBySignal && run.outcome.status == SIGTERM, "\(run.outcome)")
    #expect(run.names == Self.allReports)
    for (old, new) in zip(run.old, run.new) { #expect(old != new) }
  }
}
