import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The `bench` executable run as a process, for what only a process shows: its exit status or
/// the signal that ended it, and its real standard streams.
enum BenchProcess {
  /// The `bench` built beside this test bundle, in the build products directory.
  static let executable: String? = {
    guard let bundle = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    else { return nil }
    let path = ((bundle as NSString).deletingLastPathComponent as NSString)
      .appendingPathComponent("bench")
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
  }()

  static let isAvailable = executable != nil
  static let unavailable: Comment = "no bench executable beside the test bundle"

  /// The options of a `bench run` that takes about a second, even in debug.
  static let tinyRun = [
    "run", "--allow-debug", "--items", "300", "--time-budget", "1ms", "--quiet", "--datasets",
    "uniform-grid", "--strategies", "naive-linear", "--workloads", "prepare",
  ]

  /// A small results file, measured once for the tests that need one: measuring competes with
  /// the timing tests running beside them.
  static let tinyResults: String = {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tiny-\(UUID())")
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = CapturingIO.run(tinyRun + ["--format", "json", "--output", directory.path])
    let file = directory.appendingPathComponent("results.json")
    return (try? String(contentsOf: file, encoding: .utf8)) ?? "not measured: \(run.error)"
  }()

  struct Outcome {
    /// The exit status, or the signal's number when a signal ended the process.
    var status: Int32
    var endedBySignal: Bool
    var error: String
  }

  /// Runs `bench arguments` through `/bin/sh -c 'exec bench "$@" REDIRECTIONS'`, so a test can
  /// point a stream at a device or close it; standard error is captured unless redirected.
  static func run(
    _ arguments: [String], redirecting redirections: String = ">/dev/null",
    environment: [String: String] = [:]
  ) throws -> Outcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments =
      ["-c", "exec \"$0\" \"$@\" \(redirections)", executable ?? "bench"] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let error = Pipe()
    process.standardError = error
    // Tests run on threads that block SIGINT, SIGTERM and SIGHUP (Dispatch's workers), and a
    // child starts with its parent thread's mask: unblocked here, bench starts as from a shell.
    var signals = sigset_t()
    sigemptyset(&signals)
    for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, signal) }
    var mask = sigset_t()
    pthread_sigmask(SIG_UNBLOCK, &signals, &mask)
    defer { pthread_sigmask(SIG_SETMASK, &mask, nil) }
    try process.run()
    let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return Outcome(
      status: process.terminationStatus,
      endedBySignal: process.terminationReason == .uncaughtSignal, error: text)
  }
}
