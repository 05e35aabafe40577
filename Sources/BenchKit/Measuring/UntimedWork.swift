import Foundation

/// How the harness does its untimed work (datasets, reference answers, checks).
public enum UntimedWork {
  /// Set (`BENCH_SERIAL_SETUP=1`) where counts must not depend on thread timing: when
  /// instructions are counted, helper threads that allocate while the main thread sets up
  /// leave the heap in a different state each run, and a counted iteration's allocations then
  /// take different paths through the allocator. Serial setup is slower, never different.
  public static let isSerial = ProcessInfo.processInfo.environment["BENCH_SERIAL_SETUP"] == "1"
}
