import BenchKit
import BenchmarkDatasets
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// docs/BenchMethod.md, "Two runs on equal footing": `bench run` measures time in a process
/// placed the same way every run, so that two results files of one binary agree. Before it
/// measures, it re-executes itself once — pinned to one CPU (with `--jobs 1`), without address
/// randomization, started as `/proc/self/exe` with its stack padded to a page, setup on one
/// thread and deterministic hashing — the cure `bench compare --against` gives its workers.
enum RunPlacement {
  /// Set in the re-executed process: what was done (recorded in the results file), and what
  /// keeps it from re-executing again.
  static let marker = "BENCH_RUN_PLACEMENT"
  static let padding = "BENCH_STACK_PAD"
  /// The CPU the re-executed process is pinned to, and those it was allowed before.
  static let pinnedCPU = "BENCH_RUN_CPU"
  static let allowedCPUs = "BENCH_RUN_ALLOWED_CPUS"

  /// In the re-executed process pinned to one CPU: before each benchmark, pins to every CPU
  /// it was allowed for a workload that runs on several threads (on one CPU its threads would
  /// take turns, and a concurrent query would measure nothing concurrent), and back to the
  /// one CPU for the rest. Nil where the process is not pinned.
  static func beforeEachBenchmark() -> (@Sendable (Benchmark) -> Void)? {
    let environment = ProcessInfo.processInfo.environment
    guard environment[marker] != nil, let pinned = environment[pinnedCPU].flatMap({ Int($0) }),
      let allowed = environment[allowedCPUs]?.split(separator: ",").compactMap({ Int($0) }),
      allowed.count > 1
    else { return nil }
    let single = Workload.concurrentQuery(threads: 1).name
    return { benchmark in
      let threaded =
        benchmark.workload != single && Workload.named(benchmark.workload)?.isConcurrent == true
      _ = threaded ? ProcessPlacement.pin(to: allowed) : ProcessPlacement.pin(to: pinned)
    }
  }

  /// Returns what the results file records about placement: in the re-executed process, what
  /// was done; where it cannot be done, why. Otherwise re-executes (and does not return).
  static func place(jobs: Int, arguments: [String]) -> String {
    let environment = ProcessInfo.processInfo.environment
    if let done = environment[marker] {
      return done
        + (ProcessPlacement.addressRandomizationIsOff
          ? "" : " (but address randomization is on)")
    }
    #if os(Linux)
      // Only the bench executable re-executes itself: in-process callers (tests) measure as
      // they are.
      guard let executable = ReleaseBuild.executablePath(),
        URL(fileURLWithPath: executable).lastPathComponent == "bench"
      else { return "not placed: measured in-process" }
      var done: [String] = []
      if jobs == 1 {
        // The least busy CPU at the start: the one most likely to stay free of other jobs.
        let allowed = ProcessPlacement.allowedCPUs()
        if let cpu = ProcessPlacement.leastBusyCPU(), ProcessPlacement.pin(to: cpu) {
          done.append(
            "pinned to CPU \(cpu)"
              + (allowed.count > 1
                ? " (CPUs \(allowed.map(String.init).joined(separator: ",")) for the multi-threaded benchmarks)"
                : ""))
          setenv(pinnedCPU, "\(cpu)", 1)
          setenv(allowedCPUs, allowed.map(String.init).joined(separator: ","), 1)
        } else {
          done.append("not pinned (CPU affinity unavailable)")
        }
      } else {
        done.append("not pinned (--jobs \(jobs) runs benchmarks at once)")
      }
      guard ProcessPlacement.disableAddressRandomizationForChildren() else {
        return (done + ["address randomization on (cannot be turned off here)"])
          .joined(separator: ", ")
      }
      done += [
        "address randomization off", "started alike", "serial setup", "deterministic hashing",
      ]
      setenv(marker, done.joined(separator: ", "), 1)
      setenv("BENCH_SERIAL_SETUP", "1", 1)
      setenv("SWIFT_DETERMINISTIC_HASHING", "1", 1)
      unsetenv(padding)
      let path = "/proc/self/exe"
      let argv = ["bench"] + arguments
      var current: [String] = []
      var entry = environ
      while let string = entry.pointee {
        current.append(String(cString: string))
        entry += 1
      }
      let pad = ProcessPlacement.stackPadding(
        executablePath: path, arguments: argv, environment: current, name: padding)
      setenv(padding, String(repeating: "x", count: pad), 1)
      let cArguments = argv.map { strdup($0) } + [nil]
      execv(path, cArguments)
      let reason = String(cString: strerror(errno))
      unsetenv(marker)
      return "not placed: cannot re-execute (\(reason))"
    #else
      return "not placed: CPU pinning and address randomization are Linux-only here"
    #endif
  }
}
