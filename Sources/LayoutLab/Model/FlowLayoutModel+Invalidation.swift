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

extension FlowSectionChanges {
  /// Whether no section changed.
  public var isEmpty: Bool {
    !structureChanged
      && sections.allSatisfy {
        if case .existing(let old, nil, _, _) = $0 { return old >= 0 }
        return false
      }
  }

  /// These changes followed by `later` (which maps sections one to one, without insertions or
  /// deletions): each section's changed range covers both.
  func merged(with later: FlowSectionChanges) -> FlowSectionChanges {
    var result = self
    for (index, change) in later.sections.enumerated() {
      guard case .existing(_, let laterFirst?, let laterLast, _) = change else { continue }
      switch result.sections[index] {
      case .inserted: break
      case .existing(let old, let first, let last, let delta):
        result.sections[index] = .existing(
          old: old, firstChangedItem: min(first ?? Int.max, laterFirst),
          lastChangedItem: max(last, laterLast), itemDelta: delta)
      }
    }
    return result
  }
}
