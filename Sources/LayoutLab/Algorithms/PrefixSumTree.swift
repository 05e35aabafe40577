/// A Fenwick tree (binary indexed tree) of `Double`s: the sum of any prefix, and a change of
/// one value, in O(log n) — each by adding the values in another grouping than one after the
/// other, so its sums equal a sequential chain's bit for bit only where no addition rounds
/// (`ExactSummands` decides that).
///
/// Node i (1-based) holds the sum of the values i − lowbit(i) ..< i, lowbit(i) being the
/// lowest set bit of i.
struct PrefixSumTree: Sendable {
  private var nodes: ContiguousArray<Double>

  /// The tree of `values`.
  ///
  /// - Complexity: O(n).
  init(_ values: ContiguousArray<Double>) {
    nodes = ContiguousArray(repeating: 0, count: values.count + 1)
    for index in values.indices { nodes[index + 1] = values[index] }
    // Each node passes its sum on to the one node whose range directly holds its own.
    for node in 1..<nodes.count {
      let parent = node + (node & -node)
      if parent < nodes.count { nodes[parent] += nodes[node] }
    }
  }

  var count: Int { nodes.count - 1 }

  /// The sum of the first `count` values; 0 for none.
  ///
  /// - Complexity: O(log n): at most one node per bit of `count`.
  @inline(__always)
  func prefixSum(_ count: Int) -> Double {
    var sum = 0.0
    var node = count
    while node > 0 {
      sum += nodes[node]
      node &= node - 1
    }
    return sum
  }

  /// Adds `delta` to value `index`; returns how many nodes that touched.
  ///
  /// - Complexity: O(log n).
  @discardableResult
  mutating func add(_ delta: Double, at index: Int) -> Int {
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
