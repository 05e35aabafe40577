/// What a strategy's operations cost, as `bench list` shows it: n items, s sections, l lines.
/// The `- Complexity:` documentation of each conformance says the same in more detail.
public struct LayoutComplexity: Hashable, Sendable {
  /// `prepare()` after `invalidateLayout()`.
  public var prepare: String
  /// `layoutAttributesForElements(in:)` for a viewport-sized rect.
  public var rectQuery: String
  /// `layoutAttributesForItem(at:)`.
  public var itemLookup: String
  /// The next `prepare()` after a batch update (or, for a layout without data changes, after a
  /// bounds change that changes the width).
  public var update: String

  public init(prepare: String, rectQuery: String, itemLookup: String, update: String) {
    self.prepare = prepare
    self.rectQuery = rectQuery
    self.itemLookup = itemLookup
    self.update = update
  }

  /// One line: `prepare O(n), rect query O(n), item O(1), update O(n)`.
  public var summary: String {
    "prepare \(prepare), rect query \(rectQuery), item \(itemLookup), update \(update)"
  }
}
