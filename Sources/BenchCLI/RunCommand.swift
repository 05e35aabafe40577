import BenchKit
import BenchmarkDatasets
import Foundation
import LayoutLab

#if canImport(Glibc)
  import Glibc
#endif

/// `bench run` (and `bench` alone, the standard suite): measures, prints the table, and
/// writes the results file and the reports to `--output`.
enum RunCommand {
  static var table: OptionTable<RunOptions> {
    OptionTable(
      "run",
      synopsis: [
        "bench run [OPTIONS]",
        "bench run --layout FILE [--layout FILE]... [OPTIONS]",
        "bench                 (the standard suite with the default options)",
      ],
      [
        .prose(
          """
          Measures every strategy (bench list) on the synthetic datasets — or, with --layout, on
          layout files (docs/LayoutFileFormat.md) — with every workload that applies, as
          docs/BenchMethod.md says: warm-up, calibrated samples of about 2 ms, every sample kept, the
          median's 99% confidence interval, a time budget per benchmark, work counters, heap
          allocations, the heap a prepared layout retains, the process's peak memory, and a check
          of every answer against the reference. Prints a
          table and writes results.json (the source of every report), report.txt, report.md,
          results.csv, report.html and github-action-benchmark.json to the output directory.
          """),
        .options(title: "Options:", RunOptions.options),
        .prose(
          OptionTable<RunOptions>.wrap(
            "Workloads: \(Workload.all().map(\.name).joined(separator: ", "))", width: 96
          ).joined(separator: "\n")),
        .prose(
          """
          Exit status: 0 measured, 1 a benchmark's answer was wrong or a strategy disagrees with the
          reference, 2 bad flags.
          """),
      ])
  }

  static func run(_ arguments: [String], io: CommandIO) throws -> String {
    guard let options = try table.parse(arguments, into: RunOptions()) else { return table.help }
    // Every layout file is read and checked first: a bad one fails before any build or work.
    let request = try LayoutFileDatasets.request(options, io: io)
    try ReleaseBuild.ensureRelease(allowDebug: options.allowDebug, io: io)
    if options.instructions, let reason = Callgrind.unavailableReason {
      throw UsageError("--instructions: \(reason)")
    }
    // Time is measured in a process placed alike every run (re-executes this one).
    let placement = RunPlacement.place(
      jobs: options.jobs, arguments: Array(CommandLine.arguments.dropFirst()))
    var (results, failures) = try measure(
      options, request: request, arguments: arguments, placement: placement, io: io)
    if options.instructions {
      try InstructionsWorkerCommand.count(
        &results, layoutPaths: options.layoutPaths, io: io, quiet: options.quiet)
    }
    let baseline = try comparisonBaseline(options, io: io)
    let report = PresentedResults(
      results, baseline: baseline, presentation: SuitePresentation.report)
    var console = ""
    if options.formats.contains("console") { console = ConsoleReporter().rendered(report) }
    let (written, removed) = try writeReports(report, options: options)
    // The committed baseline is used when --baseline is not given (comparisonBaseline).
    let baselinePath = baseline.map { _ in options.baseline ?? committedBaseline }
    try io.output(
      console
        + (options.quiet
          ? "" : endLines(report, written: written, removed: removed, baselinePath: baselinePath)))
    if !failures.isEmpty {
      throw CheckFailure("\(failures.count) benchmark(s) failed: \(failures[0])")
    }
    return ""
  }

  /// Builds the suite `request` asks for (`options.request`, with the layout files' datasets),
  /// checks the strategies, measures. Returns the results and the failures (wrong answers,
  /// disagreeing strategies).
  static func measure(
    _ options: RunOptions, request: Suite.Request, arguments: [String], placement: String? = nil,
    io: CommandIO
  ) throws -> (ResultsFile, [String]) {
    let contexts = DatasetContexts()
    var suite: Suite
    do {
      suite = try Suite.make(request, contexts: contexts)
    } catch let error as Suite.UnknownName {
      throw UsageError(error.description)
    }
    guard !suite.benchmarks.isEmpty else { throw UsageError("no benchmark matches the options") }
    let measured = suite.benchmarks.filter { $0.strategy != SuitePresentation.floorStrategy }
    if !options.quiet {
      let datasets = Set(measured.map { "\($0.dataset)@\($0.items)" }).count
      io.writeError(
        "bench: building \(datasets) dataset(s) and checking every strategy against the reference…\n"
      )
    }
    try suite.preflight(contexts: contexts)

    var configuration = BenchmarkRunner.Configuration(
      timeBudget: options.effectiveBudget,
      allocationCounter: HarnessWiring.allocationCounter.verified(), jobs: options.jobs)
    // --quick: fewer samples of the slowest benchmarks too (their interval is then [min, max]).
    if options.quick { configuration.minimumSamples = 5 }
    configuration.beforeEach = RunPlacement.beforeEachBenchmark()
    let runner = BenchmarkRunner(configuration)
    if !options.quiet {
      io.writeError(
        "bench: measuring \(suite.benchmarks.count) benchmarks, \(options.effectiveBudget) s each, \(options.jobs == 1 ? "one at a time" : "\(options.jobs) at once")\n"
      )
    }
    let progress: (any BenchmarkProgress)? =
      options.quiet ? nil : ProgressPrinter(isTerminal: isatty(2) != 0, write: io.writeError)
    let outcomes = runner.run(suite.benchmarks, progress: progress)

    var results: [BenchmarkResult] = []
    var failures = suite.disagreements
    for outcome in outcomes {
      switch outcome {
      case .measured(let result): results.append(result)
      case .failed(let benchmark, let message): failures.append("\(benchmark.key): \(message)")
      }
    }
    var notes = failures.map { "FAILED: \($0)" }
    if let allocator = HarnessWiring.allocatorNote { notes.append(allocator) }
    if options.jobs > 1 {
      notes.append(
        "--jobs \(options.jobs): timings were taken with benchmarks running concurrently")
    }
    let settings = RunSettings(
      timeBudgetSeconds: options.effectiveBudget, jobs: options.jobs, quick: options.quick,
      suite: suite.name, targetSampleNanoseconds: runner.configuration.targetSampleNanoseconds,
      allocationCounting: runner.allocationNote, peakMemory: runner.peakMemoryNote)
    var environment = BenchEnvironment.current(
      arguments: ["bench"] + arguments, gitDirectory: ReleaseBuild.packageRoot())
    environment.placement = placement
    let file = ResultsFile(
      environment: environment, settings: settings, results: results,
      ratioFloors: suite.ratioFloors, notes: notes)
    return (file, failures)
  }

  /// The reports a run writes beside results.json (which is always written), by format.
  static let reportFiles: [any BenchmarkReporter] = Reporters.all.filter { !($0 is JSONReporter) }

  /// Writes results.json and the reports `options.formats` asks for as one set (`AtomicFile`):
  /// the output directory ends up with all of them from this run, or as it was. Reports of the
  /// formats not asked for are removed with the set, so that none of an earlier run stays
  /// beside this run's results. Returns the paths written and removed.
  static func writeReports(_ report: PresentedResults, options: RunOptions)
    throws -> (written: [String], removed: [String])
  {
    func path(_ name: String) -> String {
      (options.output as NSString).appendingPathComponent(name)
    }
    var files = [(path: path("results.json"), data: try report.results.encoded())]
    var stale: [String] = []
    for reporter in reportFiles {
      if options.formats.contains(reporter.format.name) {
        files.append((path(reporter.format.fileName), Data(reporter.rendered(report).utf8)))
      } else {
        stale.append(path(reporter.format.fileName))
      }
    }
    let removed = try AtomicFile.write(files, removing: stale)
    return (files.map(\.path), removed)
  }

  /// What a run prints last, under the table: the verdict, where the reports went and the
  /// command that renders them again.
  static func endLines(
    _ report: PresentedResults, written: [String], removed: [String], baselinePath: String?
  ) -> String {
    var lines = ["", ReportSummary(report).verdict, "wrote \(written.joined(separator: ", "))"]
    if !removed.isEmpty {
      lines.append("removed \(removed.joined(separator: ", ")) (an earlier run's, not asked for)")
    }
    if let results = written.first {
      let baseline = baselinePath.map { " --baseline \(shellQuoted($0))" } ?? ""
      lines.append(
        "render again: bench report \(shellQuoted(results))\(baseline)   (--format md, html, csv, …)"
      )
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `path` as a shell reads it back: quoted when it holds anything but plain characters.
  static func shellQuoted(_ path: String) -> String {
    let plain = path.allSatisfy { $0.isLetter || $0.isNumber || "/._-+:@".contains($0) }
    return plain && !path.isEmpty
      ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// The baseline the Markdown and HTML reports compare with: `--baseline`, or the committed
  /// Results/baseline.json when there is one (skipped with a note if it cannot be read) —
  /// but not for layout files, which it does not hold.
  static let committedBaseline = "Results/baseline.json"

  static func comparisonBaseline(_ options: RunOptions, io: CommandIO) throws -> ResultsFile? {
    if let path = options.baseline { return try loadResults(path) }
    guard options.layoutPaths.isEmpty else { return nil }
    guard FileManager.default.fileExists(atPath: committedBaseline) else { return nil }
    do { return try ResultsFile.load(path: committedBaseline) } catch {
      if !options.quiet { io.writeError("bench: not comparing with the baseline: \(error)\n") }
      return nil
    }
  }

  static func loadResults(_ path: String) throws -> ResultsFile {
    do { return try ResultsFile.load(path: path) } catch let error as ResultsFileError {
      throw UsageError(error.description)
    }
  }
}
