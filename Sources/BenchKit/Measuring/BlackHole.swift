/// Consumes a value so the optimizer cannot prove it unused and delete the work that made it
/// (google/swift-benchmark's `doNotOptimizeAway`). Not inlinable: the compiler must assume it
/// reads its argument.
@inline(never)
public func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// Returns `value` through a call the optimizer cannot see into, so a computation whose input
/// is constant cannot be folded at compile time.
@inline(never)
public func identity<T>(_ value: T) -> T { value }
