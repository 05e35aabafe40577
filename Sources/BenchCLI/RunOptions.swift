import BenchKit
import BenchmarkDatasets
import Foundation

/// The flags of the measuring commands (`bench`, `bench run`, `bench compare --against`).
struct RunOptions {
  var request = Suite.Request()
  var quick = false
  var timeBudget: Double?
  var jobs = 1
  var output = "Results/latest"
  /// Every format (`Reporters.formatNames`) unless `--format` chooses.
  var formats: [String] = Reporters.formatNames
  var quiet = false
  var allowDebug = false
  /// Count each benchmark's instructions under callgrind (needs valgrind).
  var instructions = false
  /// Baseline to compare with in the reports (the HTML's comparison view, Markdown's section).
  var baseline: String?

  static let defaultBudget = 0.25
  static let quickBudget = 0.02

  var effectiveBudget: Double { timeBudget ?? (quick ? Self.quickBudget : Self.defaultBudget) }

  /// The flags, for `bench run` and for `bench compare --against` (which takes them lifted).
  static var options: [CommandOption<RunOptions>] {
    [
      .value(
        "--filter", "REGEX", .text,
        help: "only benchmarks whose name (<strategy> <workload> <dataset>) matches"
      ) { $0.request.filter = $1 },
      .value("--strategies", "A,B", .list, help: "only these strategies (bench list)") {
        $0.request.strategies = $1
      },
      .value("--datasets", "A,B", .list, help: "only these datasets (bench dataset --help)") {
        $0.request.datasets = $1
      },
      .value(
        "--workloads", "A,B", .list, help: "only these workloads (bench run --help lists them)"
      ) { $0.request.workloads = $1 },
      .flag(
        "--key", sets: \.request.key,
        help: """
          the key benchmarks only: every strategy × the workloads users meet first × mixed-feed
          and uniform-grid at 100k (what CI counts instructions of and compares head against
          base on)
          """),
      .value(
        "--items", "N,N,…", sizes,
        help: """
          sizes, such as 1k,10k,100k,1M: every dataset at each size (default: 100k, plus a
          1k/10k/100k scaling series on mixed-feed and uniform-grid)
          """
      ) { $0.request.sizes = $1 },
      .flag(
        "--quick", sets: \.quick,
        help: "a short time budget (\(quickBudget) s per benchmark): under a minute"),
      .value(
        "--time-budget", "T", duration, into: \.timeBudget,
        help: "sampling time per benchmark, such as 0.5, 500ms, 2s (default \(defaultBudget) s)"),
      .value(
        "--jobs", "N", .integer(in: 1...64, "a number of jobs"), into: \.jobs,
        help: """
          run N benchmarks at once: faster, but they disturb each other's timings and
          allocations are not counted (default 1)
          """),
      .value(
        "--output", "DIR", .text, into: \.output,
        help: """
          where the results and reports go (default Results/latest), as one set: all from this
          run, or after a failure all as they were
          """),
      .value(
        "--format", "F,F,…", .listOf(Reporters.formatNames), into: \.formats,
        help: """
          outputs: \(Reporters.formatNames.joined(separator: ", ")) (default: all; the results
          file results.json is always written)
          """),
      .value(
        "--baseline", "FILE", .text, into: \.baseline,
        help: """
          compare with this results file in the Markdown and HTML reports (default:
          Results/baseline.json when there is one)
          """),
      .flag("--quiet", "-q", sets: \.quiet, help: "no progress on standard error"),
      .flag(
        "--allow-debug", sets: \.allowDebug,
        help: "measure a debug build anyway (every report says DEBUG BUILD)"),
      .flag(
        "--instructions", sets: \.instructions,
        help: """
          also count each benchmark's instructions (one iteration, fresh instance) under
          valgrind's callgrind: deterministic, gated by bench compare; needs valgrind (apt-get
          install valgrind)
          """),
    ]
  }

  /// `--items`: counts above 0, each once, smallest first.
  static var sizes: OptionValue<[Int]> {
    OptionValue { text, flag in
      let sizes = try ArgumentSyntax.list(text, flag: flag).map {
        try ArgumentSyntax.count($0, flag: flag)
      }
      guard !sizes.isEmpty, sizes.allSatisfy({ $0 > 0 }) else {
        throw UsageError("--items: give sizes above 0, such as 1k,10k,100k")
      }
      return Array(Set(sizes)).sorted()
    }
  }

  /// `--time-budget`: `0.5`, `500ms`, `2s`, up to ten minutes.
  static var duration: OptionValue<Double> {
    OptionValue { text, _ in try parseDuration(text) }
  }

  /// `0.5`, `500ms`, `2s`.
  static func parseDuration(_ text: String) throws -> Double {
    var number = Substring(text)
    var scale = 1.0
    if number.hasSuffix("ms") {
      number = number.dropLast(2)
      scale = 0.001
    } else if number.hasSuffix("s") {
      number = number.dropLast()
    }
    guard let value = ArgumentSyntax.decimal(number), value > 0, value * scale <= 600 else {
      throw UsageError("--time-budget: '\(text)' is not a duration such as 0.25, 250ms or 2s")
    }
    return value * scale
  }
}
