import BenchKit
import Foundation

/// A routine whose work is a fixed amount of arithmetic, `scale` times over: the test double
/// for "does 20 % more work" (and, with `extraAllocations`, an extra allocation per item).
final class SpinRoutine: BenchmarkRoutine, @unchecked Sendable {
  let units: Int
  let scale: Double
  let extraAllocations: Int
  var failsCheck = false
  private var sink: UInt64 = 0

  init(units: Int, scale: Double = 1, extraAllocations: Int = 0) {
    self.units = units
    self.scale = scale
    self.extraAllocations = extraAllocations
  }

  var work: Int { Int(Double(units) * scale) }

  func runBatch(iterations: Int) {
    let count = identity(work)
    for _ in 0..<iterations {
      var x: UInt64 = 0x9E37_79B9
      for index in 0..<count { x = (x &* 6_364_136_223_846_793_005) &+ UInt64(index) }
      sink &+= x
    }
    blackHole(sink)
  }

  func check() throws {
    if failsCheck { throw BenchmarkCheckFailure("wrong on purpose") }
  }

  func countWork() -> [String: Int] { ["unitsComputed": work] }
}

/// A fake allocation counter over a number the test controls.
final class FakeAllocations: @unchecked Sendable {
  private let lock = NSLock()
  private var total: UInt64 = 0
  func add(_ count: UInt64) { lock.withLock { total += count } }
  var counter: AllocationCounter {
    AllocationCounter(unavailableReason: nil) { [self] in
      lock.withLock { AllocationCounter.Totals(allocations: total, bytes: total * 16) }
    }
  }
}

/// A routine that "allocates" through `FakeAllocations`: `perItem` per item per iteration.
final class AllocatingRoutine: BenchmarkRoutine, @unchecked Sendable {
  let items: Int
  let perItem: Int
  let allocations: FakeAllocations
  init(items: Int, perItem: Int, allocations: FakeAllocations) {
    self.items = items
    self.perItem = perItem
    self.allocations = allocations
  }
  func runBatch(iterations: Int) {
    for _ in 0..<iterations { allocations.add(UInt64(items * perItem)) }
  }
  /// Nothing to check: it computes nothing, only counts.
  func check() throws {}
}

extension BenchmarkRunner.Configuration {
  /// Small and fast, for tests: samples of ~50 µs, a few of them.
  static func tiny(budget: Double = 0.002) -> Self {
    var configuration = Self(timeBudget: budget, measuresPeakMemory: false)
    configuration.targetSampleNanoseconds = 50_000
    configuration.minimumSamples = 5
    configuration.maximumSamples = 40
    return configuration
  }
}

/// Results files for tests: series of spin routines at several sizes.
enum TestResults {
  static func environment(host: String = "test-host") -> BenchEnvironment {
    BenchEnvironment(
      cpu: "test cpu", cores: 2, os: "test os", kernel: "1.0", swiftVersion: "6.3",
      buildConfiguration: "release", gitCommit: "0123456789abcdef", gitDirty: false,
      date: "2026-01-01T00:00:00Z", commandLine: "bench run", hostID: host)
  }

  /// Measures `strategy` on a linear workload at 3 sizes with the real runner.
  static func measure(
    strategies: [(name: String, scale: Double, extraAllocationsPerItem: Int)],
    sizes: [Int] = [100, 200, 400],
    host: String = "test-host", floors: [RatioFloor] = []
  ) throws -> ResultsFile {
    let fake = FakeAllocations()
    var configuration = BenchmarkRunner.Configuration.tiny()
    configuration.allocationCounter = fake.counter
    let runner = BenchmarkRunner(configuration)
    var results: [BenchmarkResult] = []
    for strategy in strategies {
      for items in sizes {
        let spin = Benchmark(
          strategy: strategy.name, workload: "spin", dataset: "synthetic", items: items
        ) {
          SpinRoutine(units: items * 20, scale: strategy.scale)
        }
        results.append(try runner.measure(spin))
        let allocate = Benchmark(
          strategy: strategy.name, workload: "allocate", dataset: "synthetic", items: items
        ) {
          AllocatingRoutine(
            items: items, perItem: 1 + strategy.extraAllocationsPerItem, allocations: fake)
        }
        results.append(try runner.measure(allocate))
      }
    }
    return ResultsFile(
      environment: environment(host: host),
      settings: RunSettings(timeBudgetSeconds: 0.002, jobs: 1, quick: true, suite: "test"),
      results: results, ratioFloors: floors)
  }
}
