import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Heap allocations as the process counts them: supplied by the executable, which links the
/// allocator wrapper (`CAllocationCounter`), so the library and its tests stay unwrapped.
public struct AllocationCounter: Sendable {
  public struct Totals: Hashable, Sendable {
    public var allocations: UInt64
    public var bytes: UInt64
    public init(allocations: UInt64, bytes: UInt64) {
      self.allocations = allocations
      self.bytes = bytes
    }
  }

  /// Why counts are unavailable, or nil when they are available.
  public var unavailableReason: String?
  public var read: @Sendable () -> Totals
  /// Opens or closes a counting window in which blocks report the size they were asked for
  /// (see `bench_allocation_exact_sizes`), so counts do not depend on the heap's history.
  public var exactSizes: @Sendable (Bool) -> Void
  /// Starts counting retained bytes inside an open window (see `bench_allocation_retained_mark`).
  public var markRetained: @Sendable () -> Void
  /// The bytes allocated since `markRetained` and not freed since — each block at the size it
  /// asked for, so exact and the same on every run — or nil where they cannot be counted
  /// exactly (no wrapper, or a block the wrapper's table could not record).
  public var readRetained: @Sendable () -> Int?

  public init(
    unavailableReason: String?, exactSizes: @escaping @Sendable (Bool) -> Void = { _ in },
    markRetained: @escaping @Sendable () -> Void = {},
    readRetained: @escaping @Sendable () -> Int? = { nil },
    read: @escaping @Sendable () -> Totals
  ) {
    self.unavailableReason = unavailableReason
    self.exactSizes = exactSizes
    self.markRetained = markRetained
    self.readRetained = readRetained
    self.read = read
  }

  /// No counting: reports say why instead of printing zeros.
  public static func unavailable(_ reason: String) -> AllocationCounter {
    AllocationCounter(unavailableReason: reason) { Totals(allocations: 0, bytes: 0) }
  }

  /// Checks that `read` really sees allocations made by the Swift runtime (the wrapper can be
  /// linked yet bypassed); if it does not, the counter is unavailable, with the reason.
  public func verified() -> AllocationCounter {
    guard unavailableReason == nil else { return self }
    let before = read()
    let array = [Int](repeating: 7, count: identity(64))
    blackHole(array)
    let after = read()
    guard after.allocations > before.allocations else {
      return .unavailable("the allocator wrapper is linked but sees no allocations")
    }
    return self
  }
}

/// Peak resident memory on Linux: writing 5 to `/proc/self/clear_refs` resets the peak
/// (`VmHWM` in `/proc/self/status`) to the current resident size.
public enum PeakMemory {
  /// Resets the peak; false where that is not possible (not Linux, or not permitted).
  @discardableResult
  public static func reset() -> Bool {
    #if os(Linux)
      let descriptor = open("/proc/self/clear_refs", O_WRONLY)
      guard descriptor >= 0 else { return false }
      defer { close(descriptor) }
      return write(descriptor, "5", 1) == 1
    #else
      return false
    #endif
  }

  /// `VmHWM` in bytes, or nil where there is none.
  public static func peakResidentBytes() -> Int? { statusField("VmHWM:") }

  /// Whether peaks can be measured here (reset works and `VmHWM` exists).
  public static let isAvailable: Bool = reset() && peakResidentBytes() != nil

  private static func statusField(_ field: String) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return nil
    }
    for line in text.split(separator: "\n") where line.hasPrefix(field) {
      let parts = line.dropFirst(field.count).split(whereSeparator: { $0 == " " || $0 == "\t" })
      guard let value = parts.first.flatMap({ Int($0) }) else { return nil }
      return value * 1024  // kB
    }
    return nil
  }
}
