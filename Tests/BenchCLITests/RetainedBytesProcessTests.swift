import Foundation
import Testing

/// Retained bytes as the `bench` executable counts them, with the allocator wrapper it alone
/// links: exact for a routine that keeps a known number of bytes, and the same on every run
/// for a real layout.
@Suite(.enabled(if: BenchProcess.isAvailable, BenchProcess.unavailable))
struct RetainedBytesProcessTests {
  /// Runs `bench ARGUMENTS` and returns its standard output.
  static func output(_ arguments: [String]) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("out-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = try BenchProcess.run(arguments, redirecting: ">'\(path)'")
    #expect(run.status == 0, "\(run.error)")
    return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  }

  @Test func aRoutineThatKeepsKnownBytes_reportsExactlyThem() throws {
    for bytes in [2, 1_000, 123_457] {
      #expect(try Self.output(["_retained-check", "\(bytes)"]) == "\(bytes)\n")
    }
  }

  /// The retained bytes of every strategy's prepared layout on `dataset`, from one run.
  static func retained(dataset: String) throws -> [String: Int] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ret-\(UUID())")
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = try BenchProcess.run([
      "run", "--allow-debug", "--items", "2000", "--time-budget", "1ms", "--quiet", "--datasets",
      dataset, "--workloads", "prepare", "--format", "json", "--output", directory.path,
    ])
    #expect(run.status == 0, "\(run.error)")
    let data = try Data(contentsOf: directory.appendingPathComponent("results.json"))
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    let results = object?["results"] as? [[String: Any]] ?? []
    var retained: [String: Int] = [:]
    for result in results {
      if let name = result["name"] as? String, let bytes = result["retainedBytes"] as? Int {
        retained[name] = bytes
      }
    }
    return retained
  }

  @Test func aLayoutsRetainedBytes_areTheSameOnEveryRun() throws {
    let first = try Self.retained(dataset: "mixed-feed")
    let second = try Self.retained(dataset: "mixed-feed")
    #expect(first.count >= 4, "\(first)")
    #expect(first == second)
    // Caching strategies keep their frames: 32 bytes a frame at least.
    #expect((first["cached-attributes prepare mixed-feed"] ?? 0) >= 2_000 * 32, "\(first)")
  }
}
