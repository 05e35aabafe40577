import CProcessPlacement
import Foundation

/// Puts the two sides of an A/B comparison on equal footing before their worker processes start.
///
/// Measured on the project's 2-core VM with other builds running (docs/BenchMethod.md):
/// - **CPU placement.** A process tends to stay on the core it started on; when another job
///   keeps that core busy, every sample of that side is slower. `floor write-frames` at 10k
///   came out 1.6–2.0× slower on one side in 5 of 6 unpinned A/A runs, and within 1 % in all
///   6 pinned ones. Both sides take their samples in turn, never at once, so one CPU costs no
///   throughput.
/// - **Address layout.** With address-space randomization each process gets its own code and
///   data addresses, and a short loop's speed depends on them: a 17 ns item lookup ran 1.36×,
///   1.93× or 0.58× as fast in the other process of one binary, the same factor on every
///   benchmark of the pair. Without randomization both builds of one commit lay out alike.
public enum ProcessPlacement {
  public struct Outcome: Sendable, CustomStringConvertible {
    /// The CPU both sides run on, or nil when they could not be pinned.
    public var cpu: Int?
    public var addressRandomizationOff: Bool

    public var description: String {
      (cpu.map { "both sides pinned to CPU \($0)" } ?? "CPUs not pinned (unsupported here)")
        + ", address randomization "
        + (addressRandomizationOff ? "off" : "on (cannot be turned off here)")
    }
  }

  /// Pins this process — and so the workers it starts afterwards — to the CPU it is running
  /// on, and turns address randomization off for those workers.
  public static func prepareWorkers() -> Outcome {
    _ = allowedCPUsAtStart  // read before pinning narrows it
    let current = bench_current_cpu()
    let pinned = current >= 0 && bench_pin_to_cpu(current) == 0
    let noRandomization = bench_disable_address_randomization_for_children() == 0
    return Outcome(cpu: pinned ? Int(current) : nil, addressRandomizationOff: noRandomization)
  }

  /// This process's own executable (to start a worker of this build).
  public static func ownExecutable() -> String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
  }

  /// Links named `a` and `b` in a new temporary folder, to `a` and `b`: paths of one length to
  /// start the two sides' workers by. The caller removes the folder.
  public static func workerLinks(a: String, b: String) throws -> (
    folder: String, a: String, b: String
  ) {
    let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent(
      "bench-ab-\(UUID().uuidString)")
    let manager = FileManager.default
    try? manager.removeItem(atPath: folder)
    try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let absolute = { (path: String) -> String in
      path.hasPrefix("/")
        ? path : (manager.currentDirectoryPath as NSString).appendingPathComponent(path)
    }
    let linkA = (folder as NSString).appendingPathComponent("a")
    let linkB = (folder as NSString).appendingPathComponent("b")
    try manager.createSymbolicLink(atPath: linkA, withDestinationPath: absolute(a))
    try manager.createSymbolicLink(atPath: linkB, withDestinationPath: absolute(b))
    return (folder, linkA, linkB)
  }

  /// Whether this process runs without address randomization (workers report it).
  public static var addressRandomizationIsOff: Bool { bench_address_randomization_is_off() == 1 }
}

extension ProcessPlacement {
  /// Idle time per CPU from the text of `/proc/stat` (the `cpuN` lines: the 4th and 5th
  /// numbers, idle and iowait, in clock ticks). Lines it cannot read are skipped.
  /// - Complexity: O(n) in the text's length.
  public static func idleTicks(procStat text: String) -> [Int: UInt64] {
    var idle: [Int: UInt64] = [:]
    for line in text.split(separator: "\n") where line.hasPrefix("cpu") {
      let fields = line.split(separator: " ")
      guard fields.count > 5, let cpu = Int(fields[0].dropFirst(3)),
        let idleTicks = UInt64(fields[4]), let iowait = UInt64(fields[5])
      else { continue }
      idle[cpu] = idleTicks &+ iowait
    }
    return idle
  }

  /// The CPU that was idle the longest between two readings of `/proc/stat`, the lowest
  /// number on a tie; nil when no CPU appears in both.
  /// - Complexity: O(c) in the number of CPUs.
  public static func leastBusyCPU(before: [Int: UInt64], after: [Int: UInt64]) -> Int? {
    let idle = after.compactMap { cpu, ticks in
      before[cpu].map { (cpu: cpu, idle: ticks >= $0 ? ticks - $0 : 0) }
    }
    return idle.min { $0.idle != $1.idle ? $0.idle > $1.idle : $0.cpu < $1.cpu }?.cpu
  }

  /// The CPU that is least busy now: idle time per CPU over `interval` seconds, from
  /// `/proc/stat`; nil where that file cannot be read.
  public static func leastBusyCPU(interval: Double = 0.25) -> Int? {
    let read = { try? String(contentsOfFile: "/proc/stat", encoding: .utf8) }
    guard let first = read() else { return nil }
    Thread.sleep(forTimeInterval: interval)
    guard let second = read() else { return nil }
    return leastBusyCPU(before: idleTicks(procStat: first), after: idleTicks(procStat: second))
  }

  /// Restricts this process, and the programs it executes from now on, to `cpu`.
  public static func pin(to cpu: Int) -> Bool { bench_pin_to_cpu(Int32(cpu)) == 0 }

  /// Restricts this process, and the programs it executes from now on, to `cpus`.
  public static func pin(to cpus: [Int]) -> Bool {
    let list = cpus.map { Int32($0) }
    return list.withUnsafeBufferPointer {
      bench_pin_to_cpus($0.baseAddress, Int32($0.count)) == 0
    }
  }

  /// The CPUs this process may run on; empty where that cannot be known.
  public static func allowedCPUs() -> [Int] {
    var cpus = [Int32](repeating: 0, count: 1024)
    let count = cpus.withUnsafeMutableBufferPointer {
      bench_allowed_cpus($0.baseAddress, Int32($0.count))
    }
    return count > 0 ? cpus.prefix(Int(count)).map { Int($0) } : []
  }

  /// Pins this process — and the workers it starts from now on — to an allowed CPU other than
  /// `cpu` (the least busy of them), for a confirmation measured elsewhere than the first pass.
  /// Returns the CPU, or nil when there is no other CPU or pinning is unavailable (then nothing
  /// changes).
  public static func repinElsewhere(than cpu: Int?) -> Int? {
    let others = allowedCPUsAtStart.filter { $0 != cpu }
    guard !others.isEmpty else { return nil }
    let busy = leastBusyCPU(interval: 0.1)
    let chosen = others.contains(busy ?? -1) ? busy ?? others[0] : others[0]
    return pin(to: chosen) ? chosen : nil
  }

  /// The CPUs this process was allowed when this was first asked (before `prepareWorkers`
  /// pinned it to one): read once, lazily.
  public static let allowedCPUsAtStart: [Int] = allowedCPUs()

  /// Turns address randomization off for the programs this process executes from now on.
  public static func disableAddressRandomizationForChildren() -> Bool {
    bench_disable_address_randomization_for_children() == 0
  }

  /// The stack a program starts with holds its path, its arguments' and its environment's
  /// strings and a pointer to each, so without randomization its stack offset depends on how
  /// long they are — and a short loop's speed on that offset. Returns how many bytes of
  /// padding, as one more environment variable `name=…`, bring the total to a multiple of a
  /// page: then every run starts its stack at the same offset within a page, whatever its
  /// arguments (`--output /tmp/a` or `--output Results/latest`).
  /// - Complexity: O(n) in the strings' total length.
  public static func stackPadding(
    executablePath: String, arguments: [String], environment: [String], name: String,
    page: Int = 4096
  ) -> Int {
    let strings = ([executablePath] + arguments + environment).reduce(0) { $0 + $1.utf8.count + 1 }
    let pointers = 8 * (arguments.count + environment.count + 1)
    let fixed = strings + pointers + name.utf8.count + 2  // `name=`, its NUL
    return (page - fixed % page) % page
  }
}
