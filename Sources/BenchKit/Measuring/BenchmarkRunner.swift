import Dispatch
import Foundation

/// Measures benchmarks as docs/BenchMethod.md says: setup outside the timed region, a warm-up that
/// also calibrates, samples of k iterations lasting about `targetSampleNanoseconds`, every
/// sample kept, a time budget per benchmark, a check of the answer after timing, then one
/// untimed pass for the work counters and one iteration of the timed code for allocations (and,
/// for a routine that keeps what it builds, the bytes that iteration retains).
public struct BenchmarkRunner: Sendable {
  public struct Configuration: Sendable {
    /// Seconds of timed sampling per benchmark.
    public var timeBudget: Double
    /// A sample lasts about this long (1–5 ms: below the scheduler's 10 ms quantum).
    public var targetSampleNanoseconds: Double = 2_000_000
    /// Samples to take even past the budget (unless `hardLimitFactor` × budget passes first).
    public var minimumSamples = 10
    public var maximumSamples = 100
    /// Past this many budgets, stop with whatever samples there are (at least 3).
    public var hardLimitFactor = 4.0
    /// Warm-up: at most this fraction of the budget (and at least one iteration).
    public var warmupFraction = 0.1
    public var allocationCounter: AllocationCounter
    public var measuresPeakMemory: Bool
    /// Benchmarks at once; above 1, allocations and peak memory are not counted (they are
    /// process-wide and the jobs would mix them).
    public var jobs: Int
    /// Called before each benchmark is measured (`bench run` widens its CPU pinning for the
    /// benchmarks that run on several threads).
    public var beforeEach: (@Sendable (Benchmark) -> Void)?

    public init(
      timeBudget: Double, allocationCounter: AllocationCounter = .unavailable("not wired"),
      measuresPeakMemory: Bool = PeakMemory.isAvailable, jobs: Int = 1
    ) {
      self.timeBudget = timeBudget
      self.allocationCounter = allocationCounter
      self.measuresPeakMemory = measuresPeakMemory
      self.jobs = max(1, jobs)
    }
  }

  public var configuration: Configuration

  public init(_ configuration: Configuration) { self.configuration = configuration }

  /// Why allocations are not counted in this run, or nil when they are.
  public var allocationNote: String? {
    if let reason = configuration.allocationCounter.unavailableReason { return reason }
    return configuration.jobs > 1 ? "not counted with --jobs > 1 (counts are process-wide)" : nil
  }

  public var peakMemoryNote: String? {
    if !configuration.measuresPeakMemory {
      return "unavailable (needs Linux's /proc/self/clear_refs and VmHWM)"
    }
    return configuration.jobs > 1 ? "not measured with --jobs > 1 (process-wide)" : nil
  }

  /// Measures one benchmark.
  public func measure(_ benchmark: Benchmark) throws -> BenchmarkResult {
    let started = MonotonicClock.now()
    let peakMemory = configuration.measuresPeakMemory && configuration.jobs == 1
    if peakMemory { PeakMemory.reset() }
    let routine = try benchmark.makeRoutine()
    let ops = Double(max(1, routine.operationsPerIteration))
    let budget = configuration.timeBudget * 1e9
    let target = configuration.targetSampleNanoseconds

    // Warm-up and calibration: batches of 1, 2, 4, … until one lasts half a target sample or
    // the warm-up share of the budget is spent.
    var warmupIterations = 0
    var batch = 1
    var perIteration = 0.0
    let warmupStart = MonotonicClock.now()
    while true {
      routine.prepareBatch(iterations: batch)
      let elapsed = MonotonicClock.measure { routine.runBatch(iterations: batch) }
      warmupIterations += batch
      perIteration = max(1, Double(elapsed) / Double(batch))
      let spent = Double(MonotonicClock.now() - warmupStart)
      if Double(elapsed) >= target / 2 || spent >= budget * configuration.warmupFraction {
        break
      }
      batch *= 2
    }
    let iterations = max(1, Int((target / perIteration).rounded()))

    // Sampling.
    var samples: [Double] = []
    samples.reserveCapacity(configuration.maximumSamples)
    var timed = 0.0
    let samplingStart = MonotonicClock.now()
    while samples.count < configuration.maximumSamples {
      routine.prepareBatch(iterations: iterations)
      let elapsed = MonotonicClock.measure { routine.runBatch(iterations: iterations) }
      timed += Double(elapsed)
      samples.append(Double(elapsed) / (Double(iterations) * ops))
      let wall = Double(MonotonicClock.now() - samplingStart)
      if timed >= budget && samples.count >= configuration.minimumSamples { break }
      if wall >= budget * configuration.hardLimitFactor && samples.count >= 3 { break }
    }

    try routine.check()

    routine.rewind()
    let counters = routine.countWork()
    var allocations: BenchmarkResult.Allocations?
    var retainedBytes: Int?
    let note = allocationNote
    if note == nil {
      // On a fresh instance: a routine that has run for a while has grown its buffers by a
      // history that depends on how many iterations the time budget allowed, so counting on
      // it would make the count vary from run to run.
      // Setup runs in the exact-size window too: the buffers it makes, and how much room
      // they have to grow, are part of what the counted iteration does.
      let counter = configuration.allocationCounter
      counter.exactSizes(true)
      defer { counter.exactSizes(false) }
      let fresh = try benchmark.makeRoutine()
      // Retained bytes cover the untimed setup of the iteration too: for a prepare, that is
      // the layout's `init`, and what it keeps is part of the prepared layout.
      counter.markRetained()
      fresh.prepareBatch(iterations: 1)
      let before = counter.read()
      fresh.runBatch(iterations: 1)
      let after = counter.read()
      if fresh.measuresRetainedMemory { retainedBytes = counter.readRetained() }
      counter.exactSizes(false)
      blackHole(fresh)
      allocations = BenchmarkResult.Allocations(
        count: Int(after.allocations - before.allocations), bytes: Int(after.bytes - before.bytes),
        deterministic: benchmark.allocationsAreDeterministic)
    }
    let peak = peakMemory ? PeakMemory.peakResidentBytes() : nil
    blackHole(routine)
    return BenchmarkResult(
      name: benchmark.name, strategy: benchmark.strategy, workload: benchmark.workload,
      dataset: benchmark.dataset, items: benchmark.items,
      operationsPerIteration: routine.operationsPerIteration, iterationsPerSample: iterations,
      warmupIterations: warmupIterations, samples: samples, counters: counters,
      allocations: allocations, allocationsNote: note, retainedBytes: retainedBytes,
      peakResidentBytes: peak,
      elapsedSeconds: Double(MonotonicClock.now() - started) / 1e9)
  }

  /// What happened to one benchmark of a run.
  public enum Outcome: Sendable {
    case measured(BenchmarkResult)
    case failed(Benchmark, String)
  }

  /// Measures `benchmarks` in order, `configuration.jobs` at a time, reporting progress.
  public func run(_ benchmarks: [Benchmark], progress: (any BenchmarkProgress)? = nil) -> [Outcome]
  {
    let total = benchmarks.count
    let state = RunState(count: total)
    progress?.begin(
      benchmarks.map(\.key), budgetSeconds: configuration.timeBudget, jobs: configuration.jobs)
    let work: @Sendable (Int) -> Void = { _ in
      while let index = state.take() {
        let benchmark = benchmarks[index]
        configuration.beforeEach?(benchmark)
        progress?.started(benchmark.key)
        let outcome: Outcome
        do {
          outcome = .measured(try measure(benchmark))
        } catch {
          outcome = .failed(benchmark, "\(error)")
        }
        state.store(outcome, at: index)
        progress?.finished(benchmark.key, outcome: outcome)
      }
    }
    if configuration.jobs <= 1 {
      work(0)
    } else {
      DispatchQueue.concurrentPerform(iterations: configuration.jobs, execute: work)
    }
    progress?.end()
    return state.outcomes
  }
}

/// The shared queue of a run's benchmarks and their outcomes. A class with a lock: the jobs
/// take work from it and store into it concurrently.
private final class RunState: @unchecked Sendable {
  private let lock = NSLock()
  private var next = 0
  private let count: Int
  private var stored: [BenchmarkRunner.Outcome?]

  init(count: Int) {
    self.count = count
    stored = Array(repeating: nil, count: count)
  }

  func take() -> Int? {
    lock.withLock {
      guard next < count else { return nil }
      defer { next += 1 }
      return next
    }
  }

  func store(_ outcome: BenchmarkRunner.Outcome, at index: Int) {
    lock.withLock { stored[index] = outcome }
  }

  var outcomes: [BenchmarkRunner.Outcome] { lock.withLock { stored.compactMap { $0 } } }
}
