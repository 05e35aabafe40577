import Foundation
import Testing

@testable import BenchKit

/// Retained bytes: the harness reports what one iteration keeps, `bench compare` gates it
/// exactly, and neither a candidate nor a baseline lacking it passes unnoticed.
@Suite struct RetainedBytesTests {
  /// A fake of the wrapper's retained-bytes window: `keep` and `free` move a live total that
  /// `markRetained` starts from zero.
  final class FakeRetention: @unchecked Sendable {
    private let lock = NSLock()
    private var live = 0
    func keep(_ bytes: Int) { lock.withLock { live += bytes } }
    func free(_ bytes: Int) { lock.withLock { live -= bytes } }
    var counter: AllocationCounter {
      AllocationCounter(
        unavailableReason: nil, markRetained: { [self] in lock.withLock { live = 0 } },
        readRetained: { [self] in lock.withLock { live } },
        read: { AllocationCounter.Totals(allocations: 1, bytes: 1) })
    }
  }

  /// Keeps `bytes` from an iteration (half untimed, half timed) and frees scratch in between.
  final class RetainingRoutine: BenchmarkRoutine, @unchecked Sendable {
    let bytes: Int
    let fake: FakeRetention
    let keeps: Bool
    init(bytes: Int, fake: FakeRetention, keeps: Bool = true) {
      self.bytes = bytes
      self.fake = fake
      self.keeps = keeps
    }
    var measuresRetainedMemory: Bool { keeps }
    func prepareBatch(iterations: Int) {
      fake.keep(bytes / 2 + 100)
      fake.free(100)
    }
    private var keptByRun = 0
    /// Each iteration replaces what the one before kept: a batch takes time in proportion to
    /// its iterations, as the runner's calibration needs.
    func runBatch(iterations: Int) {
      for _ in 0..<iterations {
        fake.free(keptByRun)
        keptByRun = bytes - bytes / 2
        fake.keep(keptByRun)
      }
    }
    /// Nothing to check: it computes nothing, only keeps.
    func check() throws {}
  }

  static func measure(
    bytes: Int, keeps: Bool = true, jobs: Int = 1, items: Int = 100
  ) throws -> BenchmarkResult {
    let fake = FakeRetention()
    var configuration = BenchmarkRunner.Configuration.tiny()
    configuration.allocationCounter = fake.counter
    configuration.jobs = jobs
    return try BenchmarkRunner(configuration).measure(
      Benchmark(strategy: "s", workload: "prepare", dataset: "d", items: items) {
        RetainingRoutine(bytes: bytes, fake: fake, keeps: keeps)
      })
  }

  @Test func aRoutineThatKeepsKnownBytes_reportsExactlyThem() throws {
    let result = try Self.measure(bytes: 3_201)
    #expect(result.retainedBytes == 3_201)
    #expect(result.retainedBytesPerItem == 32.01)
    #expect(ResultsFile.retainedText(result) == "32.0 B")
  }

  @Test func aRoutineThatKeepsNothing_reportsNone() throws {
    #expect(try Self.measure(bytes: 3_200, keeps: false).retainedBytes == nil)
  }

  @Test func withJobs_retainedBytesAreNotMeasured_andTheNoteSaysWhy() throws {
    let result = try Self.measure(bytes: 3_200, jobs: 2)
    #expect(result.retainedBytes == nil)
    #expect(result.allocationsNote?.contains("--jobs") == true)
  }

  static func file(
    retained: Int?, schema: Int = ResultsFile.currentSchemaVersion, note: String? = nil
  ) -> ResultsFile {
    var result = BenchmarkResult(
      name: "s prepare d", strategy: "s", workload: "prepare", dataset: "d", items: 1_000,
      samples: (0..<20).map { 1_000 + Double($0) }, allocationsNote: note,
      retainedBytes: retained)
    result.counters = ["framesComputed": 1_000]
    var file = ResultsFile(
      environment: TestResults.environment(),
      settings: RunSettings(timeBudgetSeconds: 0.1, jobs: 1, quick: true, suite: "test"),
      results: [result])
    file.schemaVersion = schema
    return file
  }

  static func gate(_ baseline: ResultsFile, _ candidate: ResultsFile) -> GateReport {
    var gate = BaselineGate(baseline: baseline, candidate: candidate)
    gate.deterministicOnly = true
    return gate.evaluate()
  }

  @Test func theSameRetainedBytes_pass() {
    let report = Self.gate(Self.file(retained: 32_000), Self.file(retained: 32_000))
    #expect(!report.hasRegression, "\(report.text())")
    #expect(report.retainedCompared == 1)
  }

  @Test func aRise_fails_andADrop_isAnImprovement() {
    let rise = Self.gate(Self.file(retained: 32_000), Self.file(retained: 32_001))
    #expect(
      rise.regressions.contains {
        $0.gate == .retained && $0.message.contains("retained bytes 32000 → 32001")
      }, "\(rise.text())")
    let drop = Self.gate(Self.file(retained: 32_000), Self.file(retained: 16_000))
    #expect(!drop.hasRegression)
    #expect(drop.findings.contains { $0.gate == .retained && $0.severity == .improvement })
    #expect(drop.text().contains("32.0 B → 16.0 B"))
  }

  @Test func aCandidateThatDidNotMeasureThem_fails() {
    let report = Self.gate(
      Self.file(retained: 32_000),
      Self.file(retained: nil, note: "not counted with --jobs > 1 (counts are process-wide)"))
    #expect(
      report.regressions.contains {
        $0.gate == .retained && $0.message.contains("not measured in the candidate")
          && $0.message.contains("--jobs")
      }, "\(report.text())")
  }

  @Test func throughBenchCompare_aCandidateWithoutThem_exitsOne() throws {
    try GateWalkAroundTests.expectFails(
      Self.file(retained: nil, note: "not counted with --jobs > 1 (counts are process-wide)"),
      against: Self.file(retained: 32_000), "retained bytes not measured in the candidate")
  }

  @Test func aBaselineFromBeforeThem_gatesNothing_andSaysRefreshIt() {
    let report = Self.gate(Self.file(retained: nil, schema: 1), Self.file(retained: 32_000))
    #expect(!report.hasRegression, "\(report.text())")
    #expect(report.retainedCompared == 0 && report.retainedNotInBaseline == 1)
    #expect(report.text().contains("1 not in the baseline"))
    #expect(report.text().contains("refresh it"))
  }

  @Test func aVersion1File_isRead_andAVersion2FileCarriesRetainedBytes() throws {
    var old = try Self.file(retained: nil, schema: 1).encoded()
    #expect(try ResultsFile.decode(old, path: "old.json").schemaVersion == 1)
    old = try Self.file(retained: 1_234).encoded()
    let decoded = try ResultsFile.decode(old, path: "new.json")
    #expect(decoded.schemaVersion == 2 && decoded.results[0].retainedBytes == 1_234)
  }

  @Test func aNegativeRetainedCount_isRefusedNamingTheField() throws {
    let data = try Self.file(retained: -1).encoded()
    #expect(throws: ResultsFileError.self) { try ResultsFile.decode(data, path: "bad.json") }
    do {
      _ = try ResultsFile.decode(data, path: "bad.json")
    } catch {
      #expect("\(error)".contains("results[0].retainedBytes"))
    }
  }
}
