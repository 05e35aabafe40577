/// One benchmark's code, set up and ready to be timed. The runner calls, in order: a warm-up
/// and calibration, then for every sample `prepareBatch(iterations:)` (untimed) and
/// `runBatch(iterations:)` (timed), then `check()` on what the last timed batch produced, then
/// one counting pass. A class: the runner drives one instance through all of that, and its
/// state (a prepared layout, the last answer) lives across the calls.
public protocol BenchmarkRoutine: AnyObject {
  /// Untimed: gets `iterations` iterations ready (for example, fresh unprepared layouts).
  func prepareBatch(iterations: Int)

  /// Timed: runs `iterations` iterations, each result consumed through `blackHole`.
  func runBatch(iterations: Int)

  /// After timing: throws `BenchmarkCheckFailure` if what the timed code produced is wrong.
  /// A wrong fast answer is not a result. No default: every routine states what it checks.
  func check() throws

  /// The deterministic work counters of one iteration (the strategies' counters), by name.
  /// Runs untimed, after `check()`.
  func countWork() -> [String: Int]

  /// Returns to the state before the first iteration (the first query of a cycle, the layout
  /// before its first update), so the counting passes do the same work on every run.
  func rewind()

  /// Operations one iteration performs (threads × queries, say); statistics are per operation.
  var operationsPerIteration: Int { get }

  /// Whether one iteration builds something the routine then holds, such as a prepared layout,
  /// whose heap the harness reports as retained bytes: what `prepareBatch(iterations: 1)` and
  /// `runBatch(iterations: 1)` of a fresh routine allocate and do not free. A routine that says
  /// so keeps nothing else from those two calls (no buffer of its own grows in them).
  var measuresRetainedMemory: Bool { get }
}

extension BenchmarkRoutine {
  public func prepareBatch(iterations: Int) {}
  public func rewind() {}
  public var operationsPerIteration: Int { 1 }
  public var measuresRetainedMemory: Bool { false }
  public func countWork() -> [String: Int] { [:] }
}

/// A benchmark computed a wrong answer.
public struct BenchmarkCheckFailure: Error, CustomStringConvertible, Sendable {
  public var description: String
  public init(_ description: String) { self.description = description }
}
