import BenchCLI
import Foundation
import Testing

/// `bench run`, `report` and `compare` in-process, at tiny sizes and budgets.
@Suite(.serialized) struct CommandTests {
  final class Capture: @unchecked Sendable {
    private let lock = NSLock()
    private var out = ""
    private var err = ""
    var output: String { lock.withLock { out } }
    var error: String { lock.withLock { err } }
    var io: CommandIO {
      CommandIO(
        readStandardInput: { [] },
        readFile: { Array(try Data(contentsOf: URL(fileURLWithPath: $0))) },
        writeOutput: { text in self.lock.withLock { self.out += text } },
        writeError: { text in self.lock.withLock { self.err += text } })
    }
  }

  func run(_ arguments: [String]) -> (status: BenchCLI.ExitStatus, output: String, error: String) {
    let capture = Capture()
    let status = BenchCommand.run(arguments, io: capture.io)
    return (status, capture.output, capture.error)
  }

  func temporaryDirectory() -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID())").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  let tiny = [
    "--allow-debug", "--items", "300", "--time-budget", "2ms", "--quiet",
  ]

  @Test func run_writesEveryReport_andReport_rendersThemAgain() throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = run(
      ["run"] + tiny + [
        "--datasets", "uniform-grid", "--strategies", "naive-linear,binary-search", "--workloads",
        "prepare,scroll-sweep", "--output", directory,
      ])
    #expect(result.status == .success, "\(result.error)")
    #expect(result.output.contains("== uniform-grid =="))
    #expect(result.output.contains("DEBUG BUILD"))
    for name in [
      "results.json", "report.txt", "report.md", "results.csv", "report.html",
      "github-action-benchmark.json",
    ] {
      #expect(FileManager.default.fileExists(atPath: "\(directory)/\(name)"), "\(name)")
    }
    let html = run(["report", "\(directory)/results.json", "--format", "html"])
    #expect(html.status == .success)
    #expect(html.output.contains("<svg"))
    // Rendered again with the suite's presentation, the report is the one the run wrote.
    #expect(html.output.contains("<title>LayoutLab benchmarks</title>"))
    // The run compared with the committed baseline, when there is one: so does the report.
    let committed = "Results/baseline.json"
    let baseline =
      FileManager.default.fileExists(atPath: committed) ? ["--baseline", committed] : []
    let console = run(["report", "\(directory)/results.json"] + baseline)
    let written = try String(contentsOfFile: "\(directory)/report.txt", encoding: .utf8)
    #expect(console.output == written)
    #expect(console.output.contains("binary-search") && console.output.contains("verdict: "))
    let csv = run(["report", "\(directory)/results.json", "--format", "csv"])
    #expect(csv.output.split(separator: "\n").count == 6)  // header, floor, 2 × 2
  }

  @Test func run_endsWithTheVerdict_whereTheReportsWent_andHowToRenderThemAgain() throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let measured = run(
      ["run", "--allow-debug", "--items", "300", "--time-budget", "1ms"] + [
        "--datasets", "uniform-grid", "--strategies", "naive-linear", "--workloads", "prepare",
        "--output", directory,
      ])
    #expect(measured.status == .success, "\(measured.error)")
    let last = measured.output.split(separator: "\n").suffix(3).map(String.init)
    // PASS or FAIL depends on the committed baseline this debug build is compared with.
    #expect(last.first?.hasPrefix("verdict: ") == true, "\(last)")
    #expect(last.dropFirst().first?.hasPrefix("wrote \(directory)/results.json") == true)
    #expect(last.last?.hasPrefix("render again: bench report \(directory)/results.json") == true)
    #expect(measured.error.contains("measured 2 benchmarks in "), "the floor and one benchmark")
  }

  @Test func everyWorkload_onEveryDataset_withEveryStrategy_isCheckedCorrect() throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // A shorter budget than `tiny`'s: every benchmark of the standard suite runs.
    let result = run([
      "run", "--allow-debug", "--items", "300", "--time-budget", "1ms", "--quiet", "--format",
      "json", "--output", directory,
    ])
    #expect(result.status == .success, "\(result.error)")
    let text = try String(contentsOfFile: "\(directory)/results.json", encoding: .utf8)
    #expect(
      text.contains("insert-delete-1pct") && text.contains("pinned-scroll")
        && text.contains("concurrent-query-2t"))
    #expect(!text.contains("FAILED"))
  }

  @Test func compare_aa_exits0_andAnInjectedRegression_exits1() throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let base = "\(directory)/base"
    let options =
      tiny + [
        "--datasets", "mixed-feed", "--strategies", "binary-search", "--workloads",
        "prepare,scroll-sweep", "--format", "json",
      ]
    #expect(run(["run"] + options + ["--output", base]).status == .success)
    #expect(run(["run"] + options + ["--output", "\(directory)/again"]).status == .success)
    let same = run([
      "compare", "\(base)/results.json", "\(directory)/again/results.json", "--deterministic",
    ])
    #expect(same.status == .success, "\(same.output)\(same.error)")
    #expect(same.output.contains("verdict: no regression"))

    // Inject: 20 % more frames computed in the candidate.
    var json = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: "\(base)/results.json"))) as? [String: Any])
    var results = try #require(json["results"] as? [[String: Any]])
    for index in results.indices {
      var counters = try #require(results[index]["counters"] as? [String: Int])
      if let frames = counters["framesComputed"], frames > 0 {
        counters["framesComputed"] = frames * 6 / 5
      }
      results[index]["counters"] = counters
    }
    json["results"] = results
    try JSONSerialization.data(withJSONObject: json).write(
      to: URL(fileURLWithPath: "\(directory)/worse.json"))
    let worse = run([
      "compare", "\(base)/results.json", "\(directory)/worse.json", "--deterministic", "--markdown",
      "\(directory)/gate.md",
    ])
    #expect(worse.status == .failure)
    #expect(worse.output.contains("REGRESSIONS"))
    #expect(worse.error.hasPrefix("bench: regression"))
    #expect(
      try String(contentsOfFile: "\(directory)/gate.md", encoding: .utf8).contains(
        "Verdict: regression"))
  }

  @Test func badFlagsAndFiles_oneLineErrors_exit2() throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try "not json".write(toFile: "\(directory)/bad.json", atomically: true, encoding: .utf8)
    let cases: [[String]] = [
      ["run", "--allow-debug", "--bogus"],
      ["run", "--allow-debug", "--items", "lots"],
      ["run", "--allow-debug", "--time-budget", "-1"],
      ["run", "--allow-debug", "--jobs", "0"],
      ["run", "--allow-debug", "--strategies", "nope"],
      ["run", "--allow-debug", "--filter", "("],
      ["run", "--allow-debug", "--format", "pdf"],
      ["report", "\(directory)/missing.json"],
      ["report", "\(directory)/bad.json"],
      ["report"],
      ["compare", "\(directory)/bad.json", "\(directory)/bad.json"],
      ["compare"],
      ["compare", "--against", "\(directory)/not-a-bench"],
      ["run", "--items", "1k"],
    ]
    for arguments in cases {
      let result = run(arguments)
      #expect(result.status == .badInput, "\(arguments): \(result.error)")
      #expect(result.error.hasPrefix("bench: "), "\(arguments)")
      #expect(result.error.split(separator: "\n").count == 1, "\(arguments): \(result.error)")
    }
  }

  @Test func help_onEveryCommand() {
    for command in ["run", "compare", "report"] {
      let result = run([command, "--help"])
      #expect(result.status == .success)
      #expect(result.output.hasPrefix("usage: bench \(command)"))
    }
  }
}
