#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Nanoseconds on the system's monotonic clock (`CLOCK_MONOTONIC`): never jumps with wall-clock
/// adjustments, so a difference of two readings is an elapsed time.
public enum MonotonicClock {
  @inline(__always)
  public static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
  }

  /// Nanoseconds `body` took.
  @inline(__always)
  public static func measure(_ body: () throws -> Void) rethrows -> UInt64 {
    let start = now()
    try body()
    return now() &- start
  }
}
