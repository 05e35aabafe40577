/// What one benchmark measured: the results file's `results[i]`.
public struct BenchmarkResult: Codable, Hashable, Sendable {
  public var name: String
  public var strategy: String
  public var workload: String
  public var dataset: String
  public var items: Int
  /// Operations per iteration; every time below is per operation.
  public var operationsPerIteration: Int
  /// Iterations in each timed sample (calibrated so a sample lasts about 1–5 ms).
  public var iterationsPerSample: Int
  public var warmupIterations: Int
  /// Nanoseconds per operation.
  public var statistics: SampleStatistics
  /// Every sample, nanoseconds per operation, in the order they were taken.
  public var samples: [Double]
  /// The strategy's work counters for one iteration (deterministic).
  public var counters: [String: Int]
  /// Heap allocations of one iteration of the timed code, or nil with `allocationsNote` saying
  /// why they could not be counted.
  public var allocations: Allocations?
  public var allocationsNote: String?
  /// Heap bytes that what one iteration builds keeps (a prepared layout: bytes its `init` and
  /// `prepare` allocated and did not free, each block at the size it asked for; not the model
  /// it was given, which it shares). Nil where not measured: a routine that builds nothing it
  /// keeps (every workload but `prepare`), or allocations not counted (`allocationsNote`).
  public var retainedBytes: Int?
  /// Instructions of one iteration of the timed code on a fresh instance, counted by
  /// callgrind (`bench run --instructions`), or nil with `instructionsNote` saying why not.
  public var instructions: Int?
  public var instructionsNote: String?
  /// Peak resident memory of the process while this benchmark ran (set up, timed, checked).
  public var peakResidentBytes: Int?
  /// Wall time the whole benchmark took, setup included.
  public var elapsedSeconds: Double

  public struct Allocations: Codable, Hashable, Sendable {
    public var count: Int
    public var bytes: Int
    /// False where a thread pool allocates on the workload's behalf: then the counts are
    /// shown but not gated.
    public var deterministic: Bool

    public init(count: Int, bytes: Int, deterministic: Bool) {
      self.count = count
      self.bytes = bytes
      self.deterministic = deterministic
    }
  }

  public init(
    name: String, strategy: String, workload: String, dataset: String, items: Int,
    operationsPerIteration: Int = 1, iterationsPerSample: Int = 1, warmupIterations: Int = 0,
    samples: [Double], counters: [String: Int] = [:], allocations: Allocations? = nil,
    allocationsNote: String? = nil, retainedBytes: Int? = nil, peakResidentBytes: Int? = nil,
    elapsedSeconds: Double = 0
  ) {
    self.name = name
    self.strategy = strategy
    self.workload = workload
    self.dataset = dataset
    self.items = items
    self.operationsPerIteration = operationsPerIteration
    self.iterationsPerSample = iterationsPerSample
    self.warmupIterations = warmupIterations
    self.statistics = SampleStatistics(samples: samples)
    self.samples = samples
    self.counters = counters
    self.allocations = allocations
    self.allocationsNote = allocationsNote
    self.retainedBytes = retainedBytes
    self.peakResidentBytes = peakResidentBytes
    self.elapsedSeconds = elapsedSeconds
  }

  public var key: BenchmarkKey { BenchmarkKey(name: name, items: items) }

  /// The series a result belongs to across sizes: its name.
  public var series: String { name }

  /// Retained bytes per item, or nil where not measured.
  public var retainedBytesPerItem: Double? {
    retainedBytes.map { Double($0) / Double(max(items, 1)) }
  }

  /// Sum of the work counters: the total work one iteration did.
  public var totalWork: Int { counters.values.reduce(0, +) }
}
