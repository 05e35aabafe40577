import CInstructionRegion
import Foundation
import Synchronization

/// Instruction counts from valgrind's callgrind: deterministic for a given binary, input and
/// environment (the same count run after run, whatever else the machine does), which wall time
/// on a shared machine is not.
///
/// Each benchmark is counted in a valgrind process of its own running a worker
/// (`bench _instructions-worker`), which calls `InstructionRegion.run` around one iteration of
/// the timed code on a fresh instance; callgrind counts only inside that region and writes one
/// profile part after each call. A process of its own, because a count depends on the heap it
/// runs over: in one process shared by every benchmark, what the benchmarks before it left in
/// the heap moved a query's count by up to 10 % when their code changed, and by 0.6 % when a
/// `--filter` left some of them out — past the gate's tolerance, for code that did not change.
public struct Callgrind: Sendable {
  /// The valgrind executable.
  public var valgrind: String

  /// Why instructions cannot be counted on this machine, as one line; nil when they can.
  public static var unavailableReason: String? { unavailableReason(searchPath: searchPath) }

  static func unavailableReason(searchPath: String) -> String? {
    if bench_instruction_region_controls_instrumentation() == 0 {
      return "instruction counts need an x86-64 build (callgrind's client requests)"
    }
    if locate("valgrind", searchPath: searchPath) == nil {
      return "instruction counts need valgrind, which is not installed (apt-get install valgrind)"
    }
    if locate("objcopy", searchPath: searchPath) == nil {
      return "instruction counts need objcopy, which is not installed (apt-get install binutils)"
    }
    return nil
  }

  /// The directories programs are looked up in: `PATH`.
  static var searchPath: String { ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin" }

  public init?() {
    guard Self.unavailableReason == nil, let valgrind = Self.locate("valgrind") else {
      return nil
    }
    self.valgrind = valgrind
  }

  /// The environment the worker runs in. Hashing is made deterministic (Swift seeds it per
  /// process otherwise, and a dictionary's probe sequence changes the count), setup runs on
  /// one thread (`UntimedWork`: the heap is then the same every run), and glibc's
  /// string functions are pinned to their baseline x86-64 variants so that a count does not
  /// depend on which CPU features the machine has.
  public static let workerEnvironment = [
    "SWIFT_DETERMINISTIC_HASHING": "1",
    "GLIBC_TUNABLES":
      "glibc.cpu.hwcaps=-AVX2,-AVX512F,-AVX512VL,-AVX512BW,-EVEX,-ERMS,-FSRM,-Fast_Unaligned_Copy,-Prefer_No_VZEROUPPER",
    "BENCH_REEXECUTED": "1",
    "BENCH_SERIAL_SETUP": "1",
  ]

  /// A copy of `executable` without debug information, in `directory`: valgrind 3.19 cannot
  /// read the DWARF Swift 6.3 writes and gives up on the binary otherwise.
  public static func strippedCopy(of executable: String, in directory: String) throws -> String {
    let stripped = (directory as NSString).appendingPathComponent("bench-stripped")
    let (status, _) = try runProcess(
      locate("objcopy") ?? "objcopy", ["--strip-debug", executable, stripped],
      environment: [:])
    guard status == 0 else {
      throw CallgrindError("objcopy --strip-debug \(executable) failed (exit \(status))")
    }
    return stripped
  }

  /// Runs `executable` (a file in `directory`) under callgrind once per element of `runs`,
  /// with that element as its arguments, each in a valgrind process of its own and at most
  /// `jobs` at once; returns, run by run, the instructions of each region call, in order, and
  /// what the program printed. `directory` receives the profile parts (`callgrind.out.RUN.PART`).
  public func count(
    executable: String, runs: [[String]], in directory: String, jobs: Int
  ) throws -> [(instructions: [Int], output: String)] {
    typealias Outcome = Result<(instructions: [Int], output: String), any Error>
    // The next run to start, and what each run gave.
    final class Queue: Sendable {
      let state: Mutex<(next: Int, outcomes: [Outcome?])>
      init(count: Int) { state = Mutex((0, [Outcome?](repeating: nil, count: count))) }
    }
    let queue = Queue(count: runs.count)
    let done = DispatchGroup()
    // Threads of their own, not Dispatch's workers: Dispatch sizes its pool by the CPUs the
    // process was pinned to when it started, one in a placed `bench run`. Each takes the next
    // run as it finishes one: a count does not depend on which thread runs it or when (the
    // processes share nothing but the stripped binary).
    for _ in 0..<max(1, min(jobs, runs.count)) {
      done.enter()
      Thread {
        while true {
          let run: Int? = queue.state.withLock { state in
            defer { state.next += 1 }
            return state.next < runs.count ? state.next : nil
          }
          guard let run else { break }
          let outcome = Outcome {
            try count(executable: executable, arguments: runs[run], in: directory, name: "\(run)")
          }
          queue.state.withLock { $0.outcomes[run] = outcome }
        }
        done.leave()
      }.start()
    }
    done.wait()
    let outcomes = queue.state.withLock { $0.outcomes }
    return try outcomes.map { outcome in
      guard let outcome else { throw CallgrindError("a run was not counted") }
      return try outcome.get()
    }
  }

  /// One valgrind process: `executable` with `arguments`, its profile parts written to
  /// `callgrind.out.NAME.PART` and its log to `valgrind.NAME.log` in `directory`.
  private func count(
    executable: String, arguments: [String], in directory: String, name: String
  ) throws -> (instructions: [Int], output: String) {
    let base = (directory as NSString).appendingPathComponent("callgrind.out.\(name)")
    let log = (directory as NSString).appendingPathComponent("valgrind.\(name).log")
    // Nothing is instrumented or collected but the regions, which switch both on and off
    // themselves (InstructionRegion): setup runs fast and is never counted.
    let valgrindArguments = [
      "--tool=callgrind", "--instr-atstart=no", "--collect-atstart=no",
      "--callgrind-out-file=\(base)", "--log-file=\(log)",
    ]
    // Run from `directory` by a relative path: the program's own path (argv[0], which the
    // Swift runtime copies and hashes) is then the same text every run, and so is the count.
    // Valgrind's own arguments (the file names above) are not the program's.
    let program = ["./" + (executable as NSString).lastPathComponent] + arguments
    // The worker's environment is exactly `workerEnvironment` plus PATH, in sorted order
    // (`env -i`): the environment is copied and hashed at startup, so its size, content and
    // order — a Swift dictionary's order changes every run — would otherwise change the heap
    // and so the counts, from run to run and from machine to machine.
    let environment = Self.workerEnvironment.merging(["PATH": "/usr/bin:/bin"]) { $1 }
      .sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    let (status, output) = try Self.runProcess(
      "/usr/bin/env", ["-i"] + environment + [valgrind] + valgrindArguments + program,
      environment: [:], in: directory)
    guard status == 0 else {
      let tail =
        (try? String(contentsOfFile: log, encoding: .utf8))?
        .split(separator: "\n").last.map(String.init) ?? ""
      throw CallgrindError("valgrind exited with status \(status): \(tail)")
    }
    // Parts are numbered from 1 in the order the region was left; the file without a number
    // is the rest of the run (setup), which is not counted.
    var counts: [Int] = []
    var part = 1
    while let text = try? String(contentsOfFile: "\(base).\(part)", encoding: .utf8) {
      guard let total = Self.totalInstructions(inProfile: text) else {
        throw CallgrindError("\(base).\(part): no instruction total in the profile")
      }
      counts.append(total)
      part += 1
    }
    return (counts, output)
  }

  /// The `summary:` (or `totals:`) line of a callgrind profile: its instructions (event Ir).
  static func totalInstructions(inProfile text: String) -> Int? {
    for line in text.split(separator: "\n") {
      for prefix in ["summary:", "totals:"] where line.hasPrefix(prefix) {
        let fields = line.dropFirst(prefix.count).split(separator: " ")
        if let first = fields.first, let value = Int(first) { return value }
      }
    }
    return nil
  }

  static func locate(_ name: String, searchPath: String = searchPath) -> String? {
    for directory in searchPath.split(separator: ":") {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// Runs a process to its end; returns its exit status and what it printed.
  static func runProcess(
    _ executable: String, _ arguments: [String], environment: [String: String],
    in directory: String? = nil
  ) throws -> (status: Int32, output: String) {
    let process = Process()
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch {
      throw CallgrindError("cannot run \(executable) (\(error.localizedDescription))")
    }
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: printed, as: UTF8.self))
  }
}

/// Counting instructions failed: one line saying why.
public struct CallgrindError: Error, CustomStringConvertible, Sendable {
  public var description: String
  public init(_ description: String) { self.description = description }
}
