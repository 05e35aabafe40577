/// Where each section starts along the scroll axis when each starts where the one before it
/// ends (FLOW-16): the first at `origin`, section i + 1 at start(i) + length(i) — the engine's
/// additions, bit for bit.
///
/// Two ways to keep them, chosen by `ExactSummands`:
/// - **prefix sums** (`PrefixSumTree`) when no sum of the origin and the lengths can round
///   (lengths that are multiples of one power of two — integers, halves — and not too many of
///   them): any grouping gives the engine's bits, so a section's new length moves every later
///   start in O(log s), and a start is read in O(log s);
/// - **the engine's chain** otherwise (a spacing of 0.1): starts kept one by one and
///   recomputed, from the first section that changed, with the same additions in the same
///   order — O(s) per change, O(1) per read.
struct SectionStarts: Sendable {
  private(set) var origin: Double
  private(set) var lengths: ContiguousArray<Double>
  /// Prefix sums of `lengths`, when `exactness` holds.
  private var tree: PrefixSumTree?
  /// Where each section starts, when `tree` is nil.
  private var chain: ContiguousArray<Double> = []
  /// Whether every sum of `origin` and the lengths, in any grouping, is exact.
  private var exactness: ExactSummands
  /// The first start of `chain` not recomputed since a length changed; `lengths.count` when
  /// none is stale.
  private var firstStale: Int

  /// Starts of sections of `lengths`, the first at `origin`.
  ///
  /// - Complexity: O(s).
  init(origin: Double, lengths: ContiguousArray<Double>) {
    self.origin = origin
    self.lengths = lengths
    exactness = ExactSummands(CollectionOfOne(origin) + lengths)
    firstStale = 0
    rebuild()
  }

  var count: Int { lengths.count }

  /// Whether starts are prefix sums (a change costs O(log s)) rather than a chain.
  var isTree: Bool { tree != nil }

  /// Where section `index` starts.
  ///
  /// - Complexity: O(log s) as prefix sums; O(1) as a chain.
  @inline(__always)
  func start(of index: Int) -> Double {
    if let tree { return origin + tree.prefixSum(index) }
    return chain[index]
  }

  /// Where the last section ends (`origin` if there is none): the engine's last addition.
  ///
  /// - Complexity: that of `start(of:)`.
  var end: Double {
    guard let last = lengths.indices.last else { return origin }
    return start(of: last) + lengths[last]
  }

  /// Section `index` is now `length` long: later sections move. As prefix sums, at once
  /// (O(log s), the nodes touched counted in `counters.treeNodesTouched`); as a chain, when
  /// `restack(counters:)` is next called.
  mutating func setLength(
    _ length: Double, of index: Int, counters: inout LayoutWorkCounters
  ) {
    let old = lengths[index]
    lengths[index] = length
    guard old.bitPattern != length.bitPattern else { return }
    // Both lengths are counted while the tree moves from one to the other.
    exactness.insert(length)
    exactness.remove(old)
    if exactness.holds, tree != nil {
      counters.treeNodesTouched += tree?.add(length - old, at: index) ?? 0
    } else {
      if tree != nil {
        // No longer exact: back to the engine's chain, every start recomputed.
        tree = nil
        firstStale = 0
      }
      firstStale = min(firstStale, index + 1)
    }
  }

  /// Recomputes the starts of the chain that a change of length made stale — the engine's
  /// additions, in its order; nothing as prefix sums. The sections recomputed are counted in
  /// `counters.sectionsShifted`.
  ///
  /// - Complexity: O(s − the first section that changed) as a chain; O(1) as prefix sums.
  mutating func restack(counters: inout LayoutWorkCounters) {
    guard tree == nil, firstStale < lengths.count else { return }
    if firstStale > 0 { counters.sectionsShifted += lengths.count - firstStale }
    rebuild()
  }

  private mutating func rebuild() {
    if exactness.holds {
      tree = PrefixSumTree(lengths)
      chain = []
    } else {
      if chain.count != lengths.count {
        chain = ContiguousArray(repeating: 0, count: lengths.count)
        firstStale = 0
      }
      var position = firstStale == 0 ? origin : chain[firstStale - 1] + lengths[firstStale - 1]
      for index in firstStale..<lengths.count {
        chain[index] = position
        position = position + lengths[index]
      }
    }
    firstStale = lengths.count
  }
}
