import Foundation
import Testing

@testable import BenchKit

@Suite struct RunnerTests {
  @Test func measure_keepsEverySample_calibratesBatches_andCounts() throws {
    let fake = FakeAllocations()
    var configuration = BenchmarkRunner.Configuration.tiny()
    configuration.allocationCounter = fake.counter
    let runner = BenchmarkRunner(configuration)
    let result = try runner.measure(
      Benchmark(strategy: "s", workload: "w", dataset: "d", items: 50) {
        AllocatingRoutine(items: 50, perItem: 2, allocations: fake)
      })
    #expect(result.samples.count >= configuration.minimumSamples)
    #expect(result.samples.count <= configuration.maximumSamples)
    #expect(result.statistics.count == result.samples.count)
    #expect(result.iterationsPerSample >= 1)
    #expect(result.name == "s w d")
    // One iteration of the timed code: 50 items × 2.
    #expect(result.allocations?.count == 100)
    #expect(result.allocations?.bytes == 1600)
  }

  @Test func spin_hasCountersAndPositiveTimes() throws {
    let result = try BenchmarkRunner(.tiny()).measure(
      Benchmark(strategy: "s", workload: "spin", dataset: "d", items: 1) {
        SpinRoutine(units: 2000)
      })
    #expect(result.counters == ["unitsComputed": 2000])
    #expect(result.statistics.min > 0)
    #expect(result.statistics.ciLow <= result.statistics.median)
    #expect(result.statistics.median <= result.statistics.ciHigh)
    // Without a wired counter, allocations are absent and the note says why.
    #expect(result.allocations == nil)
    #expect(result.allocationsNote != nil)
  }

  @Test func wrongAnswer_failsTheBenchmark_andTheRunGoesOn() {
    let runner = BenchmarkRunner(.tiny())
    let outcomes = runner.run([
      Benchmark(strategy: "bad", workload: "w", dataset: "d", items: 1) {
        let routine = SpinRoutine(units: 10)
        routine.failsCheck = true
        return routine
      },
      Benchmark(strategy: "good", workload: "w", dataset: "d", items: 1) { SpinRoutine(units: 10) },
    ])
    #expect(outcomes.count == 2)
    guard case .failed(_, let message) = outcomes[0] else {
      Issue.record("expected a failure")
      return
    }
    #expect(message.contains("wrong on purpose"))
    guard case .measured = outcomes[1] else {
      Issue.record("expected a measurement")
      return
    }
  }

  @Test func jobs_runEveryBenchmark_andSayAllocationsAreNotCounted() {
    var configuration = BenchmarkRunner.Configuration.tiny()
    configuration.jobs = 2
    configuration.allocationCounter = FakeAllocations().counter
    let runner = BenchmarkRunner(configuration)
    let benchmarks = (0..<6).map { index in
      Benchmark(strategy: "s\(index)", workload: "w", dataset: "d", items: 1) {
        SpinRoutine(units: 100)
      }
    }
    let outcomes = runner.run(benchmarks)
    #expect(outcomes.count == 6)
    #expect(runner.allocationNote?.contains("--jobs") == true)
  }

  @Test func concurrentMap_keepsOrder() {
    #expect(concurrentMap(100) { $0 * $0 } == (0..<100).map { $0 * $0 })
  }

  @Test func peakMemory_isReadOnLinux() {
    #if os(Linux)
      #expect(PeakMemory.isAvailable)
      #expect((PeakMemory.peakResidentBytes() ?? 0) > 0)
    #endif
  }
}

@Suite struct ResultsFileTests {
  @Test func roundTrip_keepsEverything() throws {
    let file = try TestResults.measure(strategies: [("fast", 1, 0)])
    let decoded = try ResultsFile.decode(try file.encoded(), path: "x.json")
    #expect(decoded.schemaVersion == ResultsFile.currentSchemaVersion)
    #expect(decoded.results.count == file.results.count)
    #expect(decoded.results[0].samples.count == file.results[0].samples.count)
    #expect(decoded.results[0].counters == file.results[0].counters)
    #expect(decoded.fits.count == file.fits.count)
    #expect(decoded.environment == file.environment)
  }

  @Test func requiredFields_areInTheJSON() throws {
    let file = try TestResults.measure(strategies: [("fast", 1, 0)], sizes: [100, 200])
    let object = try #require(
      try JSONSerialization.jsonObject(with: try file.encoded()) as? [String: Any])
    #expect(object["schemaVersion"] as? Int == ResultsFile.currentSchemaVersion)
    #expect(object["environment"] is [String: Any])
    let result = try #require((object["results"] as? [[String: Any]])?.first)
    for key in ["strategy", "workload", "dataset", "items", "statistics", "samples", "counters"] {
      #expect(result[key] != nil, "missing \(key)")
    }
    let statistics = try #require(result["statistics"] as? [String: Any])
    for key in ["min", "median", "p90", "p99", "max", "ciLow", "ciHigh"] {
      #expect(statistics[key] is Double, "missing statistics.\(key)")
    }
  }

  @Test func badFiles_giveOneLineErrors() {
    func message(_ text: String) -> String {
      do {
        _ = try ResultsFile.decode(Data(text.utf8), path: "f.json")
        return ""
      } catch { return "\(error)" }
    }
    #expect(message("not json").contains("not a JSON object"))
    #expect(message("{}").contains("no schemaVersion"))
    #expect(message(#"{"schemaVersion": 99}"#).contains("schemaVersion 99"))
    #expect(message(#"{"schemaVersion": 1}"#).contains("missing field"))
    for text in ["not json", "{}", #"{"schemaVersion": 1}"#] {
      #expect(!message(text).contains("\n"))
    }
  }

  @Test func atomicWrite_replacesWhole_andLeavesNoTemporaryFile() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "atomic-\(UUID())")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("results.json").path
    try AtomicFile.write("first", to: path)
    try AtomicFile.write("second", to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "second")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["results.json"])
  }
}
