import Foundation

/// The contract of `UICollectionViewLayout`, which every layout in the lab implements.
///
/// The life cycle is UIKit's: `prepare()` before the first query and after every invalidation;
/// queries (`collectionViewContentSize`, `layoutAttributesForElements(in:)`, …) only between a
/// `prepare()` and the next invalidation. Querying a layout that needs preparing is a programmer
/// error and traps. Queries never mutate: a prepared layout may be queried from many threads at
/// once.
///
/// Layouts are values. Each conformance states the cost of every requirement with
/// `- Complexity:`, in terms of the number of items *n*, sections *s* and lines *l*.
public protocol CollectionViewLayout: Sendable {
  /// The name `bench list` shows and `--strategy` takes.
  var name: String { get }

  /// What the collection view last told the layout about itself (FLOW-1).
  var collectionView: CollectionViewEnvironment { get }

  /// Computes whatever the layout keeps between queries (`prepare()`); a no-op when nothing
  /// was invalidated since the last call.
  mutating func prepare()

  /// The size of all content (FLOW-19): what the collection view scrolls over.
  var collectionViewContentSize: CGSize { get }

  /// Every element whose frame meets `rect` (FLOW-22: closed intersection, so touching
  /// counts), in FLOW-22's order: cells by section then item, then headers by section, then
  /// footers by section. A rect with negative size is standardized first. The query's work is
  /// added to `counters`, so queries stay read-only (`layoutAttributesForElements(in:)` is the
  /// same without counting).
  func layoutAttributesForElements(
    in rect: CGRect, counting counters: inout LayoutWorkCounters
  ) -> [LayoutAttributes]

  /// The cell at `indexPath`, or nil if the layout has no such item (FLOW-23).
  func layoutAttributesForItem(at indexPath: LayoutIndexPath) -> LayoutAttributes?

  /// The header or footer (`kind`) of section `indexPath.section`, whose item must be 0; nil if
  /// there is none (FLOW-4, FLOW-23) or `kind` is `.cell`.
  func layoutAttributesForSupplementaryView(
    ofKind kind: ElementKind, at indexPath: LayoutIndexPath
  ) -> LayoutAttributes?

  /// Whether moving or resizing the bounds to `newBounds` changes any frame (FLOW-25): true for
  /// a cross-axis change, and for a scroll when headers or footers are pinned.
  func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool

  /// What `prepare()` and invalidations have cost since the layout was made or its counters
  /// were reset. Queries count into the `counting:` argument instead, so they stay read-only.
  var workCounters: LayoutWorkCounters { get }

  mutating func resetWorkCounters()

  /// Records what changed; the next `prepare()` recomputes what the change requires.
  /// Throws — and keeps the layout exactly as it was — if the context carries bad input, such
  /// as bounds with a negative or non-finite size (FLOW-28).
  mutating func invalidateLayout(with context: LayoutInvalidationContext) throws(LayoutError)
}

extension CollectionViewLayout {
  /// Every element whose frame meets `rect`, in FLOW-22's order (see
  /// `layoutAttributesForElements(in:counting:)`).
  public func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes] {
    var counters = LayoutWorkCounters()
    return layoutAttributesForElements(in: rect, counting: &counters)
  }

  /// Every element of the layout, in FLOW-22's order.
  public func layoutAttributesForAllElements() -> [LayoutAttributes] {
    layoutAttributesForElements(in: .everywhere)
  }

  /// `invalidateLayout()`: everything must be recomputed.
  public mutating func invalidateLayout() {
    do {
      try invalidateLayout(with: .everything)
    } catch {
      // An everything-context carries no value that could be rejected: a broken invariant.
      preconditionFailure("invalidateLayout(with: .everything) threw: \(error)")
    }
  }
}

extension CGRect {
  /// A finite rectangle that meets every frame a layout can produce.
  public static let everywhere = CGRect(x: -1e300, y: -1e300, width: 2e300, height: 2e300)
}
