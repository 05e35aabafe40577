import Dispatch

/// `(0..<count).map(transform)`, computed on every core at once (`concurrentPerform`), results
/// in order. For untimed work only: dataset generation, reference answers, verification.
public func concurrentMap<T: Sendable>(_ count: Int, _ transform: @Sendable (Int) -> T) -> [T] {
  guard count > 0 else { return [] }
  if UntimedWork.isSerial { return (0..<count).map(transform) }
  let slots = ResultSlots<T>(count: count)
  DispatchQueue.concurrentPerform(iterations: count) { index in
    slots.store(transform(index), at: index)
  }
  // concurrentPerform returns once every worker has: every slot is written, and seen.
  return slots.moveOut()
}

/// One slot per index in memory allocated once, each initialized by the one worker given its
/// index and read only after all of them have returned. Workers write disjoint memory and share
/// nothing mutable — unlike a Swift array held by a class, whose every write through
/// `withUnsafeMutableBufferPointer` also reads and writes the array's own storage reference
/// (a race the thread sanitizer reports). A class, so the buffer has one owner that frees it.
private final class ResultSlots<T>: @unchecked Sendable {
  private let slots: UnsafeMutableBufferPointer<T>

  init(count: Int) { slots = .allocate(capacity: count) }

  deinit { slots.deallocate() }

  func store(_ value: T, at index: Int) { slots.initializeElement(at: index, to: value) }

  /// The values, in order, moved into an array. Call once, after every slot is stored.
  func moveOut() -> [T] {
    [T](unsafeUninitializedCapacity: slots.count) { buffer, initialized in
      initialized = buffer.moveInitialize(fromContentsOf: slots)
    }
  }
}
