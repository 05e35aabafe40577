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
    var rounds = 20
    var confirm = 2
    var run = RunOptions()
  }

  static var table: OptionTable<Options> {
    OptionTable(
      "compare",
      synopsis: [
        "bench compare BASELINE.json [CANDIDATE.json] [--deterministic] [--tolerance X]",
        "              [--markdown FILE] [--no-remeasure]",
        "bench compare --against PATH_TO_OTHER_BENCH [--rounds N] [--confirm N]",
        "              [--markdown FILE] [RUN OPTIONS]",
      ],
      positional: Positional(name: "BASELINE.json", noun: "results file", maximumCount: nil) {
        $0.files.append($1)
      },
      [
        .prose(
          """
          Against a saved baseline (CANDIDATE defaults to Results/latest/results.json), as
          docs/BenchMethod.md says: work counters, allocations and a prepared layout's retained bytes
          gated exactly (any increase beyond the tolerance fails), growth gated on the complexity class and exponent of every series, the
          candidate's same-run ratios gated on their floors; time is advisory unless both files come
          from the same host, where the A/B rule decides and a suspect is re-measured before it fails.
          """),
        .options(
          title: nil,
          [
            .flag(
              "--deterministic", sets: \.deterministic,
              help:
                "only the deterministic gates (counters, allocations, retained bytes, growth, ratios)"
            ),
            .value(
              "--tolerance", "X", .decimal("a fraction such as 0 or 0.05"), into: \.tolerance,
              help:
                "relative increase a counter, allocation count or retained bytes may show (default 0)"
            ),
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
          release) and in this build, interleaved A B B A, in one job: A is the other build, B this
          one, each in a worker process of its own, both pinned to one CPU and without address
          randomization. Per benchmark: the paired ratio B/A with its 99% interval, Mann–Whitney's
          p, and the verdict. Takes the options of bench run to choose benchmarks (default: the
          standard suite; use --key, --filter or --quick to narrow it; --layout FILE for your own layout, on both
          sides), and --markdown FILE.
          """),
        .options(
          title: nil,
          [
            .value(
              "--against", "PATH", .text, into: \.against,
              help: "the other build's bench executable"),
            .value(
              "--rounds", "N", .integer(in: 2...1000, "a number of rounds"), into: \.rounds,
              help: "A B B A rounds per benchmark (default 20)"),
            .value(
              "--confirm", "N", .integer(in: 0...10, "a number of confirmation rounds"),
              into: \.confirm,
              help: """
                measure a benchmark found slower again, up to N times, in fresh workers on
                another CPU, each time after another history; it is slower only if slower every
                time (default 2, 0 = off)
                """),
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
      return try compareBuilds(
        against: against, rounds: rounds, confirm: parsed.confirm, options: options,
        markdownPath: markdownPath, io: io)
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
    gate.floorStrategy = SuitePresentation.floorStrategy
    var report = gate.evaluate()
    var remeasured: [String] = []
    if remeasure && !report.timeSuspects.isEmpty && !ReleaseBuild.isDebug {
      // A suspect is re-measured before it fails the run, in a process placed like `bench
      // run`'s (this one, re-executed once: docs/BenchMethod.md, "Two results files"), and
      // what is still slower once more: it fails only if slower every time.
      let placement = RunPlacement.place(
        jobs: 1, arguments: Array(CommandLine.arguments.dropFirst()))
      for _ in 0..<2 where !report.timeSuspects.isEmpty {
        // With companions of each suspect's dataset, to take this process's drift from.
        let keys = report.timeSuspects + companions(of: report.timeSuspects, in: candidate)
        let notes: [String]
        (candidate, notes) = try remeasureSuspects(keys, in: candidate, io: io)
        remeasured += notes.prefix(report.timeSuspects.count)
        gate.candidate = candidate
        gate.remeasured.formUnion(keys)
        report = gate.evaluate()
      }
      remeasured.append("placement: \(placement)")
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

  /// Up to `count` benchmarks of each suspect's dataset and size, not suspects nor the floor,
  /// those with the most samples first (the most precise): measured again with the suspects,
  /// they give the drift of the process that measures again (`BaselineGate.timeDrifts`).
  static func companions(of suspects: [BenchmarkKey], in candidate: ResultsFile, count: Int = 6)
    -> [BenchmarkKey]
  {
    let suspectSet = Set(suspects)
    var groups: [String] = []
    for key in suspects {
      guard let result = candidate.result(key) else { continue }
      let group = "\(result.dataset)@\(result.items)"
      if !groups.contains(group) { groups.append(group) }
    }
    return groups.flatMap { group in
      candidate.results.filter {
        "\($0.dataset)@\($0.items)" == group && !suspectSet.contains($0.key)
          && $0.strategy != SuitePresentation.floorStrategy
      }.sorted { $0.samples.count > $1.samples.count }.prefix(count).map(\.key)
    }
  }

  /// Measures the suspects again in this process and puts the new samples in the candidate.
  static func remeasureSuspects(
    _ keys: [BenchmarkKey], in candidate: ResultsFile, io: CommandIO
  ) throws -> (ResultsFile, [String]) {
    var updated = candidate
    var notes: [String] = []
    let contexts = DatasetContexts()
    let runner = BenchmarkRunner(
      BenchmarkRunner.Configuration(timeBudget: max(candidate.settings.timeBudgetSeconds, 0.25)))
    let place = RunPlacement.beforeEachBenchmark()
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
        place?(benchmark)
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

  /// A/B against another build, interleaved. Both sides run as worker processes started the
  /// same way (`ProcessPlacement`): this process only drives them, so neither side measures in
  /// a process whose heap holds the whole suite.
  static func compareBuilds(
    against: String, rounds: Int, confirm: Int = 2, options: RunOptions, markdownPath: String?,
    io: CommandIO
  ) throws -> String {
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
    // Both sides build the same datasets: each worker is given the same layout files.
    let placement = ProcessPlacement.prepareWorkers()
    // Both workers start from links of one length in one folder: the path a program is started
    // by is copied onto its stack, so paths of different lengths would place the two stacks
    // differently (without randomization, every worker of a build keeps its offset).
    let links = try ProcessPlacement.workerLinks(
      a: against, b: ProcessPlacement.ownExecutable())
    defer { try? FileManager.default.removeItem(atPath: links.folder) }
    let engine = InterleavedComparison(
      rounds: rounds, thresholds: PairedComparison.Thresholds(comparisons: benchmarks.count))
    var outcomes: [InterleavedComparison.Outcome] = []
    var notes = [placement.description]
    var missing: [String] = []
    do {
      // The first pass: every benchmark in one pair of workers, which end with this block.
      let other = try RemoteSide(
        executable: links.a, name: against, layoutPaths: options.layoutPaths)
      let this = try RemoteSide(
        executable: links.b, name: "this build", layoutPaths: options.layoutPaths)
      for (index, benchmark) in benchmarks.enumerated() {
        if !options.quiet {
          io.writeError("[\(index + 1)/\(benchmarks.count)] A/B \(benchmark.key)\n")
        }
        do {
          outcomes.append(
            try engine.compare(
              benchmark.key, strategy: benchmark.strategy, workload: benchmark.workload,
              dataset: benchmark.dataset, a: other, b: this))
        } catch is RemoteSide.MissingBenchmark {
          // New in this build: nothing to compare it with.
          missing.append(benchmark.key.description)
        }
      }
    }
    if !missing.isEmpty {
      notes.append("only in this build (not compared): \(missing.joined(separator: ", "))")
    }
    let suspects = outcomes.filter { $0.comparison.verdict == .slower }.count
    if confirm > 0 && suspects > 0 {
      // A slowdown must show again in processes with another history, measured alone, started
      // in the other order, on another CPU (docs/BenchMethod.md, "Confirmed in fresh
      // processes"): the first pass's workers ran the whole list in one heap each, and one of
      // them may have been unlucky in where its buffers landed.
      let cpu = ProcessPlacement.repinElsewhere(than: placement.cpu)
      notes.append(
        "\(suspects) found slower at first: each measured again, up to \(confirm)×, in fresh workers"
          + (cpu.map { " on CPU \($0)" } ?? ""))
      var started = 0
      outcomes = try engine.confirm(outcomes, count: confirm) { _ in
        started += 1
        if !options.quiet { io.writeError("confirming in fresh workers (\(started))\n") }
        // B first this time.
        let b = try RemoteSide(
          executable: links.b, name: "this build", layoutPaths: options.layoutPaths)
        let a = try RemoteSide(executable: links.a, name: against, layoutPaths: options.layoutPaths)
        return (a, b)
      }
    }
    let text = InterleavedComparison.report(
      outcomes, aName: against, bName: "this build", notes: notes)
    if let markdownPath {
      try AtomicFile.write(
        "## bench compare --against\n\n"
          + InterleavedComparison.markdown(
            outcomes, aName: against, bName: "this build", notes: notes),
        to: markdownPath)
    }
    let slower = outcomes.filter { $0.verdict == .slower }
    if let first = slower.first {
      try io.output(text)
      throw CheckFailure(
        "regression: this build is slower than \(against) on \(slower.count) benchmark(s), first: [time] \(first.key): \(String(format: "%.3f", first.comparison.ratio))× (\(first.reason))"
      )
    }
    return text
  }
}
