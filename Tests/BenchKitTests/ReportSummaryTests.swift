import Foundation
import Testing

@testable import BenchKit

/// The summary every report opens with, on a results file built here with fixed medians: two
/// datasets, a floor, a reference, and a strategy that ran on one dataset only.
@Suite struct ReportSummaryTests {
  static let presentation = ReportPresentation(
    title: "Fixture",
    counters: [.init("framesComputed", shortName: "frames")],
    floor: .init(strategy: "floor", meaning: "write n frames", comparedWorkloads: ["prepare"]),
    referenceStrategy: "reference")

  static func result(
    _ strategy: String, _ workload: String, _ dataset: String, _ median: Double,
    items: Int = 1000, counters: [String: Int] = [:]
  ) -> BenchmarkResult {
    BenchmarkResult(
      name: "\(strategy) \(workload) \(dataset)", strategy: strategy, workload: workload,
      dataset: dataset, items: items, samples: [median, median, median], counters: counters)
  }

  static let measured: [BenchmarkResult] = [
    result("floor", "write-frames", "grid", 100), result("floor", "write-frames", "feed", 200),
    result("floor", "write-frames", "grid", 10, items: 100),
    result("reference", "prepare", "grid", 400), result("fast", "prepare", "grid", 200),
    result("medium", "prepare", "grid", 250),
    // Faster than anything, but not at the largest size: not what the summary looks at.
    result("medium", "prepare", "grid", 1, items: 100),
    result("reference", "prepare", "feed", 800), result("fast", "prepare", "feed", 300),
    result("medium", "prepare", "feed", 280),
    result("reference", "query", "grid", 1000), result("fast", "query", "grid", 10),
    result("medium", "query", "grid", 100),
    result("reference", "query", "feed", 1000), result("fast", "query", "feed", 10),
    result("medium", "query", "feed", 100),
    // On one dataset only: not ranked against strategies that ran on both.
    result("fast", "special", "grid", 50), result("fast", "special", "feed", 60),
    result("one-kind-only", "special", "feed", 1),
  ]

  static let floors = [
    RatioFloor(
      label: "fast vs reference, query", slower: ("reference", "query"), faster: ("fast", "query"),
      floor: 50),
    RatioFloor(
      label: "medium vs reference, query", slower: ("reference", "query"),
      faster: ("medium", "query"), floor: 9),
    RatioFloor(
      label: "medium vs fast, query", slower: ("medium", "query"), faster: ("fast", "query"),
      floor: 0),
  ]
  static let failingFloor = RatioFloor(
    label: "fast vs medium, prepare", slower: ("medium", "prepare"), faster: ("fast", "prepare"),
    floor: 2)

  static func file(
    _ results: [BenchmarkResult] = measured, floors: [RatioFloor] = floors
  ) -> ResultsFile {
    ResultsFile(
      environment: TestResults.environment(host: "test-host"),
      settings: RunSettings(timeBudgetSeconds: 0.002, jobs: 1, quick: true, suite: "test"),
      results: results, ratioFloors: floors)
  }

  static func summary(_ file: ResultsFile, baseline: ResultsFile? = nil) -> ReportSummary {
    ReportSummary(PresentedResults(file, baseline: baseline, presentation: presentation))
  }

  @Test func winnerPerWorkload_atTheLargestSize_overTheDatasets() throws {
    let winners = Self.summary(Self.file()).winners
    #expect(winners.map(\.workload) == ["prepare", "query", "special"])
    #expect(winners.map(\.strategy) == ["fast", "fast", "fast"])

    let prepare = winners[0]
    #expect(abs(prepare.median - (200.0 * 300).squareRoot()) < 1e-6)
    #expect(abs(try #require(prepare.floorMultiple) - (2.0 * 1.5).squareRoot()) < 1e-9)
    #expect(abs(try #require(prepare.overReference) - (2.0 * 800 / 300).squareRoot()) < 1e-9)
    #expect(prepare.nextBest == "medium")
    #expect(abs(try #require(prepare.overNextBest) - (1.25 * 280 / 300).squareRoot()) < 1e-9)
    #expect(prepare.fastestOn == 1 && prepare.datasets == 2)

    let query = winners[1]
    #expect(query.floorMultiple == nil, "query is not compared with the floor")
    #expect(abs(try #require(query.overReference) - 100) < 1e-9)
    #expect(query.nextBest == "medium")
    #expect(abs(try #require(query.overNextBest) - 10) < 1e-9)
    #expect(query.fastestOn == 2)

    let special = winners[2]
    #expect(special.nextBest == nil && special.overReference == nil)
    #expect(special.fastestOn == 1 && special.datasets == 2)
  }

  @Test func winnerTable_readsAsTheAnswer() {
    let table = Self.summary(Self.file()).winnerTable(reference: "reference").rendered()
    let query = table.split(separator: "\n").first { $0.hasPrefix("query") }.map(String.init)
    #expect(
      query?.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        == "query fast 10 ns 100× faster 10.0× (medium) 2 of 2 datasets")
    #expect(table.hasPrefix("workload"))
    #expect(table.contains("vs reference"))
  }

  @Test func ratios_foldTheComfortableOnes_intoOneLine() {
    let folded = FoldedRatios(Self.file(floors: Self.floors + [Self.failingFloor]).ratios)
    #expect(
      folded.shown.map(\.label).sorted() == [
        "fast vs medium, prepare", "fast vs medium, prepare", "medium vs reference, query",
        "medium vs reference, query",
      ])
    #expect(
      folded.foldedLine
        == "2 ratios above their floors (each ≥ 1.25× its floor; closest: fast vs reference, query on feed, 2.00× its floor)"
    )
    #expect(folded.notGatedLine == "2 ratios not gated (medium vs fast, query): 10.0×–10.0×")
    // A ratio that is not a number (a hand-edited file) is shown, never folded away.
    var odd = Self.file().ratios[0]
    odd.ratio = .nan
    #expect(FoldedRatios([odd]).shown.count == 1)
  }

  @Test func verdict_isOneLine_passOrFailWithTheReasons() {
    #expect(
      Self.summary(Self.file()).verdict
        == "verdict: PASS — 4 of 4 gated ratios hold; no baseline")
    let failing = Self.summary(Self.file(floors: Self.floors + [Self.failingFloor]))
    #expect(!failing.passed)
    #expect(
      failing.verdict == "verdict: FAIL — 2 of 6 gated ratios below their floors; no baseline")
  }

  @Test func againstABaseline_onlyTheChangesThatCount() {
    var before = Self.measured
    var after = Self.measured
    before[4].counters = ["framesComputed": 10]
    after[4].counters = ["framesComputed": 12]
    before[5].counters = ["framesComputed": 10]
    after[5].counters = ["framesComputed": 8]
    let summary = Self.summary(Self.file(after), baseline: Self.file(before))
    let changes = summary.changes ?? []
    #expect(changes.filter(\.isWorse).map(\.benchmark) == ["fast prepare grid [1k]"])
    #expect(changes.filter { !$0.isWorse }.map(\.benchmark) == ["medium prepare grid [1k]"])
    #expect(
      summary.verdict
        == "verdict: FAIL — 4 of 4 gated ratios hold; baseline: 1 regression(s) (deterministic gates)"
    )
    #expect(summary.changeLines?.first?.hasSuffix("1 worse, 1 better") == true)
    #expect(Self.summary(Self.file()).changes == nil, "no baseline, no changes section")
    // A run of part of the suite: what it did not measure is counted, not a regression.
    let part = Self.summary(Self.file(Array(Self.measured.prefix(10))), baseline: Self.file())
    #expect(part.passed, "\(part.verdict)")
    #expect(
      part.changeLines?.first
        == "Against the baseline (9 of its benchmarks not in this run) (significant changes only): 0 worse, 0 better"
    )
  }

  @Test func aRunAtOtherSizesOrStrategies_countsWhatItDidNotMeasure() {
    // The README's 1M recipe: a series measured at one size more than the baseline's.
    let more = Self.measured + [Self.result("medium", "prepare", "grid", 2500, items: 10_000)]
    let larger = Self.summary(Self.file(more), baseline: Self.file())
    #expect(larger.passed, "\(larger.verdict)")
    #expect(
      larger.changeLines?.first
        == "Against the baseline (not measured as in it: 1 growth) (significant changes only): 0 worse, 0 better"
    )
    // One size fewer: a series of one size is not fitted at all.
    let less = Self.measured.filter { !($0.strategy == "medium" && $0.items == 100) }
    let smaller = Self.summary(Self.file(less), baseline: Self.file())
    #expect(smaller.passed, "\(smaller.verdict)")
    #expect(
      smaller.changeLines?.first
        == "Against the baseline (1 of its benchmarks not in this run; not measured as in it: 1 growth) (significant changes only): 0 worse, 0 better"
    )
    // Without the reference (`--strategies`): its ratios on both datasets are not measured.
    let noReference = Self.measured.filter { $0.strategy != "reference" }
    let fewerStrategies = Self.summary(Self.file(noReference), baseline: Self.file())
    #expect(fewerStrategies.passed, "\(fewerStrategies.verdict)")
    #expect(
      fewerStrategies.changeLines?.first
        == "Against the baseline (4 of its benchmarks not in this run; not measured as in it: 4 ratio) (significant changes only): 0 worse, 0 better"
    )
    // The gate itself still fails all three: `bench compare` decides on what the baseline
    // measured.
    for (summary, key) in [
      (larger, "medium prepare grid [10k]"), (smaller, "medium prepare grid [1k]"),
    ] {
      let growth = summary.gate?.regressions.filter { $0.gate == .growth } ?? []
      #expect(growth.map(\.key.description) == [key])
    }
    let ratios = fewerStrategies.gate?.regressions.filter { $0.gate == .ratio } ?? []
    #expect(ratios.count == 4 && ratios.allSatisfy(\.notMeasured))
  }

  @Test func everyReport_opensWithTheSummary() {
    let file = Self.file(floors: Self.floors + [Self.failingFloor])
    let presentation = Self.presentation
    let console = ConsoleReporter().render(file, presentation: presentation)
    let caption = console.range(of: ReportSummary.winnerCaption)
    let firstTable = console.range(of: "== grid ==")
    #expect(caption != nil && firstTable != nil)
    if let caption, let firstTable {
      #expect(caption.lowerBound < firstTable.lowerBound, "the summary comes before the tables")
    }
    #expect(console.contains("verdict: FAIL — 2 of 6 gated ratios below their floors"))
    #expect(console.contains("2 ratios above their floors"))
    #expect(!console.contains("fast vs reference, query  feed"), "folded, not listed")

    let markdown = MarkdownReporter().render(file, presentation: presentation)
    #expect(markdown.hasPrefix("## Fixture benchmarks\n\n" + ReportSummary.winnerCaption))
    #expect(markdown.contains("**verdict: FAIL"))

    let html = HTMLReporter().render(file, presentation: presentation)
    let verdict = html.range(of: "class=\"verdict fail\"")
    let overview = html.range(of: "class=\"chart overview\"")
    let scaling = html.range(of: "class=\"chart loglog\"")
    #expect(verdict != nil && overview != nil)
    if let verdict, let overview {
      #expect(verdict.lowerBound < overview.lowerBound)
      if let scaling { #expect(overview.lowerBound < scaling.lowerBound) }
    }
    #expect(html.contains("<title>Fixture benchmarks</title>"))
    // One dot per strategy and workload at the largest size (the floor is not a strategy).
    #expect(html.components(separatedBy: "class=\"dot").count - 1 == 3 + 3 + 2)
    #expect(html.components(separatedBy: "class=\"dot winner\"").count - 1 == 3)
  }

  @Test func plainPresentation_knowsNoFloorAndNoTitle() {
    let html = HTMLReporter().render(Self.file())
    #expect(html.contains("<title>Bench benchmarks</title>"))
    let presented = PresentedResults(Self.file())
    #expect(presented.strategies.contains("floor"), "without a declared floor it is a strategy")
    #expect(presented.floorMultiple(Self.measured[4]) == nil)
  }
}
