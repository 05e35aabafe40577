import BenchKit
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// docs/BenchMethod.md, "Release builds only": a debug build of `bench`, asked to measure, builds the
/// release configuration and re-executes it with the same arguments.
enum ReleaseBuild {
  static var isDebug: Bool { BenchEnvironment.buildConfiguration == "debug" }

  /// Returns when this build may measure; otherwise builds and `exec`s the release build (and
  /// does not return), or throws a one-line error saying what to run instead.
  static func ensureRelease(allowDebug: Bool, io: CommandIO) throws {
    guard isDebug, !allowDebug else { return }
    let advice = "use `swift run -c release bench`, or --allow-debug to measure this debug build"
    guard ProcessInfo.processInfo.environment["BENCH_REEXECUTED"] == nil else {
      throw UsageError("the release build re-executed is a debug build; \(advice)")
    }
    // Only the bench executable re-executes itself: in-process callers (tests) get the error.
    guard let executable = executablePath(),
      URL(fileURLWithPath: executable).lastPathComponent == "bench"
    else {
      throw UsageError("a debug build cannot measure; \(advice)")
    }
    guard let root = packageRoot() else {
      throw UsageError("a debug build cannot measure and no package root was found; \(advice)")
    }
    let scratch = scratchPath(of: executable)
    io.writeError(
      "bench: this is a debug build; building the release build (swift build -c release --product bench) and running it instead\n"
    )
    let build = Process()
    build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    build.arguments =
      ["swift", "build", "-c", "release", "--product", "bench", "--package-path", root]
      + (scratch.map { ["--scratch-path", $0] } ?? [])
    let log = Pipe()
    build.standardOutput = log
    build.standardError = log
    do { try build.run() } catch {
      throw UsageError("cannot run swift build (\(error)); \(advice)")
    }
    let output = log.fileHandleForReading.readDataToEndOfFile()
    build.waitUntilExit()
    guard build.terminationStatus == 0 else {
      let last = String(decoding: output, as: UTF8.self).split(separator: "\n").last ?? ""
      throw UsageError("the release build failed (\(last)); \(advice)")
    }
    let release = ((scratch ?? (root as NSString).appendingPathComponent(".build")) as NSString)
      .appendingPathComponent("release/bench")
    setenv("BENCH_REEXECUTED", "1", 1)
    let arguments = [release] + Array(CommandLine.arguments.dropFirst())
    let cArguments = arguments.map { strdup($0) } + [nil]
    execv(release, cArguments)
    throw UsageError("cannot run \(release) (\(String(cString: strerror(errno)))); \(advice)")
  }

  /// The package this binary was built from: the source file's directory, upwards to the
  /// first with a Package.swift (nil once the sources are gone).
  static func packageRoot() -> String? {
    var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while directory.path != "/" {
      if FileManager.default.fileExists(
        atPath: directory.appendingPathComponent("Package.swift").path)
      {
        return directory.path
      }
      directory = directory.deletingLastPathComponent()
    }
    return nil
  }

  static func executablePath() -> String? {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments.first
  }

  /// `<scratch>/<triple>/debug/bench` or `<scratch>/debug/bench` → `<scratch>`.
  static func scratchPath(of executable: String) -> String? {
    let configuration = URL(fileURLWithPath: executable).deletingLastPathComponent()
    guard configuration.lastPathComponent == "debug" else { return nil }
    let parent = configuration.deletingLastPathComponent()
    return parent.lastPathComponent.contains("-")
      ? parent.deletingLastPathComponent().path : parent.path
  }
}
