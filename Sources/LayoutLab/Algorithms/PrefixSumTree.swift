/// A Fenwick tree (binary indexed tree) of positions (`ScrollPosition`) kept in a caller's
/// array: the sum of any prefix, and a change of one value, in O(log n) — each by adding the
/// values in another grouping than one after the other, so its sums equal a sequential chain's
/// bit for bit only where no addition rounds: always for exact sums (`ExactPosition`), for
/// `Double`s where `ExactSummands` proves it.
///
/// `nodes` holds n + 1 entries; node i ≥ 1 holds the sum of the values i − lowbit(i) ..< i,
/// lowbit(i) being the lowest set bit of i. A namespace over a plain array, so that a holder
/// keeps one buffer (copying a prepared layout's state retains each buffer it holds).
enum PrefixSumTree {
  /// The tree of `count` values, value i being `value(i)`.
  ///
  /// - Complexity: O(n), one allocation.
  static func nodes<Value: ScrollPosition>(count: Int, value: (Int) -> Value)
    -> ContiguousArray<Value>
  {
    // Made by `reserveCapacity` and appends: `init(repeating:count:)` and
    // `init(unsafeUninitializedCapacity:)` look the storage type up at run time, about 1,400
    // instructions a call.
    var nodes = ContiguousArray<Value>()
    nodes.reserveCapacity(count + 1)
    nodes.append(.zero)
    for index in 0..<count { nodes.append(value(index)) }
    // Each node passes its sum on to the one node whose range directly holds its own, in
    // place: subscripts checked the array's uniqueness and bounds at each node.
    nodes.withUnsafeMutableBufferPointer { nodes in
      guard let base = nodes.baseAddress else { return }
      for node in 1..<nodes.count {
        let parent = node + (node & -node)
        if parent < nodes.count { base[parent] += base[node] }
      }
    }
    return nodes
  }

  /// The tree of `values`.
  ///
  /// - Complexity: O(n).
  static func nodes<Value: ScrollPosition>(of values: [Value]) -> ContiguousArray<Value> {
    nodes(count: values.count) { values[$0] }
  }

  /// The sum of the first `count` values; 0 for none.
  ///
  /// - Complexity: O(log n): one node per set bit of `count`.
  @inline(__always)
  static func prefixSum<Value: ScrollPosition>(_ count: Int, of nodes: ContiguousArray<Value>)
    -> Value
  {
    // Plain subscripts: a scoped buffer pointer would retain and release the array, which
    // costs more than the bounds checks of these few reads.
    var sum = Value.zero
    var node = count
    // Each step drops the lowest set bit: the nodes read cover 0..<count once.
    while node > 0 {
      sum += nodes[node]
      node &= node - 1
    }
    return sum
  }

  /// The longest prefix whose sum, added to `base`, stays below `bound` — with the values
  /// never negative, the number of them whose running total from `base` ends below `bound` —
  /// and that sum.
  ///
  /// - Complexity: O(log n): a descent from the largest node down, one node per bit.
  @inline(__always)
  static func prefix<Value: ScrollPosition>(
    from base: Value, below bound: Value, of nodes: ContiguousArray<Value>
  ) -> (count: Int, sum: Value) {
    let n = nodes.count - 1
    var (count, sum) = (0, base)
    guard n > 0 else { return (0, base) }
    var step = 1 << (Int.bitWidth - 1 - n.leadingZeroBitCount)
    // Invariant: base + the first `count` values is `sum`, and below `bound` once `count` > 0.
    // `count` + `step` stays at most 2n (each step is half the one before, the first at most
    // n), so it cannot overflow.
    while step > 0 {
      let next = count &+ step
      if next <= n {
        let candidate = sum + nodes[next]
        if candidate < bound { (count, sum) = (next, candidate) }
      }
      step &>>= 1
    }
    return (count, sum)
  }

  /// Adds `delta` to value `index`; returns how many nodes that touched.
  ///
  /// - Complexity: O(log n).
  @discardableResult
  static func add<Value: ScrollPosition>(
    _ delta: Value, at index: Int, to nodes: inout ContiguousArray<Value>
  ) -> Int {
    var node = index + 1
    var touched = 0
    while node < nodes.count {
      nodes[node] += delta
      touched += 1
      node += node & -node
    }
    return touched
  }
}
