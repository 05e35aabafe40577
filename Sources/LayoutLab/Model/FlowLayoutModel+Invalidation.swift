import Foundation

/// What an invalidation context did to a flow layout's model: what a strategy must recompute.
public struct FlowModelChange: Hashable, Sendable {
  /// Everything must be laid out again.
  public var relayoutEverything: Bool
  /// How the sections after the change relate to those before it.
  public var sections: FlowSectionChanges
  /// What the bounds change does (FLOW-25).
  public var bounds: FlowBoundsChange
}

extension FlowLayoutModel {
  /// The model after `context`, and what changed. Throws — leaving `self` as it was — if the
  /// context carries bad input; the error names the field (FLOW-28).
  ///
  /// Order: the delegate's new metrics, then the batch, then the invalidated items' new sizes,
  /// then the new bounds and the content offset adjustment.
  ///
  /// - Complexity: O(s) plus the cost of the batch (see `applying(_:)`).
  public func applying(
    _ context: LayoutInvalidationContext
  ) throws(LayoutError) -> (model: FlowLayoutModel, change: FlowModelChange) {
    var model = self
    var relayout = context.invalidateEverything
    var sections = FlowSectionChanges.unchanged(sectionCount: sections.count)
    if let metrics = context.delegateMetrics {
      try metrics.validate()
      model.layout = metrics.layout
      model.sections = metrics.sections
      relayout = true
      sections = .unchanged(sectionCount: model.sections.count)
    }
    if let batch = context.batchUpdate {
      (model, sections) = try model.applying(batch)
    }
    if !context.invalidatedItems.isEmpty {
      let (resized, itemChanges) = try model.applying(
        BatchUpdate(resizeItems: context.invalidatedItems))
      model = resized
      sections = sections.merged(with: itemChanges)
    }
    var bounds = FlowBoundsChange.none
    var newBounds = context.newBounds ?? model.collectionView.bounds
    newBounds.origin.x += context.contentOffsetAdjustment.x
    newBounds.origin.y += context.contentOffsetAdjustment.y
    if newBounds != self.collectionView.bounds {
      model.collectionView = try model.collectionView.withBounds(newBounds)
      bounds = FlowBoundsChange(from: self, to: newBounds)
    }
    return (
      model, FlowModelChange(relayoutEverything: relayout, sections: sections, bounds: bounds)
    )
  }
}

extension FlowLayoutModel {
  /// Applies `context` in place and returns what changed: the same model, change and errors
  /// as `applying(_:)`, and, as it, leaves `self` as it was when it throws.
  ///
  /// A context that only resizes items and moves the bounds (a self-sizing measurement, a
  /// scroll), or whose batch inserts, deletes or moves items but keeps every section where it
  /// was, is checked first, then written into the model's own arrays: no section or size
  /// array is copied when the model holds them alone but the sizes of the sections it changes.
  ///
  /// - Complexity: O(k log k) for k resizes, plus O(items of a section) when a section of one
  ///   size first gets sizes of its own; for such a batch of k item changes, O(k log k) plus
  ///   one merge pass per changed section (plus O(s) to add up the items where it adds some
  ///   and the model does not know their number: `knownNumberOfItems`); otherwise that of
  ///   `applying(_:)`.
  public mutating func apply(_ context: LayoutInvalidationContext) throws(LayoutError)
    -> FlowModelChange
  {
    guard !context.hasDelegateMetrics, context.batchUpdate?.onlyResizesItems ?? true else {
      if !context.hasDelegateMetrics, context.invalidatedItems.isEmpty,
        let batch = context.batchUpdate, BatchApplication.keepsSections(batch)
      {
        return try apply(keepingSections: batch, context)
      }
      let (model, change) = try applying(context)
      self = model
      return change
    }
    // What `applying(_:)` checks, in its order; resizes change no number of items, so the
    // invalidated items can be checked against the sections before the batch's resizes.
    let batchResizes = context.batchUpdate?.resizeItems ?? []
    try checkResizes(batchResizes)
    try checkResizes(context.invalidatedItems)
    var newBounds = context.newBounds ?? collectionView.bounds
    newBounds.origin.x += context.contentOffsetAdjustment.x
    newBounds.origin.y += context.contentOffsetAdjustment.y
    var bounds = FlowBoundsChange.none
    if newBounds != collectionView.bounds {
      let environment = try collectionView.withBounds(newBounds)
      bounds = FlowBoundsChange(from: self, to: newBounds)
      collectionView = environment
    }
    // Nothing throws from here on.
    var sections = FlowSectionChanges.unchanged(sectionCount: self.sections.count)
    // Resizes keep the number of items.
    let itemCount = knownNumberOfItems
    if !batchResizes.isEmpty { sections = applyCheckedResizes(batchResizes) }
    if !context.invalidatedItems.isEmpty {
      sections = sections.merged(with: applyCheckedResizes(context.invalidatedItems))
    }
    knownNumberOfItems = itemCount
    return FlowModelChange(
      relayoutEverything: context.invalidateEverything, sections: sections, bounds: bounds)
  }

  /// `apply(_:)` of a context whose only change to the data is `batch`, which keeps every
  /// section where it was: everything is checked, in `applying(_:)`'s order, before the
  /// sections it changes are written into the model's own array.
  private mutating func apply(
    keepingSections batch: BatchUpdate, _ context: LayoutInvalidationContext
  ) throws(LayoutError) -> FlowModelChange {
    var edits = try BatchApplication.edits(of: self, by: batch)
    var environment = edits.collectionView
    var newBounds = context.newBounds ?? environment.bounds
    newBounds.origin.x += context.contentOffsetAdjustment.x
    newBounds.origin.y += context.contentOffsetAdjustment.y
    var bounds = FlowBoundsChange.none
    if newBounds != collectionView.bounds {
      environment = try environment.withBounds(newBounds)
      bounds = FlowBoundsChange(from: self, to: newBounds)
    }
    // Nothing throws from here on.
    edits.collectionView = environment
    edits.apply(to: &self)
    return FlowModelChange(
      relayoutEverything: context.invalidateEverything, sections: edits.changes, bounds: bounds)
  }
}
