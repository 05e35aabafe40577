import BenchKit
import BenchmarkDatasets
import Foundation

/// `bench compare`: against a saved baseline (the CI gate), or A/B against another build.
enum CompareCommand {
  /// What the flags ask for.
  struct Options {
    var files: [String] = []
    var deterministic = false
    var tolerance = 0.0
    var markdownPath: String?
    var remeasure = true
    var against: String?
    var rounds = 12
    var run = RunOptions()
  }

  static var table: OptionTable<Options> {
    OptionTable(
      "compare",
      synopsis: [
        "bench compare BASELINE.json [CANDIDATE.json] [--deterministic] [--tolerance X]",
        "              [--markdown FILE] [--no-remeasure]",
        "bench compare --against PATH_TO_OTHER_BENCH [--rounds N] [RUN OPTIONS]",
      ],
      positional: Positional(name: "BASELINE.json", noun: "results file", maximumCount: nil) {
        $0.files.append($1)
      },
      [
        .prose(
          """
          Against a saved baseline (CANDIDATE defaults to Results/latest/results.json), as
          docs/BenchMethod.md says: work counters and allocations gated exactly (any increase beyond the
          tolerance fails), growth gated on the complexity class and exponent of every series, the
          candidate's same-run ratios gated on their floors; time is advisory unless both files come
          from the same host, where the A/B rule decides and a suspect is re-measured before it fails.
          """),
        .options(
          title: nil,
          [
            .flag(
              "--deterministic", sets: \.deterministic,
              help: "only the deterministic gates (counters, allocations, growth, ratios)"),
            .value(
              "--tolerance", "X", .decimal("a fraction such as 0 or 0.05"), into: \.tolerance,
              help: "relative increase a counter or allocation count may show (default 0)"),
            .value(
              "--markdown", "FILE", .text, into: \.markdownPath,
              help: """
                also write the verdict as Markdown (for a CI job summary); FILE is replaced whole,
                and must be a regular file or a new one
                """),
            .flag(
              "--no-remeasure", sets: \.remeasure, to: false,
              help: "do not re-measure time suspects"),
          ]),
        .prose(
          """
          --against runs the same benchmarks in another build of the package (its bench, built in
          release) interleaved with this build, A B B A, in one job: A is the other build, B this
          one. Per benchmark: the paired ratio B/A with its 99% interval, Mann–Whitney's p, and the
          verdict. Takes the options of bench run to choose benchmarks (default: the standard suite;
          use --filter or --quick to narrow it; --layout FILE for your own layout, on both sides).
          """),
        .options(
          title: nil,
          [
            .value(
              "--against", "PATH", .text, into: \.against,
              help: "the other build's bench executable"),
            .value(
              "--rounds", "N", .integer(in: 2...1000, "a number of rounds"), into: \.rounds,
              help: "A B B A rounds per benchmark (default 12)"),
          ]),
        .unlisted(RunOptions.options.map { $0.lifted(\.run) }),
        .prose("Exit status: 0 no regression, 1 regression, 2 bad input or usage."),
      ])
  }

  static func run(_ arguments: [String], io: CommandIO) throws -> String {
    guard let parsed = try table.parse(arguments, into: Options()) else { return table.help }
    let files = parsed.files
    let (deterministic, tolerance, markdownPath) = (
      parsed.deterministic, parsed.tolerance, parsed.markdownPath
    )
    let (remeasure, rounds, options) = (parsed.remeasure, parsed.rounds, parsed.run)
    if let against = parsed.against {
      guard files.isEmpty else {
        throw UsageError("--against compares builds, not files: drop '\(files[0])'")
      }
      return try compareBuilds(against: against, rounds: rounds, options: options, io: io)
    }
    guard (1...2).contains(files.count) else {
      throw UsageError(
        "bench compare needs BASELINE.json and at most one CANDIDATE.json (bench compare --help)")
    }
    let baseline = try RunCommand.loadResults(files[0])
    var candidate = try RunCommand.loadResults(
      files.count > 1 ? files[1] : "Results/latest/results.json")
    var gate = BaselineGate(baseline: baseline, candidate: candidate)
    gate.deterministicOnly = deterministic
    gate.counterTolerance = tolerance
    var report = gate.evaluate()
    var remeasured: [String] = []
    if remeasure && !report.timeSuspects.isEmpty && !ReleaseBuild.isDebug {
      // A suspect is re-measured before it fails the run.
      (candidate, remeasured) = try remeasureSuspects(report.timeSuspects, in: candidate, io: io)
      gate.candidate = candidate
      report = gate.evaluate()
    }
    var text = report.text()
    if !remeasured.isEmpty {
      text = "re-measured time suspects: \(remeasured.joined(separator: "; "))\n\n" + text
    }
    if let markdownPath {
      try AtomicFile.write("## bench compare\n\n" + report.markdown(), to: markdownPath)
    }
    if report.hasRegression {
      try io.output(text)
      throw CheckFailure(
        "regression: \(report.regressions.count) finding(s), first: [\(report.regressions[0].gate.rawValue)] \(report.regressions[0].key): \(report.regressions[0].message)"
      )
    }
    return text
  }

  /// Measures the suspects again in this process and puts the new samples in the candidate.
  static func remeasureSuspects(
    _ keys: [BenchmarkKey], in candidate: ResultsFile, io: CommandIO
  ) throws -> (ResultsFile, [String]) {
    var updated = candidate
    var notes: [String] = []
    let contexts = DatasetContexts()
    let runner = BenchmarkRunner(
      BenchmarkRunner.Configuration(timeBudget: max(candidate.settings.timeBudgetSeconds, 0.1)))
    for key in keys {
      guard let index = updated.results.firstIndex(where: { $0.key == key }) else { continue }
      let old = updated.results[index]
      do {
        let benchmark = Benchmark(
          strategy: old.strategy, workload: old.workload, dataset: old.dataset, items: old.items
        ) {
          try ABWorkerCommand.makeRoutine(
            contexts: contexts, key: key, strategy: old.strategy, workload: old.workload,
            dataset: old.dataset)
        }
        let fresh = try runner.measure(benchmark)
        updated.results[index].samples = fresh.samples
        updated.results[index].statistics = fresh.statistics
        notes.append(
          "\(key) median \(Formatting.duration(old.statistics.median)) → \(Formatting.duration(fresh.statistics.median))"
        )
      } catch {
        notes.append("\(key) could not be re-measured (\(error))")
      }
    }
    return (updated, notes)
  }

  /// A/B against another build, interleaved.
  static func compareBuilds(against: String, rounds: Int, options: RunOptions, io: CommandIO) throws
    -> String
  {
    guard FileManager.default.isExecutableFile(atPath: against) else {
      throw UsageError("--against: '\(against)' is not an executable bench")
    }
    // Every layout file is read and checked before either build measures (`--layout`).
    let request = try LayoutFileDatasets.request(options, io: io)
    try ReleaseBuild.ensureRelease(allowDebug: options.allowDebug, io: io)
    let contexts = DatasetContexts()
    let suite: Suite
    do { suite = try Suite.make(request, contexts: contexts) } catch let error
      as Suite.UnknownName
    {
      throw UsageError(error.description)
    }
    let benchmarks = suite.benchmarks.filter {
      $0.strategy != SuitePresentation.floorStrategy || options.request.filter != nil
    }
    guard !benchmarks.isEmpty else { throw UsageError("no benchmark matches the options") }
    // Both sides build the same datasets: the worker is given the same layout files.
    let other = try RemoteSide(executable: against, layoutPaths: options.layoutPaths)
    let layoutFiles = request.layoutFiles
    let this = LocalSide { key, strategy, workload, dataset in
      try ABWorkerCommand.makeRoutine(
        contexts: contexts, key: key, strategy: strategy, workload: workload, dataset: dataset,
        layoutFiles: layoutFiles)
    }
    let engine = InterleavedComparison(
      rounds: rounds, thresholds: PairedComparison.Thresholds(comparisons: benchmarks.count))
    var outcomes: [InterleavedComparison.Outcome] = []
    for (index, benchmark) in benchmarks.enumerated() {
      if !options.quiet {
        io.writeError("[\(index + 1)/\(benchmarks.count)] A/B \(benchmark.key)\n")
      }
      outcomes.append(
        try engine.compare(
          benchmark.key, strategy: benchmark.strategy, workload: benchmark.workload,
          dataset: benchmark.dataset,
          a: other, b: this))
    }
    let text = InterleavedComparison.report(outcomes, aName: against, bName: "this build")
    if outcomes.contains(where: { $0.comparison.verdict == .slower }) {
      try io.output(text)
      throw CheckFailure(
        "regression: this build is slower than \(against) on \(outcomes.filter { $0.comparison.verdict == .slower }.count) benchmark(s)"
      )
    }
    return text
  }
}
