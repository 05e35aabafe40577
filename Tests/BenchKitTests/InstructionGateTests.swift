import Foundation
import Testing

@testable import BenchKit

/// Instruction counts in the gate: a rise beyond the tolerance fails, noise within it does not,
/// a candidate that did not count them cannot pass, and a rise in their growth class fails.
@Suite struct InstructionGateTests {
  static func file(_ instructions: [Int?], sizes: [Int] = [1_000, 10_000, 100_000]) -> ResultsFile {
    let results = zip(sizes, instructions).map { items, count in
      var result = BenchmarkResult(
        name: "s w d", strategy: "s", workload: "w", dataset: "d", items: items,
        samples: (0..<20).map { 100 + Double($0) }, counters: ["scanned": 7])
      result.instructions = count
      result.instructionsNote = count == nil ? "not counted" : nil
      return result
    }
    return ResultsFile(
      environment: TestResults.environment(),
      settings: RunSettings(timeBudgetSeconds: 0.1, jobs: 1, quick: false, suite: "t"),
      results: results)
  }

  static func evaluate(_ baseline: ResultsFile, _ candidate: ResultsFile) -> GateReport {
    var gate = BaselineGate(baseline: baseline, candidate: candidate)
    gate.deterministicOnly = true
    return gate.evaluate()
  }

  @Test func aRiseBeyondTheTolerance_fails_andNoiseWithinIt_passes() {
    let baseline = Self.file([1_000, 1_000, 1_000])
    let noise = Self.evaluate(baseline, Self.file([1_004, 996, 1_003]))
    #expect(!noise.hasRegression, "\(noise.text())")
    #expect(noise.instructionsCompared == 3)
    let slower = Self.evaluate(baseline, Self.file([1_000, 1_000, 1_300]))
    #expect(
      slower.regressions.contains {
        $0.gate == .instructions && $0.message.contains("1000 → 1300")
      }, "\(slower.text())")
    let faster = Self.evaluate(baseline, Self.file([1_000, 1_000, 700]))
    #expect(!faster.hasRegression)
    #expect(faster.findings.contains { $0.gate == .instructions && $0.severity == .improvement })
  }

  @Test func aCandidateThatDidNotCountInstructions_fails() {
    let report = Self.evaluate(Self.file([1_000, 1_000, 1_000]), Self.file([1_000, nil, 1_000]))
    #expect(report.regressions.contains { $0.message.contains("instructions not counted") })
  }

  @Test func aRiseInTheGrowthClassOfInstructions_fails() {
    let constant = Self.file([1_000, 1_000, 1_000])
    let linear = Self.file([1_000, 10_000, 100_000])
    #expect(constant.fits.first?.instructions?.complexity == .constant)
    #expect(linear.fits.first?.instructions?.complexity == .linear)
    let report = Self.evaluate(constant, linear)
    #expect(report.regressions.contains { $0.gate == .growth && $0.message.contains("grow") })
  }

  @Test func theProfileTotal_isReadFromCallgrindsSummaryLine() {
    let profile = "# callgrind format\nversion: 1\nevents: Ir\nsummary: 264867\ntotals: 264867\n"
    #expect(Callgrind.totalInstructions(inProfile: profile) == 264_867)
    #expect(Callgrind.totalInstructions(inProfile: "events: Ir\n") == nil)
  }

  @Test func withoutValgrind_theReasonNamesTheInstall() throws {
    // An empty search path stands for a machine without valgrind.
    #expect(Callgrind.locate("valgrind", searchPath: "/nonexistent") == nil)
    #expect(
      Callgrind.unavailableReason(searchPath: "/nonexistent")?.contains("apt-get install valgrind")
        == true)
  }
}
