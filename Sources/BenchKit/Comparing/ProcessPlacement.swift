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
