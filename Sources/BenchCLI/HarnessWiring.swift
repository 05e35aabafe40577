import BenchKit
import Foundation

/// What the executable plugs into the harness: the allocation counter (only `bench` links the
/// allocator wrapper, so the library and its tests stay unwrapped). Set once at startup.
public enum HarnessWiring {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var counter = AllocationCounter.unavailable(
    "unavailable: this build does not wrap the allocator (needs Linux with glibc)")

  nonisolated(unsafe) private static var note: String?

  /// How the executable set the allocator up, for the reports (nil: left as it was).
  public static var allocatorNote: String? {
    get { lock.withLock { note } }
    set { lock.withLock { note = newValue } }
  }

  public static var allocationCounter: AllocationCounter {
    get { lock.withLock { counter } }
    set { lock.withLock { counter = newValue } }
  }
}
