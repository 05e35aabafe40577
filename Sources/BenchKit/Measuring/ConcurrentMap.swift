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
  return slots.values
}

/// One slot per index, each written by exactly one thread: no lock is needed, and the class
/// gives the slots one shared identity across the workers.
private final class ResultSlots<T>: @unchecked Sendable {
  private var slots: [T?]
  init(count: Int) { slots = Array(repeating: nil, count: count) }

  func store(_ value: T, at index: Int) {
    slots.withUnsafeMutableBufferPointer { $0[index] = value }
  }

  var values: [T] { slots.map { $0! } }
}
