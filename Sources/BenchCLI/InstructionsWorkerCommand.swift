import BenchKit
import BenchmarkDatasets
import Foundation

/// `bench run --instructions`: the instructions of one iteration of each benchmark's timed
/// code, counted by callgrind, each benchmark in a valgrind process of its own running
/// `bench _instructions-worker` (`Callgrind` says why).
///
/// The worker takes one benchmark an argument (`STRATEGY<TAB>WORKLOAD<TAB>DATASET<TAB>ITEMS`),
/// after `--layout FILE` for a benchmark of a layout file (`bench run --layout`): arguments
/// rather than standard input, because how a pipe happens to split its data changes
/// the reader's allocations and with them the heap every count depends on. For each, it runs one iteration of it uncounted, makes
/// a fresh instance, and runs one iteration of that inside `InstructionRegion`; it prints `ok` or
/// `error MESSAGE` a line. The region is entered once per benchmark even when setup fails, so
/// callgrind's profile part *i* is always benchmark *i*. Not for people: `bench help` omits it.
enum InstructionsWorkerCommand {
  static func run(_ arguments: [String], io: CommandIO) throws -> String {
    let contexts = DatasetContexts()
    var replies = ""
    // `--layout FILE` pairs first: the layout files whose datasets the benchmarks may name.
    var benchmarks = arguments[...]
    var layoutPaths: [String] = []
    while benchmarks.first == "--layout", benchmarks.count >= 2 {
      layoutPaths.append(benchmarks[benchmarks.startIndex + 1])
      benchmarks = benchmarks.dropFirst(2)
    }
    let layoutFiles =
      layoutPaths.isEmpty ? nil : try LayoutFileDatasets.load(layoutPaths, io: io)
    for line in benchmarks {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      // As when allocations are counted: blocks report the size they were asked for, so
      // buffers grow the same way whatever the heap's history (see bench_allocation_exact_sizes).
      HarnessWiring.allocationCounter.exactSizes(true)
      defer { HarnessWiring.allocationCounter.exactSizes(false) }
      var routine: (any BenchmarkRoutine)?
      var reply = "ok"
      if fields.count == 4, let items = Int(fields[3]) {
        let key = BenchmarkKey(name: "\(fields[0]) \(fields[1]) \(fields[2])", items: items)
        do {
          func make() throws -> any BenchmarkRoutine {
            try ABWorkerCommand.makeRoutine(
              contexts: contexts, key: key, strategy: fields[0], workload: fields[1],
              dataset: fields[2], layoutFiles: layoutFiles)
          }
          // One uncounted iteration first, as the timed run does before allocations are
          // counted: what happens once per process (generic metadata instantiated, lazily
          // made tables) is not the workload's cost, and its count depends on addresses.
          let warm = try make()
          warm.prepareBatch(iterations: 1)
          warm.runBatch(iterations: 1)
          blackHole(warm)
          routine = try make()
        } catch {
          reply = "error \(error)".replacingOccurrences(of: "\n", with: " ")
        }
      } else {
        reply = "error bad request line"
      }
      routine?.prepareBatch(iterations: 1)
      InstructionRegion.run { routine?.runBatch(iterations: 1) }
      blackHole(routine)
      replies += reply + "\n"
    }
    return replies
  }

  /// Counts the instructions of every result in `file` and stores them (or, for those that
  /// could not be counted, a note saying why); `layoutPaths` are the run's `--layout` files,
  /// whose datasets some results may be. Throws when valgrind cannot run at all.
  static func count(
    _ file: inout ResultsFile, layoutPaths: [String] = [], io: CommandIO, quiet: Bool
  ) throws {
    guard let callgrind = Callgrind() else {
      throw UsageError(Callgrind.unavailableReason ?? "--instructions: valgrind is unavailable")
    }
    guard let executable = ReleaseBuild.executablePath() else {
      throw UsageError("--instructions: cannot find this bench executable")
    }
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("bench-instructions-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // Each layout file is copied into the directory the workers run in, under its dataset's
    // name: a worker reads it by that relative name, the same text every run, wherever the file
    // is (a path's length would change the worker's heap, and with it the count).
    var layoutArguments: [String: [String]] = [:]
    for path in layoutPaths {
      let name = try LayoutFileDatasets.datasetName(path)
      let copy = "\(name).json"
      do {
        try FileManager.default.copyItem(
          atPath: path, toPath: (directory as NSString).appendingPathComponent(copy))
      } catch {
        throw CheckFailure("--instructions: cannot copy '\(path)' (\(error.localizedDescription))")
      }
      layoutArguments[name] = ["--layout", copy]
    }
    // A benchmark on several threads is not counted: how valgrind interleaves them changes
    // the count from run to run (incremental concurrent-query-2t on one layout: 4.19 M, then
    // 8.38 M instructions), and a gate on it would cry wolf.
    var counts: [Int] = []
    for index in file.results.indices {
      if Workload.named(file.results[index].workload)?.isConcurrent == true {
        file.results[index].instructionsNote = "not counted: runs on several threads"
      } else {
        counts.append(index)
      }
    }
    if !quiet {
      io.writeError(
        "bench: counting instructions of \(counts.count) benchmarks under callgrind…\n")
    }
    let benchmarks = counts.map { index in
      let result = file.results[index]
      return (layoutArguments[result.dataset] ?? [])
        + ["\(result.strategy)\t\(result.workload)\t\(result.dataset)\t\(result.items)"]
    }
    let started = Date()
    // A run pinned to one CPU (RunPlacement) counts on every CPU it was allowed: the counts do
    // not depend on where or beside what they run, and the processes are independent.
    let allowed =
      ProcessInfo.processInfo.environment[RunPlacement.allowedCPUs]?.split(separator: ",")
      .compactMap { Int($0) } ?? []
    if allowed.count > 1 { _ = ProcessPlacement.pin(to: allowed) }
    let counted: [(instructions: [Int], output: String)]
    do {
      let stripped = try Callgrind.strippedCopy(of: executable, in: directory)
      counted = try callgrind.count(
        executable: stripped, runs: benchmarks.map { ["_instructions-worker"] + $0 },
        in: directory, jobs: max(allowed.count, ProcessPlacement.allowedCPUs().count))
    } catch let error as CallgrindError {
      throw CheckFailure("--instructions: \(error)")
    }
    for (position, index) in counts.enumerated() {
      let run = position < counted.count ? counted[position] : (instructions: [], output: "")
      let reply = run.output.split(separator: "\n").first.map(String.init) ?? "error no answer"
      if reply == "ok", run.instructions.count == 1 {
        file.results[index].instructions = run.instructions[0]
      } else {
        file.results[index].instructionsNote =
          reply.hasPrefix("error ")
          ? String(reply.dropFirst(6)) : "not counted"
      }
    }
    // The growth of instructions over sizes, now that they are known.
    file.fits = SeriesFit.fits(of: file.results)
    file.settings.instructionCounting =
      "callgrind, one iteration on a fresh instance in a process of its own, \(Callgrind.workerEnvironment.keys.sorted().joined(separator: ", ")) set"
    if !quiet {
      io.writeError(
        String(
          format: "bench: instructions counted in %.0f s\n", Date().timeIntervalSince(started)))
    }
  }
}
