/// Where each section starts along the scroll axis when each starts where the one before it
/// ends (FLOW-16): the first at `origin`, section i + 1 at start(i) + length(i) — the engine's
/// additions, bit for bit. The lengths are the caller's (each section holds its own), as
/// positions of one kind (`ScrollPosition`): `Double`s, or exact sums (`ExactPosition`),
/// which any grouping adds exactly.
///
/// Two ways to keep them, chosen by `ExactSummands` for `Double`s (exact sums are always
/// prefix sums):
/// - **prefix sums** (`PrefixSumTree`) when no sum of the origin and the lengths can round
///   (lengths that are multiples of one power of two — integers, halves — and not too many of
///   them): any grouping gives the engine's bits, so a section's new length moves every later
///   start in O(log s), and a start is read in O(log s);
/// - **the engine's chain** otherwise (a spacing of 0.1): starts kept one by one and
///   recomputed, from the first section that changed, with the same additions in the same
///   order — O(s) per change, O(1) per read.
struct SectionStarts<Position: ScrollPosition>: Sendable {
  private(set) var origin: Position
  private(set) var count: Int
  /// Whether starts are prefix sums (a change costs O(log s)) rather than a chain.
  private(set) var isTree: Bool
  /// The tree's nodes when `isTree`; otherwise where each section starts. One buffer: a
  /// prepared layout's state is copied by every query, and each buffer copied is retained.
  private var values: ContiguousArray<Position>
  /// Whether every sum of `origin` and the lengths, in any grouping, is exact (counted only for
  /// `Double`s: exact sums always are).
  private var exactness: ExactSummands
  /// The first start of the chain not recomputed since a length changed; `count` when none
  /// is stale.
  private var firstStale: Int

  /// Starts of `count` sections, section i `length(i)` long, the first at `origin`.
  ///
  /// - Complexity: O(s), one allocation (none for no section).
  init(origin: Position, count: Int, length: (Int) -> Position) {
    self.origin = origin
    self.count = count
    exactness = ExactSummands()
    if !Position.sumsAreExact { exactness.insert(origin.double) }
    // Each run of equal lengths counted in at once: a self-sizing view's sections at the
    // estimate (FLOW-26) are one length over and over, and counting each cost about 30
    // instructions a section.
    var index = 0
    while !Position.sumsAreExact && index < count && exactness.holds {
      let value = length(index)
      var end = index + 1
      while end < count && length(end).isIdentical(to: value) { end += 1 }
      exactness.insert(value.double, times: end - index)
      index = end
    }
    isTree = Position.sumsAreExact || exactness.holds
    values = []
    if count == 0 {
      // Nothing to read: no buffer.
    } else if isTree {
      values = PrefixSumTree.nodes(count: count, value: length)
    } else {
      values.reserveCapacity(count)
      var position = origin
      for index in 0..<count {
        values.append(position)
        position = position + length(index)
      }
    }
    firstStale = count
  }

  /// Where section `index` starts.
  ///
  /// - Complexity: O(log s) as prefix sums; O(1) as a chain.
  @inline(__always)
  func start(of index: Int) -> Position {
    isTree ? origin + PrefixSumTree.prefixSum(index, of: values) : values[index]
  }

  /// The sections that can meet `low...high`, as positions — those from the first that ends
  /// at or after `low` to the last that starts at or before `high`
  /// (`FlowSearchRange.sections(count:from:through:start:end:)`'s answer, to the bit) — and
  /// where the first of them starts (`origin` for none): a caller reading every start of the
  /// range adds each length to the one before — the engine's additions, which give a start's
  /// bits both ways (as prefix sums every sum is exact) — rather than reading each from the
  /// tree in O(log s).
  ///
  /// - Complexity: O(log s + sections returned): as prefix sums, one descent of the tree, then
  ///   each next start by the engine's addition; as a chain, a binary search.
  @inline(__always)
  func sectionsAndFirstStart(
    from low: Position, through high: Position, lengths: (Int) -> Position
  ) -> (sections: Range<Int>, firstStart: Position) {
    guard isTree else {
      let met = FlowSearchRange.sections(count: count, from: low, through: high) {
        values[$0]
      } end: {
        values[$0] + lengths($0)
      }
      return (met, met.lowerBound < count ? values[met.lowerBound] : origin)
    }
    // Sections before `first` end before `low`: their ends are the prefix sums from origin
    // past them, which never decrease.
    // So section `first`, which starts where they end, ends at or after `low`.
    let (first, firstStart) = PrefixSumTree.prefix(from: origin, below: low, of: values)
    var (last, start) = (first, firstStart)
    while last < count && start <= high {
      start = start + lengths(last)
      last += 1
    }
    return (first..<last, firstStart)
  }

  /// Section `index`, `old` long, is now `length` long: later sections move. As prefix sums,
  /// at once (O(log s), the nodes touched counted in `counters.treeNodesTouched`); as a chain,
  /// when `restack(lengths:counters:)` is next called. Once the sums may round, the starts
  /// are the engine's chain until they are made again.
  ///
  /// - Complexity: O(log s) as prefix sums; O(1) as a chain (the work is `restack`'s), and
  ///   O(s) once, to allocate the chain, when prefix sums stop being exact.
  mutating func setLength(
    _ length: Position, was old: Position, of index: Int, counters: inout LayoutWorkCounters
  ) {
    guard !old.isIdentical(to: length) else { return }
    if !Position.sumsAreExact {
      // Both lengths are counted while the tree moves from one to the other.
      exactness.insert(length.double)
      exactness.remove(old.double)
    }
    if isTree && (Position.sumsAreExact || exactness.holds) {
      counters.treeNodesTouched += PrefixSumTree.add(length - old, at: index, to: &values)
      return
    }
    if isTree {
      // No longer exact: back to the engine's chain, every start recomputed.
      isTree = false
      values = ContiguousArray(repeating: .zero, count: count)
      firstStale = 0
    }
    firstStale = min(firstStale, index + 1)
  }

  /// Recomputes the starts of the chain that a change of length made stale — the engine's
  /// additions, in its order; nothing as prefix sums. The sections recomputed are counted in
  /// `counters.sectionsShifted`.
  ///
  /// - Complexity: O(s − the first section that changed) as a chain; O(1) as prefix sums.
  mutating func restack(lengths: (Int) -> Position, counters: inout LayoutWorkCounters) {
    guard !isTree, firstStale < count else { return }
    if firstStale > 0 { counters.sectionsShifted += count - firstStale }
    var position = firstStale == 0 ? origin : values[firstStale - 1] + lengths(firstStale - 1)
    for index in firstStale..<count {
      values[index] = position
      position = position + lengths(index)
    }
    firstStale = count
  }
}
