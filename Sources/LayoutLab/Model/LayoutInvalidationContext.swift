import Foundation

/// What changed since the layout was last prepared, modelled on
/// `UICollectionViewFlowLayoutInvalidationContext`. The layout holds its data (it is its own
/// data source and delegate), so a context carries the new data along with the news that it
/// changed. A strategy recomputes no more than the context requires; a simple one may
/// recompute everything.
public struct LayoutInvalidationContext: Hashable, Sendable {
  /// Everything may have changed (`invalidateLayout()`).
  public var invalidateEverything: Bool
  /// `invalidateFlowLayoutDelegateMetrics`: the delegate's answers — sizes, insets, spacings,
  /// header and footer sizes, or the layout's own properties — are now those of this model.
  public var delegateMetrics: FlowLayoutModel? {
    get { metrics?.model }
    set { metrics = newValue.map(Metrics.model) }
  }
  /// The model boxed (an indirect case): a context is copied at every layer an invalidation
  /// passes through, and the model inline would make each copy hundreds of bytes long.
  private var metrics: Metrics?

  /// Whether the context carries new delegate metrics, without copying the model out.
  var hasDelegateMetrics: Bool { metrics != nil }
  /// The data-source changes of a `performBatchUpdates` call.
  public var batchUpdate: BatchUpdate?
  /// `invalidateItems(at:)`: these items now have these sizes (a cell measured itself).
  public var invalidatedItems: [BatchUpdate.ItemResize]
  /// The collection view's new bounds (a rotation, a resize or a scroll), if they changed.
  public var newBounds: CGRect?
  /// `contentOffsetAdjustment`: how far to move the content offset so that what is on screen
  /// stays put (FLOW-27).
  public var contentOffsetAdjustment: CGPoint

  public init(
    invalidateEverything: Bool = false, delegateMetrics: FlowLayoutModel? = nil,
    batchUpdate: BatchUpdate? = nil, invalidatedItems: [BatchUpdate.ItemResize] = [],
    newBounds: CGRect? = nil, contentOffsetAdjustment: CGPoint = .zero
  ) {
    self.invalidateEverything = invalidateEverything
    self.metrics = delegateMetrics.map(Metrics.model)
    self.batchUpdate = batchUpdate
    self.invalidatedItems = invalidatedItems
    self.newBounds = newBounds
    self.contentOffsetAdjustment = contentOffsetAdjustment
  }

  private indirect enum Metrics: Hashable, Sendable {
    case model(FlowLayoutModel)

    var model: FlowLayoutModel {
      switch self {
      case .model(let model): model
      }
    }
  }

  public static let everything = LayoutInvalidationContext(invalidateEverything: true)

  /// The context for moving or resizing the bounds (`invalidationContext(forBoundsChange:)`).
  public static func boundsChange(_ newBounds: CGRect) -> LayoutInvalidationContext {
    LayoutInvalidationContext(newBounds: newBounds)
  }

  /// The context of a `performBatchUpdates` call.
  public static func batch(_ update: BatchUpdate) -> LayoutInvalidationContext {
    LayoutInvalidationContext(batchUpdate: update)
  }

  /// The context of `invalidateItems(at:)` with the items' new sizes.
  public static func items(_ resizes: [BatchUpdate.ItemResize]) -> LayoutInvalidationContext {
    LayoutInvalidationContext(invalidatedItems: resizes)
  }

  /// The context of `invalidateFlowLayoutDelegateMetrics` with the delegate's new answers.
  public static func delegateMetrics(_ model: FlowLayoutModel) -> LayoutInvalidationContext {
    LayoutInvalidationContext(delegateMetrics: model)
  }
}
