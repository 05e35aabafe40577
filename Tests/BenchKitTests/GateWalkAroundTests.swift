import BenchCLI
import Foundation
import Testing

@testable import BenchKit

/// Each way a candidate could once walk around `bench compare`'s deterministic gate, now a
/// failure: exit 1, one line on standard error saying why.
@Suite(.serialized) struct GateWalkAroundTests {
  static let floors = [
    RatioFloor(label: "fast vs slow", slower: ("slow", "spin"), faster: ("fast", "spin"), floor: 3)
  ]

  /// A baseline and a candidate of the same code, in which ratio floors hold.
  static func pair() throws -> (baseline: ResultsFile, candidate: ResultsFile) {
    let strategies: [(name: String, scale: Double, extraAllocationsPerItem: Int)] = [
      ("slow", 8, 0), ("fast", 1, 0),
    ]
    return (
      try TestResults.measure(strategies: strategies, floors: floors),
      try TestResults.measure(strategies: strategies, floors: floors)
    )
  }

  /// Runs `bench compare BASELINE CANDIDATE --deterministic` on the two files.
  static func compare(_ baseline: ResultsFile, _ candidate: ResultsFile) throws -> (
    status: BenchCLI.ExitStatus, error: String
  ) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("gate-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try baseline.encoded().write(to: URL(fileURLWithPath: "\(directory)/baseline.json"))
    try candidate.encoded().write(to: URL(fileURLWithPath: "\(directory)/candidate.json"))
    let capture = CommandTests.Capture()
    let status = BenchCommand.run(
      ["compare", "\(directory)/baseline.json", "\(directory)/candidate.json", "--deterministic"],
      io: capture.io)
    return (status, capture.error)
  }

  /// Expects exit 1 with one line on standard error containing `reason`.
  static func expectFails(
    _ candidate: ResultsFile, against baseline: ResultsFile, _ reason: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let run = try compare(baseline, candidate)
    #expect(run.status == .failure, "\(run.error)", sourceLocation: sourceLocation)
    #expect(
      run.error.hasSuffix("\n") && run.error.filter { $0 == "\n" }.count == 1,
      "not one line: \(run.error)", sourceLocation: sourceLocation)
    #expect(run.error.contains(reason), "\(run.error)", sourceLocation: sourceLocation)
  }

  @Test func theSameCode_passes() throws {
    let (baseline, candidate) = try Self.pair()
    #expect(try Self.compare(baseline, candidate).status == .success)
  }

  @Test func aBenchmarkDeleted_fails() throws {
    var (baseline, candidate) = try Self.pair()
    candidate.results.removeLast()
    try Self.expectFails(candidate, against: baseline, "not in the candidate")
    // A strategy renamed: its benchmarks are missing under the old name.
    baseline = try Self.pair().baseline
    for index in candidate.results.indices where candidate.results[index].strategy == "fast" {
      candidate.results[index].strategy = "quick"
      candidate.results[index].name = candidate.results[index].name
        .replacingOccurrences(of: "fast", with: "quick")
    }
    try Self.expectFails(candidate, against: baseline, "not in the candidate")
  }

  @Test func anEmptyCandidate_fails() throws {
    let (baseline, measured) = try Self.pair()
    var candidate = measured
    candidate.results = []
    candidate.fits = []
    candidate.ratios = []
    try Self.expectFails(candidate, against: baseline, "the candidate holds no benchmarks")
  }

  @Test func aRatioDroppedOrItsFloorLowered_inTheCandidate_stillGates() throws {
    let (baseline, candidate) = try Self.pair()
    var slowed = candidate
    // Only time changes: the faster side takes 8× as long, 1× against a floor of 3×.
    for index in slowed.results.indices
    where slowed.results[index].strategy == "fast" && slowed.results[index].workload == "spin" {
      slowed.results[index].samples = slowed.results[index].samples.map { $0 * 8 }
      slowed.results[index].statistics = SampleStatistics(samples: slowed.results[index].samples)
    }
    slowed.ratios = []
    try Self.expectFails(slowed, against: baseline, "< floor")
    let noFloor = RatioFloor(
      label: "fast vs slow", slower: ("slow", "spin"), faster: ("fast", "spin"), floor: 0)
    slowed.ratios = RatioResult.evaluate([noFloor], in: slowed.results)
    try Self.expectFails(slowed, against: baseline, "< floor")
  }

  @Test func aCounterMissingFromTheCandidate_fails() throws {
    let (baseline, measured) = try Self.pair()
    var candidate = measured
    let index = try #require(candidate.results.firstIndex { !$0.counters.isEmpty })
    candidate.results[index].counters = [:]
    try Self.expectFails(candidate, against: baseline, "not counted in the candidate")
  }

  @Test func allocationsNotCounted_fail() throws {
    let (baseline, measured) = try Self.pair()
    var candidate = measured
    // As `bench run --jobs 2` writes them.
    for index in candidate.results.indices {
      candidate.results[index].allocations = nil
      candidate.results[index].allocationsNote = "not counted with --jobs above 1"
    }
    try Self.expectFails(candidate, against: baseline, "allocations not counted in the candidate")
  }

  @Test func aSeriesMeasuredAtOtherSizes_fails() throws {
    let (baseline, _) = try Self.pair()
    let fewer = try TestResults.measure(
      strategies: [("slow", 8, 0), ("fast", 1, 0)], sizes: [100, 200, 400, 800],
      floors: Self.floors)
    try Self.expectFails(fewer, against: baseline, "measured at other sizes")
  }
}
