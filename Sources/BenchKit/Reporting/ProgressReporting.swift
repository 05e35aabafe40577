import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Hears about a run as it goes.
public protocol BenchmarkProgress: Sendable {
  func begin(total: Int, estimatedSecondsEach: Double)
  func started(_ key: BenchmarkKey)
  func finished(_ key: BenchmarkKey, outcome: BenchmarkRunner.Outcome)
  func end()
}

/// Progress on a stream: on a terminal, one line rewritten in place with a count and an ETA;
/// otherwise one plain line per benchmark.
public final class ProgressPrinter: BenchmarkProgress, @unchecked Sendable {
  private let lock = NSLock()
  private let write: @Sendable (String) -> Void
  private let isTerminal: Bool
  private var total = 0
  private var done = 0
  private var estimateEach = 0.0
  private var start = MonotonicClock.now()

  public init(isTerminal: Bool, write: @escaping @Sendable (String) -> Void) {
    self.isTerminal = isTerminal
    self.write = write
  }

  /// Standard error, in place when it is a terminal.
  public static func standardError() -> ProgressPrinter {
    ProgressPrinter(isTerminal: isatty(2) != 0) {
      try? FileSystem.write(Data($0.utf8), to: STDERR_FILENO, name: "standard error")
    }
  }

  public func begin(total: Int, estimatedSecondsEach: Double) {
    lock.withLock {
      self.total = total
      estimateEach = estimatedSecondsEach
      start = MonotonicClock.now()
    }
  }

  public func started(_ key: BenchmarkKey) {
    guard isTerminal else { return }
    let line = lock.withLock { "\r\u{1B}[K[\(done + 1)/\(total)] \(key)  ETA \(eta())" }
    write(line)
  }

  public func finished(_ key: BenchmarkKey, outcome: BenchmarkRunner.Outcome) {
    let line: String = lock.withLock {
      done += 1
      if isTerminal {
        if case .failed(_, let message) = outcome {
          return "\r\u{1B}[KFAILED \(key): \(message)\n"
        }
        return ""
      }
      switch outcome {
      case .measured(let result):
        return
          "[\(done)/\(total)] \(key): median \(Formatting.duration(result.statistics.median)), ETA \(eta())\n"
      case .failed(_, let message):
        return "[\(done)/\(total)] FAILED \(key): \(message)\n"
      }
    }
    if !line.isEmpty { write(line) }
  }

  public func end() {
    if isTerminal { write("\r\u{1B}[K") }
  }

  /// Remaining time: the average so far times what is left (the estimate before any is done).
  private func eta() -> String {
    let elapsed = Double(MonotonicClock.now() - start) / 1e9
    let each = done > 0 ? elapsed / Double(done) : estimateEach
    let seconds = Int((each * Double(total - done)).rounded())
    return seconds >= 60
      ? "\(seconds / 60)m\(String(format: "%02d", seconds % 60))s" : "\(seconds)s"
  }
}
