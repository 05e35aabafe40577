import Foundation

/// The column flow layout of Apple's "Customizing collection view layouts" sample: a flow
/// layout whose item size follows the bounds — one full-width column on narrow bounds, a grid
/// of columns at least `minimumColumnWidth` wide on wide ones.
///
/// It is not a second flow engine: it derives a `FlowLayoutModel` from its bounds
/// (`ColumnFlowLayoutModel.flowModel`) and lets the flow strategy `Strategy` lay that out and
/// answer every query. A bounds change that changes the width derives the model again.
public struct ColumnFlowLayout<Strategy: FlowLayoutStrategy>: CollectionViewLayout {
  public private(set) var model: ColumnFlowLayoutModel
  /// The flow strategy laying out the derived flow model.
  private var flow: Strategy

  /// A layout of `model`, not yet prepared. Throws if the model holds bad input.
  ///
  /// - Complexity: O(s), plus what `Strategy.init` costs (O(n) to validate the derived model).
  public init(model: ColumnFlowLayoutModel) throws(LayoutError) {
    try model.validate()
    self.model = model
    flow = try Strategy(model: model.flowModel)
  }

  /// The flow strategy's name: what `--strategy` takes for a column flow layout file.
  public var name: String { Strategy.strategyName }

  public var collectionView: CollectionViewEnvironment { model.collectionView }

  /// The flow layout the strategy lays out, derived from the current bounds.
  ///
  /// - Complexity: O(1).
  public var flowModel: FlowLayoutModel { flow.model }

  /// - Complexity: that of `Strategy.prepare()`.
  public mutating func prepare() { flow.prepare() }

  /// - Complexity: that of the strategy.
  public var collectionViewContentSize: CGSize { flow.collectionViewContentSize }

  /// - Complexity: that of the strategy.
  public func layoutAttributesForElements(
    in rect: CGRect, counting counters: inout LayoutWorkCounters
  ) -> [LayoutAttributes] {
    flow.layoutAttributesForElements(in: rect, counting: &counters)
  }

  /// The flow strategy's counters.
  public var workCounters: LayoutWorkCounters { flow.workCounters }

  public mutating func resetWorkCounters() { flow.resetWorkCounters() }

  /// - Complexity: that of the strategy.
  public func layoutAttributesForItem(at indexPath: LayoutIndexPath) -> LayoutAttributes? {
    flow.layoutAttributesForItem(at: indexPath)
  }

  /// - Complexity: that of the strategy.
  public func layoutAttributesForSupplementaryView(
    ofKind kind: ElementKind, at indexPath: LayoutIndexPath
  ) -> LayoutAttributes? {
    flow.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
  }

  /// The flow strategy's answer (FLOW-25): the item size depends only on the width, and a
  /// width change is already a relayout for a vertical flow layout.
  ///
  /// - Complexity: O(1).
  public func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
    flow.shouldInvalidateLayout(forBoundsChange: newBounds)
  }

  /// The strategy applies the change as it would to any flow layout (a pure scroll keeps its
  /// cache); then, if the derived configuration for the new bounds differs from the one the
  /// strategy holds — the width changed, so the item size did — a new, unprepared strategy
  /// takes the flow model derived again. Works on a copy and commits at the end, so a throw
  /// leaves the layout exactly as it was.
  ///
  /// - Complexity: the strategy's cost, plus O(s) and `Strategy.init` when the configuration
  ///   changes.
  public mutating func invalidateLayout(
    with context: LayoutInvalidationContext
  ) throws(LayoutError) {
    var candidate = flow
    try candidate.invalidateLayout(with: context)
    // Whatever the context changed (bounds, and any data it carries) is now in the strategy's
    // model; the column flow's own model follows it.
    var next = model
    next.collectionView = candidate.model.collectionView
    next.sections = candidate.model.sections
    if candidate.model.layout != next.layout.flowConfiguration(in: next.collectionView) {
      candidate = try Strategy(model: next.flowModel)
    }
    flow = candidate
    model = next
  }
}
