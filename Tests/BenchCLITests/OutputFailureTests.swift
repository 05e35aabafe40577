import BenchCLI
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A write to standard output or error that fails is an error with an exit status, never a
/// trap; a closed pipe ends `bench` by SIGPIPE, as any command-line tool.
@Suite struct OutputFailureTests {
  /// A directory holding a private /dev/full (`full`) when mknod is permitted.
  struct Devices {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "devices-\(UUID())"
    ).path
    var full: String { path + "/full" }

    init() throws {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Makes `full`: major 1, minor 7, every write fails with ENOSPC. Never the real one.
    func makeFull() -> Bool { mknod(full, S_IFCHR | 0o666, (1 << 8) | 7) == 0 }
    func remove() { try? FileManager.default.removeItem(atPath: path) }
  }

  static let canMakeDeviceNodes: Bool = {
    guard let devices = try? Devices() else { return false }
    defer { devices.remove() }
    return devices.makeFull()
  }()

  static let layout = #"{"collectionView": {"size": [320, 480]}, "sections": [{"items": 3}]}"#

  /// No crash report: not a trap, no backtrace.
  func expectNoTrap(
    _ outcome: BenchProcess.Outcome, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      !outcome.endedBySignal, "ended by signal \(outcome.status)", sourceLocation: sourceLocation)
    #expect(!outcome.error.contains("Fatal error"), sourceLocation: sourceLocation)
    #expect(!outcome.error.contains("crashed"), sourceLocation: sourceLocation)
  }

  @Test(
    .enabled(if: BenchProcess.isAvailable, BenchProcess.unavailable),
    .enabled(if: canMakeDeviceNodes, "mknod is not permitted here (needs root or CAP_MKNOD)"))
  func everyCommand_writingToAFullDevice_exits1_withOneLine() throws {
    let devices = try Devices()
    defer { devices.remove() }
    #expect(devices.makeFull())
    let spec = devices.path + "/spec.json"
    try Self.layout.write(toFile: spec, atomically: true, encoding: .utf8)
    let results = devices.path + "/results.json"
    try BenchProcess.tinyResults.write(toFile: results, atomically: true, encoding: .utf8)
    let commands: [[String]] = [
      ["list"], ["help"], ["layout", spec], ["dataset", "uniform-grid", "--items", "10"],
      ["report", results], ["compare", results, results, "--deterministic"],
    ]
    for arguments in commands {
      let outcome = try BenchProcess.run(arguments, redirecting: ">'\(devices.full)'")
      expectNoTrap(outcome)
      #expect(outcome.status == 1, "\(arguments)")
      #expect(
        outcome.error == "bench: standard output: cannot write: no space left on device\n",
        "\(arguments)")
    }
  }

  @Test(.enabled(if: BenchProcess.isAvailable, BenchProcess.unavailable))
  func aClosedStandardOutput_exits1_withOneLine() throws {
    let outcome = try BenchProcess.run(["list"], redirecting: ">&-")
    expectNoTrap(outcome)
    #expect(outcome.status == 1)
    #expect(outcome.error == "bench: standard output: cannot write: bad file descriptor\n")
  }

  @Test(
    .enabled(if: BenchProcess.isAvailable, BenchProcess.unavailable),
    .enabled(if: canMakeDeviceNodes, "mknod is not permitted here (needs root or CAP_MKNOD)"))
  func aFailingStandardError_keepsTheExitStatus() throws {
    let devices = try Devices()
    defer { devices.remove() }
    #expect(devices.makeFull())
    let missing = try BenchProcess.run(
      ["layout", "/nonexistent"], redirecting: ">/dev/null 2>'\(devices.full)'")
    expectNoTrap(missing)
    #expect(missing.status == 2)
    let listed = try BenchProcess.run(["list"], redirecting: ">/dev/null 2>&-")
    expectNoTrap(listed)
    #expect(listed.status == 0)
  }

  @Test(.enabled(if: BenchProcess.isAvailable, BenchProcess.unavailable))
  func aPipeClosedByItsReader_endsBenchBySIGPIPE() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pipe-\(UUID())")
      .path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(mkfifo(directory + "/fifo", 0o644) == 0)
    // Standard output is a pipe whose only reader (descriptor 3, opened first so that opening
    // the writing end does not wait) is closed before bench starts.
    let outcome = try BenchProcess.run(
      ["list"], redirecting: #"3<>"$FIFO" >"$FIFO" 3<&-"#,
      environment: ["FIFO": directory + "/fifo"])
    #expect(outcome.endedBySignal && outcome.status == SIGPIPE, "\(outcome)")
    #expect(outcome.error.isEmpty)
  }

  @Test func aFailingWriter_inProcess_exits1_withOneLine() {
    struct Full: Error, CustomStringConvertible {
      var description: String { "cannot write: no space left on device" }
    }
    let errors = CapturingIO()
    let io = CommandIO(
      readStandardInput: { [] }, readFile: { _ in [] }, writeOutput: { _ in throw Full() },
      writeError: errors.io.writeError)
    #expect(BenchCommand.run(["list"], io: io) == .failure)
    #expect(errors.error == "bench: standard output: cannot write: no space left on device\n")
  }
}
