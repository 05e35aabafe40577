import Foundation

/// The cache of `CachedAttributesLayout` plus a line index. A rect query binary-searches the
/// sections, then the lines of each section it meets, and scans only the lines that can meet
/// the rect — the query of Apple's "Customizing collection view layouts" sample, done over
/// lines (whose extents are monotonic) rather than items (whose extents inside a line are not).
public struct BinarySearchLayout: FlowLayoutStrategy {
  public static let strategyName = "binary-search"

  private var storage: CachedFlowStorage

  /// - Complexity: O(n) to validate the model.
  public init(model: FlowLayoutModel) throws(LayoutError) {
    storage = try CachedFlowStorage(model: model, indexesLines: true)
  }

  public var model: FlowLayoutModel { storage.model }
  public var workCounters: LayoutWorkCounters { storage.workCounters }
  public mutating func resetWorkCounters() { storage.resetWorkCounters() }

  /// - Complexity: O(n + s) after an invalidation that needs a relayout; O(1) otherwise.
  public mutating func prepare() { storage.prepare() }

  /// The cache, lent in place (see `CachedFlowStorage.prepared`).
  private var prepared: FlowAttributesCache {
    _read { yield storage.prepared }
  }

  /// - Complexity: O(1).
  public var collectionViewContentSize: CGSize { prepared.contentSize }

  /// - Complexity: O(log s + log l + k), where k counts the items of the lines and the sections
  ///   that meet the rect along the scroll axis.
  public func layoutAttributesForElements(
    in rect: CGRect, counting counters: inout LayoutWorkCounters
  ) -> [LayoutAttributes] {
    let rect = rect.standardized
    let cache = prepared
    // Logical extents are exact before FLOW-21 moves origins by up to half a pixel: widen the
    // search by that much, then test every candidate frame exactly.
    let (queryMin, queryMax) = cache.geometry.logicalScrollRange(of: rect)
    let slack = cache.geometry.searchSlack(from: queryMin, to: queryMax)
    let (low, high) = (queryMin - slack, queryMax + slack)

    let sections = cache.sections
    // Invariant: sections before `first` end before `low` (ends never decrease).
    let first = partitioningIndex(sections.count) { sections[$0].end >= low }
    var last = first
    while last < sections.count && sections[last].start <= high { last += 1 }

    let lines = cache.lines
    // Each section's lines that can meet the rect, found first, so that the answer's room is
    // reserved once, for their items and the sections' headers and footers: appending from
    // empty reallocated and copied it about log₂ of its size times, and reserving section by
    // section would copy it once a section.
    return withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: last - first) { met in
      var bound = 2 * (last - first)
      for section in first..<last {
        let lineStart = sections[section].firstLine
        let lineEnd = section + 1 < sections.count ? sections[section + 1].firstLine : lines.count
        // Invariant: lines before `line` end before `low` (line extents never decrease) …
        let line =
          lineStart + partitioningIndex(lineEnd - lineStart) { lines[lineStart + $0].end >= low }
        // … and lines from `end` on start past `high` (line starts never decrease).
        let end = line + partitioningIndex(lineEnd - line) { lines[line + $0].start > high }
        met.initializeElement(at: section - first, to: line..<end)
        if end > line {
          bound += lines[end - 1].firstItem + lines[end - 1].itemCount - lines[line].firstItem
        }
      }
      var result: [LayoutAttributes] = []
      result.reserveCapacity(bound)
      for section in first..<last {
        for line in met[section - first] {
          let items = lines[line].firstItem..<(lines[line].firstItem + lines[line].itemCount)
          cache.appendCells(
            of: section, items: items, meeting: rect, to: &result, counters: &counters)
        }
      }
      cache.appendSupplementaryViews(
        of: first..<last, meeting: rect, to: &result, counters: &counters)
      return result
    }
  }

  /// - Complexity: O(1).
  public func layoutAttributesForItem(at indexPath: LayoutIndexPath) -> LayoutAttributes? {
    prepared.attributesForItem(at: indexPath)
  }

  /// - Complexity: O(1).
  public func layoutAttributesForSupplementaryView(
    ofKind kind: ElementKind, at indexPath: LayoutIndexPath
  ) -> LayoutAttributes? {
    prepared.attributesForSupplementaryView(ofKind: kind, at: indexPath)
  }

  /// A pure scroll keeps the cache (FLOW-25); anything else drops it.
  ///
  /// - Complexity: O(1).
  public mutating func invalidateLayout(
    with context: LayoutInvalidationContext
  ) throws(LayoutError) {
    try storage.invalidate(with: context)
  }
}

extension BinarySearchLayout {
  /// The strategy in `LayoutRegistry`.
  public static let descriptor = LayoutDescriptor.flow(
    BinarySearchLayout.self, summary: "cache + line index; a rect query searches the lines",
    complexity: LayoutComplexity(
      prepare: "O(n)", rectQuery: "O(log lines + answer)", itemLookup: "O(1)", update: "O(n)"))
}
