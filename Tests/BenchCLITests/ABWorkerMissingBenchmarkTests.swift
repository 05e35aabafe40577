import BenchKit
import BenchmarkDatasets
import Foundation
import Testing

@testable import BenchCLI

/// A build asked by `bench compare --against` for a benchmark it does not have — a workload,
/// strategy or dataset added since it was built — answers that it has none, which the other
/// side reports as "only in this build (not compared)" instead of failing the comparison.
@Suite("A/B worker: benchmarks one build lacks")
struct ABWorkerMissingBenchmarkTests {
  @Test(
    "an unknown strategy, workload or dataset is a missing benchmark, not a broken request",
    arguments: [
      ("no-such-strategy", "prepare", "mixed-feed"),
      ("run-length", "no-such-workload", "mixed-feed"),
      ("run-length", "prepare", "no-such-dataset"),
    ])
  func unknownNameIsMissing(strategy: String, workload: String, dataset: String) throws {
    let key = BenchmarkKey(name: "\(strategy) \(workload) \(dataset)", items: 1_000)
    do {
      _ = try ABWorkerCommand.makeRoutine(
        contexts: DatasetContexts(), key: key, strategy: strategy, workload: workload,
        dataset: dataset)
      Issue.record("\(key) was made")
    } catch let error as UsageError {
      #expect(error.message.contains("this build has no benchmark"), "\(error.message)")
    }
  }

  @Test("a benchmark the build has is made")
  func knownBenchmarkIsMade() throws {
    let key = BenchmarkKey(name: "run-length insert-item mixed-feed", items: 1_000)
    _ = try ABWorkerCommand.makeRoutine(
      contexts: DatasetContexts(), key: key, strategy: "run-length", workload: "insert-item",
      dataset: "mixed-feed")
  }
}
