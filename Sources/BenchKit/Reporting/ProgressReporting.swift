import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Hears about a run as it goes.
public protocol BenchmarkProgress: Sendable {
  /// The run's benchmarks, in order, and how they will be measured.
  func begin(_ keys: [BenchmarkKey], budgetSeconds: Double, jobs: Int)
  func started(_ key: BenchmarkKey)
  func finished(_ key: BenchmarkKey, outcome: BenchmarkRunner.Outcome)
  func end()
}

/// Progress on a stream: on a terminal, one line rewritten in place with a count and an ETA;
/// otherwise one plain line per benchmark. The ETA is `RunTimeEstimate`'s, calibrated on the
/// benchmarks measured so far; at the end, one line says how long measuring took against the
/// first estimate.
public final class ProgressPrinter: BenchmarkProgress, @unchecked Sendable {
  private let lock = NSLock()
  private let write: @Sendable (String) -> Void
  private let isTerminal: Bool
  /// Nanoseconds, monotonic: `MonotonicClock.now`, or a script in tests.
  private let now: @Sendable () -> UInt64
  private var total = 0
  private var done = 0
  private var estimate = RunTimeEstimate(planned: [])
  private var firstEstimate = 0.0
  private var start: UInt64 = 0
  private var running: [BenchmarkKey: UInt64] = [:]

  public init(
    isTerminal: Bool, now: @escaping @Sendable () -> UInt64 = { MonotonicClock.now() },
    write: @escaping @Sendable (String) -> Void
  ) {
    self.isTerminal = isTerminal
    self.now = now
    self.write = write
  }

  /// Standard error, in place when it is a terminal.
  public static func standardError() -> ProgressPrinter {
    ProgressPrinter(isTerminal: isatty(2) != 0) {
      try? FileSystem.write(Data($0.utf8), to: STDERR_FILENO, name: "standard error")
    }
  }

  public func begin(_ keys: [BenchmarkKey], budgetSeconds: Double, jobs: Int) {
    lock.withLock {
      total = keys.count
      estimate = RunTimeEstimate(keys: keys, budgetSeconds: budgetSeconds, parallelism: jobs)
      firstEstimate = estimate.remainingSeconds()
      start = now()
    }
  }

  public func started(_ key: BenchmarkKey) {
    let line: String = lock.withLock {
      running[key] = now()
      return "\r\u{1B}[K[\(done + 1)/\(total)] \(key)  \(timeText())"
    }
    if isTerminal { write(line) }
  }

  public func finished(_ key: BenchmarkKey, outcome: BenchmarkRunner.Outcome) {
    let line: String = lock.withLock {
      done += 1
      if let started = running.removeValue(forKey: key) {
        estimate.finished(key, seconds: Self.seconds(from: started, to: now()))
      }
      if isTerminal {
        if case .failed(_, let message) = outcome {
          return "\r\u{1B}[KFAILED \(key): \(message)\n"
        }
        return ""
      }
      switch outcome {
      case .measured(let result):
        return
          "[\(done)/\(total)] \(key): median \(Formatting.duration(result.statistics.median)), \(timeText())\n"
      case .failed(_, let message):
        return "[\(done)/\(total)] FAILED \(key): \(message)\n"
      }
    }
    if !line.isEmpty { write(line) }
  }

  public func end() {
    let line = lock.withLock {
      let elapsed = Self.seconds(from: start, to: now())
      return
        "measured \(done) benchmark\(done == 1 ? "" : "s") in \(RunTimeEstimate.text(seconds: elapsed)) (estimated \(RunTimeEstimate.text(seconds: firstEstimate)) at the start)\n"
    }
    write((isTerminal ? "\r\u{1B}[K" : "") + line)
  }

  /// `elapsed 1m02s, ETA 2m10s`. Called under the lock.
  private func timeText() -> String {
    let time = now()
    let underWay = running.map { (key: $0.key, elapsed: Self.seconds(from: $0.value, to: time)) }
    let elapsed = Self.seconds(from: start, to: time)
    return
      "elapsed \(RunTimeEstimate.text(seconds: elapsed)), ETA \(RunTimeEstimate.text(seconds: estimate.remainingSeconds(running: underWay)))"
  }

  private static func seconds(from start: UInt64, to end: UInt64) -> Double {
    end >= start ? Double(end - start) / 1e9 : 0
  }
}
