import Foundation

/// A results file: everything one run measured, with its environment and settings. The one
/// source every report is rendered from, and what `bench compare` reads. Schema in
/// Results/README.md; `schemaVersion` rises with any change a reader must know about.
public struct ResultsFile: Codable, Hashable, Sendable {
  /// 2 adds `retainedBytes` to the prepare results.
  public static let currentSchemaVersion = 2
  /// Versions `bench` reads: 1 is 2 without retained bytes, so an older baseline still
  /// compares, its retained bytes reported as not in the baseline until it is refreshed.
  public static let readableSchemaVersions = 1...currentSchemaVersion
  /// The first version whose prepare results carry `retainedBytes`.
  public static let retainedBytesSchemaVersion = 2

  public var schemaVersion: Int
  public var environment: BenchEnvironment
  public var settings: RunSettings
  public var results: [BenchmarkResult]
  /// Growth of every series measured at two sizes or more.
  public var fits: [SeriesFit]
  /// The same-run ratios the suite declares, with their floors.
  public var ratios: [RatioResult]
  /// Things a reader must know about this run (modes, what could not be measured).
  public var notes: [String]

  public init(
    environment: BenchEnvironment, settings: RunSettings, results: [BenchmarkResult],
    ratioFloors: [RatioFloor] = [], notes: [String] = []
  ) {
    schemaVersion = Self.currentSchemaVersion
    self.environment = environment
    self.settings = settings
    self.results = results
    self.fits = SeriesFit.fits(of: results)
    self.ratios = RatioResult.evaluate(ratioFloors, in: results)
    self.settings.ratioFloors = ratioFloors
    self.notes = notes
  }

  public func result(_ key: BenchmarkKey) -> BenchmarkResult? {
    results.first { $0.key == key }
  }

  public var isDebugBuild: Bool { environment.buildConfiguration != "release" }
}

/// How a run was made.
public struct RunSettings: Codable, Hashable, Sendable {
  /// Seconds of sampling per benchmark.
  public var timeBudgetSeconds: Double
  /// Benchmarks run at once: 1 (timed runs' default) or more (`--jobs`, trading fidelity).
  public var jobs: Int
  /// `sequential`, or `parallel (N jobs): timings disturb each other; …`.
  public var mode: String
  public var quick: Bool
  public var suite: String
  /// Target duration of one sample, nanoseconds.
  public var targetSampleNanoseconds: Double
  /// nil when allocations were counted; otherwise why not.
  public var allocationCounting: String?
  /// nil when peak memory was measured; otherwise why not.
  public var peakMemory: String?
  /// How instructions were counted (`bench run --instructions`); nil when they were not.
  public var instructionCounting: String?
  public var ratioFloors: [RatioFloor]

  public init(
    timeBudgetSeconds: Double, jobs: Int, quick: Bool, suite: String,
    targetSampleNanoseconds: Double = 2_000_000, allocationCounting: String? = nil,
    peakMemory: String? = nil, ratioFloors: [RatioFloor] = []
  ) {
    self.timeBudgetSeconds = timeBudgetSeconds
    self.jobs = jobs
    self.mode =
      jobs <= 1
      ? "sequential (one benchmark at a time)"
      : "parallel (\(jobs) jobs): benchmarks disturb each other's timings; allocations and peak memory are not counted"
    self.quick = quick
    self.suite = suite
    self.targetSampleNanoseconds = targetSampleNanoseconds
    self.allocationCounting = allocationCounting
    self.peakMemory = peakMemory
    self.ratioFloors = ratioFloors
  }
}
