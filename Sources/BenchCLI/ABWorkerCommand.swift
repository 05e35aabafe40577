import BenchKit
import BenchmarkDatasets
import Foundation
import LayoutLab

/// `bench _ab-worker`: the other side of `bench compare --against`. Reads one request a line
/// on standard input and answers one line on standard output:
///
///     setup STRATEGY<TAB>WORKLOAD<TAB>DATASET<TAB>ITEMS  →  ok NS_PER_ITERATION | error MESSAGE
///     sample ITERATIONS                                   →  ok NS_PER_OPERATION | error MESSAGE
///     teardown                                            →  ok | error MESSAGE (the check failed)
///
/// `--layout FILE` (repeatable): the datasets are those layout files, as in `bench run --layout`.
///
/// Not for people: `bench help` does not list it.
enum ABWorkerCommand {
  static let protocolVersion = "layoutlab-ab 1"

  static func run(_ arguments: [String], io: CommandIO) throws -> String {
    let table = OptionTable<[String]>(
      "_ab-worker", positional: .noArguments,
      [
        .options(
          title: nil,
          [
            .value("--layout", "FILE", .text, repeatable: true, help: "a layout file's dataset") {
              $0.append($1)
            }
          ])
      ])
    guard let layoutPaths = try table.parse(arguments, into: []) else { return table.help }
    let layoutFiles =
      layoutPaths.isEmpty ? nil : try LayoutFileDatasets.load(layoutPaths, io: io)
    let contexts = DatasetContexts()
    let side = LocalSide { key, strategy, workload, dataset in
      try makeRoutine(
        contexts: contexts, key: key, strategy: strategy, workload: workload, dataset: dataset,
        layoutFiles: layoutFiles)
    }
    try io.output(protocolVersion + "\n")
    while let line = readLine(strippingNewline: true) {
      let reply: String
      do {
        if line.hasPrefix("setup ") {
          let fields = line.dropFirst(6).split(separator: "\t").map(String.init)
          guard fields.count == 4, let items = Int(fields[3]) else {
            throw UsageError("bad setup line")
          }
          let key = BenchmarkKey(name: "\(fields[0]) \(fields[1]) \(fields[2])", items: items)
          reply =
            "ok \(try side.setUp(key, strategy: fields[0], workload: fields[1], dataset: fields[2]))"
        } else if line.hasPrefix("sample "), let iterations = Int(line.dropFirst(7)) {
          reply = "ok \(try side.sample(iterations: iterations))"
        } else if line == "teardown" {
          try side.tearDown()
          reply = "ok"
        } else {
          reply = "error unknown request"
        }
      } catch let error as UsageError {
        reply = "error \(error.message)".replacingOccurrences(of: "\n", with: " ")
      } catch let error as CheckFailure {
        reply = "error \(error.message)".replacingOccurrences(of: "\n", with: " ")
      } catch {
        reply = "error \(error)".replacingOccurrences(of: "\n", with: " ")
      }
      try io.output(reply + "\n")
    }
    return ""
  }

  /// The routine of one benchmark, by its parts (strategy `floor` is the floor), of a built-in
  /// dataset or of one of `layoutFiles` (`--layout`).
  static func makeRoutine(
    contexts: DatasetContexts, key: BenchmarkKey, strategy: String, workload: String,
    dataset: String, layoutFiles: [Dataset]? = nil
  ) throws -> any BenchmarkRoutine {
    var request = Suite.Request(sizes: [key.items], datasets: [dataset], workloads: nil)
    request.maximumThreads = 64
    request.layoutFiles = layoutFiles
    if strategy != SuitePresentation.floorStrategy {
      request.strategies = [strategy]
      request.workloads = [workload]
    } else {
      request.workloads = [Workload.prepare.name]
    }
    // A strategy, workload or dataset this build does not know is a benchmark it does not have
    // (new in the other build), not a broken request.
    let suite: Suite
    do {
      suite = try Suite.make(request, contexts: contexts)
    } catch let error as Suite.UnknownName {
      throw UsageError("this build has no benchmark '\(key)' (\(error))")
    }
    guard let benchmark = suite.benchmarks.first(where: { $0.key == key }) else {
      throw UsageError("this build has no benchmark '\(key)'")
    }
    return try benchmark.makeRoutine()
  }
}

/// One build, driven through `_ab-worker` in a process of its own.
final class RemoteSide: ComparisonSide {
  /// The worker's build has no such benchmark (it is new in the other build).
  struct MissingBenchmark: Error {}

  private let process = Process()
  /// The executable, for messages.
  let name: String
  private let input = Pipe()
  private let output = Pipe()
  private var buffer = Data()

  /// Starts `bench _ab-worker` from `executable`, given the same layout files as this side;
  /// `name` is what messages call it.
  init(executable: String, name: String? = nil, layoutPaths: [String] = []) throws {
    self.name = name ?? executable
    guard FileManager.default.isExecutableFile(atPath: executable) else {
      throw UsageError("--against: '\(self.name)' is not an executable bench")
    }
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["_ab-worker"] + layoutPaths.flatMap { ["--layout", $0] }
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    var environment = ProcessInfo.processInfo.environment
    environment["BENCH_REEXECUTED"] = "1"
    // The heap the same in every worker of a build: setup on one thread (helper threads
    // allocating at their own pace leave the heap different each time) and the same hash seed.
    environment["BENCH_SERIAL_SETUP"] = "1"
    environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
    process.environment = environment
    do { try process.run() } catch {
      throw UsageError("--against: cannot run '\(self.name)' (\(error))")
    }
    guard let hello = readLine(), hello == ABWorkerCommand.protocolVersion else {
      throw UsageError(
        "--against: '\(self.name)' does not speak the A/B protocol (a bench built before `bench compare --against` existed?)"
      )
    }
  }

  deinit {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }

  private func readLine() -> String? {
    while true {
      if let newline = buffer.firstIndex(of: 10) {
        let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
        buffer.removeSubrange(buffer.startIndex...newline)
        return line
      }
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { return nil }
      buffer.append(chunk)
    }
  }

  private func request(_ line: String) throws -> String {
    do {
      try FileSystem.write(
        Data((line + "\n").utf8), to: input.fileHandleForWriting.fileDescriptor,
        name: name)
    } catch {
      throw CheckFailure("\(name) stopped answering (\(error))")
    }
    guard let reply = readLine() else { throw CheckFailure("\(name) stopped answering") }
    // (Workers before this one wrote the error's type around the message: match inside. And
    // they answered a name they did not know — a workload, strategy or dataset added since —
    // with `Suite.UnknownName`'s message alone.)
    if reply.hasPrefix("error ")
      && (reply.contains("this build has no benchmark")
        || ["strategy", "workload", "dataset"].contains { reply.contains("unknown \($0) '") })
    {
      throw MissingBenchmark()
    }
    if reply.hasPrefix("error ") { throw CheckFailure("\(name): \(reply.dropFirst(6))") }
    return reply.hasPrefix("ok ") ? String(reply.dropFirst(3)) : ""
  }

  func setUp(_ key: BenchmarkKey, strategy: String, workload: String, dataset: String) throws
    -> Double
  {
    Double(try request("setup \(strategy)\t\(workload)\t\(dataset)\t\(key.items)")) ?? 1
  }

  func sample(iterations: Int) throws -> Double {
    guard let value = Double(try request("sample \(iterations)")) else {
      throw CheckFailure("\(name) sent a malformed sample")
    }
    return value
  }

  func tearDown() throws { _ = try request("teardown") }
}
