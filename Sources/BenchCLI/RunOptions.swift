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
  var formats: [String] = ["console", "json", "md", "csv", "html", "github-action-benchmark"]
  var quiet = false
  var allowDebug = false
  /// Count each benchmark's instructions under callgrind (needs valgrind).
  var instructions = false
  /// Baseline to compare with in the reports (the HTML's comparison view, Markdown's section).
  var baseline: String?

  static let defaultBudget = 0.25
  static let quickBudget = 0.02

  var effectiveBudget: Double { timeBudget ?? (quick ? Self.quickBudget : Self.defaultBudget) }

  static let help = """
      --filter REGEX        only benchmarks whose name (<strategy> <workload> <dataset>) matches
      --strategies A,B      only these strategies (bench list)
      --datasets A,B        only these datasets (bench dataset --help)
      --workloads A,B       only these workloads (bench run --help lists them)
      --key                 the key benchmarks only: every strategy × the workloads users meet
                            first × mixed-feed and uniform-grid at 100k (what CI counts
                            instructions of and compares head against base on)
      --items N,N,…         sizes, such as 1k,10k,100k,1M: every dataset at each size
                            (default: 100k, plus a 1k/10k/100k scaling series on mixed-feed
                            and uniform-grid)
      --quick               a short time budget (\(quickBudget) s per benchmark): under a minute
      --time-budget T       sampling time per benchmark, such as 0.5, 500ms, 2s (default \(defaultBudget) s)
      --jobs N              run N benchmarks at once: faster, but they disturb each other's
                            timings and allocations are not counted (default 1)
      --output DIR          where the results and reports go (default Results/latest), as one
                            set: all from this run, or after a failure all as they were
      --format F,F,…        outputs: console, json, md, csv, html, github-action-benchmark
                            (default: all; the results file results.json is always written)
      --baseline FILE       compare with this results file in the Markdown and HTML reports
                            (default: Results/baseline.json when there is one)
      --quiet               no progress on standard error
      --allow-debug         measure a debug build anyway (every report says DEBUG BUILD)
      --instructions        also count each benchmark's instructions (one iteration, fresh
                            instance) under valgrind's callgrind: deterministic, gated by
                            bench compare; needs valgrind (apt-get install valgrind)
    """

  /// Consumes one flag (and its value) if it is a run flag; false if it is not one.
  mutating func parse(_ argument: String, _ reader: inout ArgumentReader) throws -> Bool {
    switch argument {
    case "--filter": request.filter = try reader.value(of: argument)
    case "--strategies": request.strategies = try reader.list(of: argument)
    case "--datasets": request.datasets = try reader.list(of: argument)
    case "--workloads": request.workloads = try reader.list(of: argument)
    case "--items":
      let sizes = try reader.list(of: argument).map { try ArgumentReader.count($0, flag: argument) }
      guard !sizes.isEmpty, sizes.allSatisfy({ $0 > 0 }) else {
        throw UsageError("--items: give sizes above 0, such as 1k,10k,100k")
      }
      request.sizes = Array(Set(sizes)).sorted()
    case "--quick": quick = true
    case "--key": request.key = true
    case "--time-budget": timeBudget = try parseDuration(try reader.value(of: argument))
    case "--jobs":
      let text = try reader.value(of: argument)
      guard let value = ArgumentReader.integer(text[...]), (1...64).contains(value) else {
        throw UsageError("--jobs: '\(text)' is not a number of jobs from 1 to 64")
      }
      jobs = value
    case "--output": output = try reader.value(of: argument)
    case "--format":
      formats = try reader.list(of: argument)
      let known = ["console"] + Reporters.formatNames
      for format in formats where !known.contains(format) {
        throw UsageError(
          "--format: unknown format '\(format)' (one of: \(known.joined(separator: ", ")))")
      }
    case "--baseline": baseline = try reader.value(of: argument)
    case "--quiet", "-q": quiet = true
    case "--allow-debug": allowDebug = true
    case "--instructions": instructions = true
    default: return false
    }
    return true
  }

  /// `0.5`, `500ms`, `2s`.
  func parseDuration(_ text: String) throws -> Double {
    var number = Substring(text)
    var scale = 1.0
    if number.hasSuffix("ms") {
      number = number.dropLast(2)
      scale = 0.001
    } else if number.hasSuffix("s") {
      number = number.dropLast()
    }
    guard let value = ArgumentReader.decimal(number), value > 0, value * scale <= 600 else {
      throw UsageError("--time-budget: '\(text)' is not a duration such as 0.25, 250ms or 2s")
    }
    return value * scale
  }
}
