import Foundation

// Where the runs of a mixed section start, kept two ways (`SectionRuns.startSums`):
// - **the engine's chain**, as a full layout writes it: each run holds its start;
// - **a Fenwick tree** of the distances d_k = start(k) − start(k − 1) (d_0 = start(0)), its node
//   n held in the `start` of run n − 1, in place: where every distance — and the pitch of every
//   run of several lines — is a multiple of one power of two u, with Σ |value| ≤ 2^53 · u
//   (`ExactSummands`), every sum of them in any grouping is exact, so a prefix of the tree gives
//   the chain's bits, and a resize moves every later run by changing O(log runs) nodes. A
//   section of `treeAtPrepare` runs or more is made a tree at prepare, with an empty slot
//   every `slackSpacing` runs, where its lines were summed on the grid (one pass over the runs,
//   `LineRunBuffer.spreadIntoStartTree`); a smaller one turns into a tree at a resize once its
//   runs are its own (O(runs), once): in place, or, once a resize breaks lines into more runs,
//   in storage of its own with the empty slots. A resize that breaks lines into more runs
//   takes empty slots near it, one into fewer leaves some, so that no later run moves to
//   another slot but those between (`FlowLayoutEngine.rebreakInPlace`).
//
// A tree holds the runs' first items the same way, in the same nodes: node n's item count is
// the items of runs n − lowbit(n) … n − 1 (a run's first item less the one before's), so that an
// insert or delete moves the first items of every later run by O(log runs) nodes too. Integers:
// any grouping gives the same sum. Read a run of a tree through `run(_:)`, `run(after:_:)`,
// `firstItem(ofRun:)`: its stored `start` and `firstItem` are nodes.

extension FlowLayoutEngine.SectionRuns {
  typealias LineRun = FlowLayoutEngine.LineRun
  typealias LineRunStorage = FlowLayoutEngine.LineRunStorage

  /// Run `index`, with where it starts relative to the section.
  ///
  /// - Complexity: O(1) as a chain, O(log runs) as a tree.
  @inline(__always)
  func run(_ index: Int) -> LineRun {
    let run = runs[index]
    guard startSums != nil else { return run }
    return runs.withUnsafeRuns { nodes in
      var (start, firstItem) = (0.0, 0)
      var node = index + 1
      // Each step drops the lowest set bit: the nodes read cover runs 0…index once.
      while node > 0 {
        start += nodes[node &- 1].start
        firstItem &+= nodes[node &- 1].firstItem
        node &= node &- 1
      }
      return LineRun(start: start, firstItem: firstItem, lineCount: run.lineCount)
    }
  }

  /// The first item of run `index`'s first line.
  ///
  /// - Complexity: O(1) as a chain, O(log runs) as a tree.
  @inline(__always)
  func firstItem(ofRun index: Int) -> Int {
    let run = runs[index]
    guard startSums != nil else { return run.firstItem }
    return runs.withUnsafeRuns { nodes in
      var (firstItem, node) = (0, index + 1)
      while node > 0 {
        firstItem &+= nodes[node &- 1].firstItem
        node &= node &- 1
      }
      return firstItem
    }
  }

  /// Where run `index`'s items end: the next run's first item, or the section's end.
  ///
  /// - Complexity: that of `firstItem(ofRun:)`.
  @inline(__always)
  func endItem(ofRun index: Int) -> Int {
    index + 1 < runs.count ? firstItem(ofRun: index + 1) : numberOfItems
  }

  /// The run that holds `item` (`runIndex(holding:)`), the run itself (`run(_:)`) and where
  /// its items end (`endItem(ofRun:)`): what a lookup of one item needs, read together.
  ///
  /// - Complexity: O(log runs): as a tree, one descent of its item counts, which passes
  ///   exactly the nodes whose sums are the run's start and first item.
  func run(holding item: Int) -> (index: Int, run: LineRun, endItem: Int) {
    guard startSums != nil else {
      let index = runIndex(holding: item)
      return (index, runs[index], endItem(ofRun: index))
    }
    let (found, start, firstItem) = runs.withUnsafeRuns { nodes in
      let count = nodes.count
      // Invariant: the first `found` runs start at or before `item`; the sums are run
      // `found` − 1's start and first item.
      var (found, start, firstItem) = (0, 0.0, 0)
      var step = count > 0 ? 1 << (Int.bitWidth - 1 - count.leadingZeroBitCount) : 0
      while step > 0 {
        let next = found + step
        if next <= count && firstItem + nodes[next - 1].firstItem <= item {
          found = next
          start += nodes[next - 1].start
          firstItem += nodes[next - 1].firstItem
        }
        step >>= 1
      }
      return (found, start, firstItem)
    }
    let index = found - 1
    let run = LineRun(start: start, firstItem: firstItem, lineCount: runs[index].lineCount)
    let endItem = found < runs.count ? self.run(after: index, run).firstItem : numberOfItems
    return (index, run, endItem)
  }

  /// Run `index` + 1, given run `index` (`previous`, as `run(_:)` gave it), for a walk over
  /// consecutive runs (a query's): as a chain, read; as a tree, `previous.start` plus the
  /// distance between them — the node of run `index` + 1 less the nodes below it that it
  /// covers. Each of those is a sum of distances, as is every difference on the way, so all
  /// are exact, and so is the addition: the bits `start(ofRun:)` gives.
  ///
  /// - Complexity: O(1) as a chain; as a tree, one read per trailing zero bit of index + 2 —
  ///   about two a run over consecutive runs, where `start(ofRun:)` reads O(log runs).
  @inline(__always)
  func run(after index: Int, _ previous: LineRun) -> LineRun {
    let next = runs[index + 1]
    guard startSums != nil else { return next }
    let (distance, items) = runs.withUnsafeRuns { nodes in
      // Node n (of run n − 1) holds the distances of runs n − lowbit(n) … n − 1; nodes n − 1,
      // then each less its lowest bit, down to n − lowbit(n), hold those of all but run n − 1.
      // The same for the item counts.
      let node = index &+ 2
      var (distance, items) = (nodes[node &- 1].start, nodes[node &- 1].firstItem)
      var below = node &- 1
      let end = node & (node &- 1)
      while below > end {
        distance -= nodes[below &- 1].start
        items &-= nodes[below &- 1].firstItem
        below &= below &- 1
      }
      return (distance, items)
    }
    return LineRun(
      start: previous.start + distance, firstItem: previous.firstItem + items,
      lineCount: next.lineCount)
  }

  /// Where run `index` starts, relative to the section.
  ///
  /// - Complexity: O(1) as a chain, O(log runs) as a tree: one node per set bit of index + 1.
  @inline(__always)
  func start(ofRun index: Int) -> Double {
    guard startSums != nil else { return runs[index].start }
    return runs.withUnsafeRuns { nodes in
      var sum = 0.0
      var node = index + 1
      // Each step drops the lowest set bit: the nodes read cover runs 0…index once.
      while node > 0 {
        sum += nodes[node - 1].start
        node &= node - 1
      }
      return sum
    }
  }

  /// How many runs start where `isBefore` holds of their start, which holds of a prefix of the
  /// runs (starts never decrease): `partitioningIndex` as a chain, one descent of the tree as a
  /// tree. `isBefore` sees the very bits a chain holds.
  ///
  /// - Complexity: O(log runs) reads of a start.
  @inline(__always)
  func runsStarting(where isBefore: (Double) -> Bool) -> Int {
    guard startSums != nil else {
      // Invariant: runs before the result start where `isBefore` holds.
      return partitioningIndex(runs.count) { !isBefore(runs[$0].start) }
    }
    return runs.withUnsafeRuns { nodes in
      let count = nodes.count
      guard count > 0 else { return 0 }
      // Invariant: the first `found` runs start where `isBefore` holds; `sum` is where run
      // `found` − 1 starts.
      var (found, sum) = (0, 0.0)
      var step = 1 << (Int.bitWidth - 1 - count.leadingZeroBitCount)
      while step > 0 {
        let next = found + step
        if next <= count && isBefore(sum + nodes[next - 1].start) {
          found = next
          sum += nodes[next - 1].start
        }
        step >>= 1
      }
      return found
    }
  }

  /// `runsStarting(where:)` when `isBefore` is known to hold of the runs before `lowerBound`
  /// and the answer is likely close to it (the runs a viewport meets after the first): an
  /// exponential search from there, then a binary search of the last step.
  ///
  /// As a tree, a walk from `lowerBound`, run after run (`run(after:_:)`), instead: each probe
  /// of the search would read O(log runs) nodes, and the runs walked are those the query's
  /// cells then walk again.
  ///
  /// - Complexity: O(log(answer − lowerBound)) reads of a start as a chain; as a tree,
  ///   O(log runs + answer − lowerBound).
  @inline(__always)
  func runsStarting(from lowerBound: Int, where isBefore: (Double) -> Bool) -> Int {
    guard startSums == nil else {
      var index = min(max(lowerBound, 0), runs.count)
      guard index < runs.count else { return index }
      var run = self.run(index)
      while isBefore(run.start) {
        index += 1
        guard index < runs.count else { break }
        run = self.run(after: index - 1, run)
      }
      return index
    }
    return runs.withUnsafeRuns { runs in
      Self.runsStarting(
        from: lowerBound, count: runs.count, start: { runs[$0].start }, where: isBefore)
    }
  }

  /// How many runs make a mixed section's starts a tree at prepare, with room
  /// (`LineRunBuffer.spreadIntoStartTree`): a pass over them there — about a tenth of what
  /// breaking their lines costs — rather than O(runs) at the first resize that changes the
  /// number of runs, which then costs O(log runs) like every other. Below it, the first resize
  /// pays O(runs) < this once, and prepare and queries keep the chain's O(1) reads.
  static let treeAtPrepare = 2_048

  /// `runsStarting(where:)` searched from `guess`, where the answer likely is (such as where
  /// the section's length puts the start sought: a section's runs are spread nearly evenly
  /// over it), rather than from the middle: an exponential search from the guess, forward or
  /// back, then a binary search of the last step. Any guess, in range or not, gives the same
  /// answer. As a tree too, rather than a descent from the root: the nodes the starts near the
  /// guess read are mostly the same ones, where a descent reads a new node on each level of a
  /// tree larger than the cache (giant-section's queries at 1M).
  ///
  /// - Complexity: O(log |answer − guess|) reads of a start: O(1) each as a chain, O(log runs)
  ///   as a tree.
  @inline(__always)
  func runsStarting(near guess: Int, where isBefore: (Double) -> Bool) -> Int {
    guard startSums == nil else {
      return Self.runsStarting(
        near: guess, count: runs.count, start: { start(ofRun: $0) }, where: isBefore)
    }
    return runs.withUnsafeRuns { runs in
      Self.runsStarting(near: guess, count: runs.count, start: { runs[$0].start }, where: isBefore)
    }
  }

  /// `runsStarting(from:where:)` over `count` runs whose starts `start` reads.
  @inline(__always)
  private static func runsStarting(
    from lowerBound: Int, count: Int, start: (Int) -> Double, where isBefore: (Double) -> Bool
  ) -> Int {
    // Invariant: runs before `low` start where `isBefore` holds; if `bound` < count, run `bound`
    // does not.
    let from = min(max(lowerBound, 0), count)
    var (low, bound, step) = (from, from, 1)
    while bound < count && isBefore(start(bound)) {
      low = bound + 1
      bound = low + step
      step &<<= 1
    }
    let high = min(bound, count)
    return low + partitioningIndex(high - low) { !isBefore(start(low + $0)) }
  }

  /// `runsStarting(near:where:)` over `count` runs whose starts `start` reads.
  @inline(__always)
  private static func runsStarting(
    near guess: Int, count: Int, start: (Int) -> Double, where isBefore: (Double) -> Bool
  ) -> Int {
    let from = min(max(guess, 0), count)
    // The runs before `from` start where `isBefore` holds (it holds of run `from` − 1, and
    // starts never decrease): `runsStarting(from:where:)`'s precondition.
    if from == 0 || isBefore(start(from - 1)) {
      return runsStarting(from: from, count: count, start: start, where: isBefore)
    }
    // Back from `from`, doubling the step. Invariant: the answer lies in low...high — runs
    // before `low` hold, run `high` (and every run after it) does not.
    var (low, high, step) = (0, from - 1, 1)
    while high - step >= 0 {
      let probe = high - step
      if isBefore(start(probe)) {
        low = probe + 1
        break
      }
      high = probe
      step &<<= 1
    }
    return low + partitioningIndex(high - low) { !isBefore(start(low + $0)) }
  }

  /// How many runs a section keeps between empty slots when its starts become a tree
  /// (`makeStartTree()`; at prepare, `spreadIntoStartTree` keeps one fewer): room for a resize that breaks lines into more runs than before to
  /// take, without moving the runs after it (1/32 more slots for a query to pass by).
  static let slackSpacing = 32  // a power of two: `makeStartTree` tests it with a mask

  /// Turns the runs' starts into a tree, if every sum of it is exact (else false, nothing
  /// changed): `withSlots`, in storage of their own with an empty slot
  /// (`LineRun.emptySlot(before:)`) before every `slackSpacing`-th run (empty slots the runs
  /// held are dropped); otherwise in place (copied first only if another section or layout
  /// holds them), for a resize that needs no room. Needs the last
  /// run to be one line (a run's pitch is known from the next run's start). The caller has
  /// checked what the sums do not show: that the engine adds no thickness off their grid
  /// (`FlowLayoutEngine.thicknessesAreOnGrid`). `holder` holds the runs' storage, and the new
  /// storage if they are copied.
  ///
  /// - Complexity: O(runs): a pass to check the sums, one to copy the runs (`withSlots`),
  ///   then one subtraction per node.
  mutating func makeStartTree(withSlots: Bool = true, holder: inout LineRunStorage?) -> Bool {
    guard startSums == nil, columns == nil, runs.count > 1, runs[runs.count - 1].lineCount == 1,
      let sums = exactStartSums()
    else { return false }
    if withSlots { addEmptySlots(holder: &holder) }
    runs.withUniqueRuns(holder: &holder) { Self.makeTree(of: $0) }
    startSums = sums
    return true
  }

  /// The starts of `nodes`, the engine's chain, made the tree of their distances, in place.
  ///
  /// - Complexity: O(runs): one subtraction per node.
  fileprivate static func makeTree(of nodes: UnsafeMutableBufferPointer<LineRun>) {
    // Node n holds the distances of runs n − lowbit(n) … n − 1: the start of run n − 1 less
    // that of run n − lowbit(n) − 1 — exact, a sum of distances. From the last node back, so
    // that the starts a node needs, below its own run, are still there. Two nodes a turn, an
    // even one, then the odd one below it, which holds one distance (the start of run n − 1
    // less that of run n − 2): 8 instructions a node, where one a turn took 14. The first
    // items alike, in the same turn.
    withFields(of: nodes) { starts, items in
      var node = nodes.count
      if node & 1 == 1 && node > 1 {
        starts[node &- 1] -= starts[node &- 2]
        items[node &- 1] &-= items[node &- 2]
        node &-= 1
      }
      while node >= 2 {
        // A power of two holds every distance below it: the start itself, kept.
        let below = node & (node &- 1)
        if below > 0 {
          starts[node &- 1] -= starts[below &- 1]
          items[node &- 1] &-= items[below &- 1]
        }
        if node > 2 {
          starts[node &- 2] -= starts[node &- 3]
          items[node &- 2] &-= items[node &- 3]
        }
        node &-= 2
      }
    }
  }

  /// The runs, as the engine's chain, copied to storage of their own (the new `holder`) with an
  /// empty slot before every `slackSpacing`-th run; the empty slots they held dropped.
  ///
  /// - Complexity: O(runs).
  private mutating func addEmptySlots(holder: inout LineRunStorage?) {
    let spacing = Self.slackSpacing
    var buffer = FlowLayoutEngine.LineRunBuffer(capacity: runs.count + runs.count / spacing + 1)
    // The old runs read while `holder` holds them: the runs are a pointer the optimizer does
    // not tie to it, and it released the old holder, about to be replaced, before the loop
    // (a use after free in an optimized build).
    withExtendedLifetime(holder) {
      copyWithEmptySlots(into: &buffer, spacing: spacing)
    }
    runs = FlowLayoutEngine.LineRunList(offset: 0, count: buffer.count)
    runs.keep(buffer.finish(), holder: &holder)
  }

  /// `addEmptySlots(holder:)`' copy of the runs.
  private func copyWithEmptySlots(
    into buffer: inout FlowLayoutEngine.LineRunBuffer, spacing: Int
  ) {
    runs.withUnsafeRuns { old in
      buffer.appending { slot in
        var (written, kept) = (0, 0)
        for run in old where !run.isEmptySlot {
          // Never before the first two runs (FLOW-11's empty line and the run after it).
          if kept & (spacing - 1) == 0 && kept > 1 {
            slot[written] = FlowLayoutEngine.LineRun.emptySlot(before: run)
            written &+= 1
          }
          slot[written] = run
          written &+= 1
          kept &+= 1
        }
        return written
      }
    }
  }

  /// The set of distances (and pitches of runs of several lines) of the chain's starts, if
  /// every sum of them is exact and their running sum gives every start, bit for bit; nil
  /// otherwise. Checked on `FlowLineFill.Units`' grid of 2^-10 point, in one pass with no
  /// branch per run but for runs of several lines: the starts of a real layout are on it
  /// (FLOW-28 bounds lengths by 10^9 points, far below 2^40).
  ///
  /// - Complexity: O(runs).
  private func exactStartSums() -> ExactSummands? {
    typealias Units = FlowLineFill.Units
    return runs.withUnsafeRuns { runs in
      // Bits set by a distance off the grid, a negative one (or −0), a running sum that is
      // not the start.
      var (offGrid, signs, mismatch) = (UInt64(0), UInt64(0), UInt64(0))
      var total = Int64(0)
      var (before, running) = (0.0, 0.0)
      for index in runs.indices {
        let start = runs[index].start
        let distance = start - before
        let (units, rounding) = Units.units(ofLength: distance)
        offGrid |= rounding
        signs |= distance.bitPattern
        total &+= units
        running += distance
        mismatch |= running.bitPattern ^ start.bitPattern
        if index > 0, let pitch = Self.pitch(of: runs[index - 1], distanceToNext: distance) {
          let (pitchUnits, pitchRounding) = Units.units(ofLength: pitch)
          offGrid |= pitchRounding
          mismatch |= (Double(runs[index - 1].lineCount) * pitch).bitPattern ^ distance.bitPattern
          total &+= pitchUnits
        }
        before = start
      }
      // Below 2^40 points, every value is below 2^50 units, and so is every sum of them but
      // the pitches', which add at most as much: all far below 2^53 units.
      guard offGrid == 0, signs >> 63 == 0, mismatch == 0, before <= 0x1p40 else { return nil }
      return ExactSummands(unit: -10, units: total)
    }
  }

  /// The pitch of a run of several lines, from the distance to the next run's start: `lineRuns`
  /// places the next run at start + lines · pitch only where that is exact, so the division is
  /// exact too. nil for a run of one line, whose pitch is that distance.
  static func pitch(of run: LineRun, distanceToNext distance: Double) -> Double? {
    run.lineCount > 1 ? distance / Double(run.lineCount) : nil
  }

  /// Turns a tree back into the engine's chain: the distances, then their running sums —
  /// exact, so every start as the chain had it.
  ///
  /// `holder` holds the runs' storage, and the new storage if they are copied.
  ///
  /// - Complexity: O(runs), plus O(runs) to copy them if another section or layout holds them.
  mutating func removeStartTree(holder: inout LineRunStorage?) {
    guard startSums != nil else { return }
    runs.withUniqueRuns(holder: &holder) { nodes in
      // `makeStartTree` backwards: from the first node on, the starts below are back.
      Self.withFields(of: nodes) { starts, items in
        for node in stride(from: 1, through: nodes.count, by: 1) {
          let below = node - (node & -node)
          guard below > 0 else { continue }
          starts[node - 1] += starts[below - 1]
          items[node - 1] &+= items[below - 1]
        }
      }
    }
    startSums = nil
  }

  /// Calls `body` with the runs' starts and first items (or nodes) as buffers of their own,
  /// stride and all: a run is 16 bytes, its start first (what the flat loops write as well).
  @inline(__always)
  private static func withFields(
    of runs: UnsafeMutableBufferPointer<LineRun>,
    _ body: (FieldOfRuns<Double>, FieldOfRuns<Int32>) -> Void
  ) {
    let itemOffset = LineRun.firstItemOffset ?? -1
    precondition(
      MemoryLayout<LineRun>.stride == 16 && MemoryLayout<LineRun>.offset(of: \.start) == 0
        && itemOffset == 8)
    guard let base = runs.baseAddress else { return }
    let raw = UnsafeMutableRawPointer(base)
    body(FieldOfRuns(base: raw), FieldOfRuns(base: raw + itemOffset))
  }

  /// One stored field of runs in place, read and written without rebuilding a run.
  private struct FieldOfRuns<Value> {
    let base: UnsafeMutableRawPointer

    subscript(index: Int) -> Value {
      @inline(__always) get { base.load(fromByteOffset: 16 &* index, as: Value.self) }
      @inline(__always) nonmutating set {
        base.storeBytes(of: newValue, toByteOffset: 16 &* index, as: Value.self)
      }
    }
  }

  /// Adds `deltas[k]` to the distance of run `first + k` and to its item count (the items of
  /// the run before it), in a tree: each node touched once — those of the
  /// runs changed, and the nodes above the last, which are all the nodes whose range holds one
  /// of them. Returns how many nodes it touched.
  ///
  /// Exact where the distances before and after are all in the tree's set: a delta is the
  /// difference of two of them, and a sum of deltas the difference of two sums of them.
  ///
  /// - Complexity: O(deltas + log runs).
  static func addToDistances(
    _ deltas: UnsafeMutableBufferPointer<(distance: Double, items: Int)>, from first: Int,
    of nodes: UnsafeMutableBufferPointer<LineRun>
  ) -> Int {
    guard !deltas.isEmpty else { return 0 }
    // Positions of the tree (1-based) of the first and last runs changed.
    let (low, high) = (first + 1, first + deltas.count)
    precondition(low >= 1 && high <= nodes.count)
    let count = deltas.count + 1
    return withUnsafeTemporaryAllocation(of: (Double, Int).self, capacity: count) { sums in
      // sums[k]: the deltas of the first k runs changed.
      sums[0] = (0, 0)
      for index in deltas.indices {
        sums[index + 1] = (
          sums[index].0 + deltas[index].distance, sums[index].1 + deltas[index].items
        )
      }
      // Node n holds positions n − lowbit(n) + 1 … n: it changes by the deltas of those of
      // them in low…high.
      func update(_ node: Int) {
        let from = max(node - (node & -node) + 1, low)
        let through = min(node, high)
        let (upTo, before) = (sums[through - low + 1], sums[from - low])
        let old = nodes[node - 1]
        nodes[node - 1] = LineRun(
          start: old.start + (upTo.0 - before.0), firstItem: old.firstItem + (upTo.1 - before.1),
          lineCount: old.lineCount)
      }
      var touched = 0
      for node in low...high {
        update(node)
        touched += 1
      }
      // Every node past `high` whose range holds a changed position holds `high`: the nodes
      // `high` passes its sum on to.
      var node = high + (high & -high)
      while node <= nodes.count {
        update(node)
        touched += 1
        node += node & -node
      }
      return touched
    }
  }
}

extension FlowLayoutEngine.LineRun {
  /// The same lines, their `start` replaced (a tree's node is kept there).
  @inline(__always)
  func moved(to start: Double) -> Self {
    Self(start: start, firstItem: firstItem, lineCount: lineCount)
  }
}

extension FlowLayoutEngine.LineRunBuffer {
  typealias SectionRuns = FlowLayoutEngine.SectionRuns

  /// The runs from `first` on — one mixed section's, as the engine's chain, every line start
  /// and thickness on `FlowLineFill.Units`' grid and summed exactly on it from a first start of
  /// +0 or more, the lines ending at `linesEnd` — made a tree of their starts with room, as
  /// `SectionRuns.makeStartTree()` makes one, in place: the last of every `slackSpacing` slots
  /// an empty one, the runs moved there a block at a time from the last block back, then the
  /// tree. Returns the set of the tree's summands, or nil, nothing changed, where the lines end
  /// past 2^40 points or the last run is several lines.
  ///
  /// Exact sums without a pass to check them (`SectionRuns.exactStartSums`): the starts are on
  /// the grid and never decrease, so every distance is a whole number of units, ≥ +0; the
  /// distances sum to the last start, and a pitch is at most its run's distance, so all sum to
  /// at most twice the last start — below 2^51 units.
  ///
  /// - Complexity: O(runs).
  mutating func spreadIntoStartTree(from first: Int, linesEnd: Double) -> ExactSummands? {
    typealias LineRun = FlowLayoutEngine.LineRun
    // A NaN fails too.
    guard linesEnd <= 0x1p40 else { return nil }
    // Block q of `spacing` slots holds runs q · kept …, then an empty slot with the start and
    // first item of the run after them (the next block's first).
    let spacing = SectionRuns.slackSpacing
    let kept = spacing - 1
    var sums: ExactSummands?
    rewriting(from: first, extra: (count - first) / kept + 1) { runs, count in
      guard count > 1, runs[count - 1].lineCount == 1 else { return count }
      let slots = count + (count - 1) / kept
      // Blocks from the last back: a block's runs move up, never over runs not yet moved.
      var block = (count - 1) / kept
      while block > 0 {
        let from = block * kept
        let target = runs + block * spacing
        target.moveInitialize(from: runs + from, count: min(kept, count - from))
        (target - 1).initialize(to: LineRun.emptySlot(before: target.pointee))
        block -= 1
      }
      SectionRuns.makeTree(of: UnsafeMutableBufferPointer(start: runs, count: slots))
      sums = ExactSummands(unit: -10, units: 2 * Int64((linesEnd * 1024).rounded(.up)))
      return slots
    }
    return sums
  }
}
