/// How each section after a batch relates to the sections before it: what an incremental
/// strategy needs to know to recompute only what changed.
///
/// A change that keeps every section where it was (resizes, items inserted, deleted or moved
/// within the sections, a scroll) is kept sparse — only the sections it touched — so that
/// making it, merging it and walking what changed cost O(changes), not O(s)
/// (`forEachChange(_:)`); `sections` spells it out in full when asked.
public struct FlowSectionChanges: Hashable, Sendable {
  public enum Origin: Hashable, Sendable {
    /// A section the batch inserted.
    case inserted
    /// Section `old` before the batch. Items before `firstChangedItem` are untouched; items
    /// after `lastChangedItem` are old items shifted by `itemDelta`. `firstChangedItem` is nil
    /// when nothing in the section changed.
    case existing(old: Int, firstChangedItem: Int?, lastChangedItem: Int, itemDelta: Int)
  }

  /// Items of a section that keeps its index: `first...last` changed (in its indexes after the
  /// batch), and the items after them are old ones shifted by `itemDelta` (0 for resizes).
  struct ChangedItems: Hashable, Sendable {
    var section: Int
    var first: Int
    var last: Int
    var itemDelta = 0

    /// The section's origin: where it was, these items changed.
    var origin: Origin { origin(old: section) }

    /// The origin of a section that was section `old` before the batch, these items changed.
    func origin(old: Int) -> Origin {
      .existing(old: old, firstChangedItem: first, lastChangedItem: last, itemDelta: itemDelta)
    }
  }

  private enum Storage: Hashable, Sendable {
    /// One origin per section after the batch, and the spans of sections whose items changed
    /// far apart (`itemSpans`) — held here, so that the sparse cases, which every resize
    /// makes, carry no second array to copy.
    case dense([Origin], spans: ContiguousArray<ChangedItemSpan>)
    /// `count` sections, each where it was; those in `changed` (by increasing section, each
    /// once) had items changed, and those of them in `spans` changed far apart.
    case sparse(count: Int, changed: [ChangedItems], spans: ContiguousArray<ChangedItemSpan>)
    /// `.sparse` with one section changed, held inline: a one-item resize allocates no list.
    case one(count: Int, changed: ChangedItems)
  }

  /// Changed items of one section after a batch, in its indexes after the batch: items
  /// `first...last` are new or changed (none, where items were only deleted: `last` is
  /// `first - 1`), and the items after `last`, up to the section's next span, are old items
  /// shifted by `itemDelta` (the section's count change up to here).
  struct ChangedItemSpan: Hashable, Sendable {
    var section: Int
    var first: Int
    var last: Int
    var itemDelta: Int

    /// Changes this close (in items) are one span: re-breaking the few lines between them
    /// costs less than resuming the line loop once more.
    static let gap = 8
  }

  private var storage: Storage
  /// Whether sections were inserted or deleted.
  public var structureChanged: Bool
  /// For each section whose batch changed items far apart (two spans or more), those spans, by
  /// section and item: an incremental layout re-breaks the lines around each and keeps those
  /// between (`IncrementalSection.update(by:section:spans:counters:)`), where the section's one
  /// range from its first change to its last would re-break them all. A refinement of
  /// `sections`, which covers every span: not part of the value (`==`, `hash(into:)`).
  var itemSpans: ContiguousArray<ChangedItemSpan> {
    switch storage {
    case .dense(_, let spans), .sparse(_, _, let spans): spans
    case .one: []
    }
  }

  public init(sections: [Origin], structureChanged: Bool) {
    storage = .dense(sections, spans: [])
    self.structureChanged = structureChanged
  }

  /// `init(sections:structureChanged:)` with the spans of the sections whose items changed far
  /// apart (by section, then item; each within its section's range in `sections`).
  init(
    sections: [Origin], structureChanged: Bool, itemSpans: ContiguousArray<ChangedItemSpan>
  ) {
    storage = .dense(sections, spans: itemSpans)
    self.structureChanged = structureChanged
  }

  /// `count` sections where they were, with items changed in `changed` (by increasing
  /// section, each once).
  init(
    sectionCount count: Int, changed: [ChangedItems],
    itemSpans: ContiguousArray<ChangedItemSpan> = []
  ) {
    storage = .sparse(count: count, changed: changed, spans: itemSpans)
    structureChanged = false
  }

  /// `count` sections where they were, with items changed in one of them.
  init(sectionCount count: Int, changed: ChangedItems) {
    storage = .one(count: count, changed: changed)
    structureChanged = false
  }

  /// A sparse change's count and changed sections, as a list; nil for a dense one.
  ///
  /// - Complexity: O(1); allocates a list of one for `.one`.
  private var sparseChanges: (count: Int, changed: [ChangedItems])? {
    switch storage {
    case .dense: nil
    case .sparse(let count, let changed, _): (count, changed)
    case .one(let count, let changed): (count, [changed])
    }
  }

  /// One entry per section after the batch.
  ///
  /// - Complexity: O(s) for a sparse change, which it spells out.
  public var sections: [Origin] {
    get {
      switch storage {
      case .dense(let origins, _): return origins
      case .sparse, .one:
        let (count, changed) = sparseChanges ?? (0, [])
        var origins = (0..<count).map {
          Origin.existing(old: $0, firstChangedItem: nil, lastChangedItem: -1, itemDelta: 0)
        }
        for entry in changed { origins[entry.section] = entry.origin }
        return origins
      }
    }
    set { storage = .dense(newValue, spans: []) }
  }

  /// The spans of section `index` (`itemSpans`), or nil where the section has one range, for
  /// a caller that asks by increasing section: `cursor` (0 at first) is where the search
  /// resumes.
  ///
  /// - Complexity: O(1), amortized over the spans.
  func itemSpans(ofSection index: Int, cursor: inout Int) -> ArraySlice<ChangedItemSpan>? {
    let spans = itemSpans
    guard !spans.isEmpty else { return nil }
    while cursor < spans.count && spans[cursor].section < index { cursor += 1 }
    let first = cursor
    while cursor < spans.count && spans[cursor].section == index { cursor += 1 }
    return first < cursor ? spans[first..<cursor] : nil
  }

  /// The number of sections after the batch.
  public var count: Int {
    switch storage {
    case .dense(let origins, _): origins.count
    case .sparse(let count, _, _), .one(let count, _): count
    }
  }

  /// No section changed.
  ///
  /// - Complexity: O(1).
  public static func unchanged(sectionCount: Int) -> FlowSectionChanges {
    FlowSectionChanges(sectionCount: sectionCount, changed: [])
  }

  /// Calls `body` with every section after the batch that was inserted, changed items, or
  /// moved, by increasing index, with where it came from.
  ///
  /// - Complexity: O(sections changed) for a sparse change; O(s) otherwise.
  func forEachChange(_ body: (_ index: Int, _ origin: Origin) -> Void) {
    switch storage {
    case .dense(let origins, _):
      for (index, origin) in origins.enumerated() {
        if case .existing(let old, nil, _, _) = origin, old == index { continue }
        body(index, origin)
      }
    case .sparse(_, let changed, _):
      for entry in changed { body(entry.section, entry.origin) }
    case .one(_, let entry): body(entry.section, entry.origin)
    }
  }

  public static func == (a: Self, b: Self) -> Bool {
    if let (countA, changedA) = a.sparseChanges, let (countB, changedB) = b.sparseChanges {
      return countA == countB && changedA == changedB
    }
    return a.structureChanged == b.structureChanged && a.sections == b.sections
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(structureChanged)
    hasher.combine(sections)
  }
}

extension FlowSectionChanges {
  /// Whether no section changed.
  ///
  /// - Complexity: O(1) for a sparse change; O(s) otherwise.
  public var isEmpty: Bool {
    switch storage {
    case .sparse(_, let changed, _): return changed.isEmpty
    case .one: return false
    case .dense(let origins, _):
      return !structureChanged
        && origins.allSatisfy {
          if case .existing(let old, nil, _, _) = $0 { return old >= 0 }
          return false
        }
    }
  }

  /// These changes followed by `later` (which maps sections one to one, without insertions or
  /// deletions): each section's changed range covers both.
  ///
  /// - Complexity: O(changes) when both are sparse; O(s) otherwise.
  func merged(with later: FlowSectionChanges) -> FlowSectionChanges {
    if let (count, earlier) = sparseChanges, let (_, laterChanged) = later.sparseChanges {
      // A section the later change touches is one range again: its spans are dropped.
      var spans = itemSpans
      if !spans.isEmpty && !laterChanged.isEmpty {
        let touched = Set(laterChanged.map(\.section))
        spans.removeAll { touched.contains($0.section) }
      }
      return FlowSectionChanges(
        sectionCount: count, changed: Self.union(earlier, laterChanged), itemSpans: spans)
    }
    var result = self
    var origins = sections
    // A section the later change touches is one range again: its spans are dropped.
    var touched = Set<Int>()
    let hasSpans = !itemSpans.isEmpty
    later.forEachChange { index, change in
      guard case .existing(_, let laterFirst?, let laterLast, _) = change else { return }
      if hasSpans { touched.insert(index) }
      switch origins[index] {
      case .inserted: break
      case .existing(let old, let first, let last, let delta):
        origins[index] = .existing(
          old: old, firstChangedItem: min(first ?? Int.max, laterFirst),
          lastChangedItem: max(last, laterLast), itemDelta: delta)
      }
    }
    let spans = itemSpans
    result.storage = .dense(
      origins, spans: touched.isEmpty ? spans : spans.filter { !touched.contains($0.section) })
    return result
  }

  /// Two lists of changed sections (each by increasing section, each once) as one, ranges of
  /// the same section covering both.
  private static func union(_ a: [ChangedItems], _ b: [ChangedItems]) -> [ChangedItems] {
    if a.isEmpty { return b }
    if b.isEmpty { return a }
    var result: [ChangedItems] = []
    result.reserveCapacity(a.count + b.count)
    var (i, j) = (0, 0)
    while i < a.count || j < b.count {
      if j == b.count || (i < a.count && a[i].section < b[j].section) {
        result.append(a[i])
        i += 1
      } else if i == a.count || b[j].section < a[i].section {
        result.append(b[j])
        j += 1
      } else {
        // `b` maps items one to one (`merged(with:)`): the count changed by `a`'s delta.
        result.append(
          ChangedItems(
            section: a[i].section, first: min(a[i].first, b[j].first),
            last: max(a[i].last, b[j].last), itemDelta: a[i].itemDelta))
        i += 1
        j += 1
      }
    }
    return result
  }
}
