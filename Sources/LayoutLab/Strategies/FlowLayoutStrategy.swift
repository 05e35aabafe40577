import Foundation

/// A strategy for `UICollectionViewFlowLayout`'s rules: every conformance computes the same
/// frames through `FlowLayoutEngine` and differs only in what it keeps and how it answers.
public protocol FlowLayoutStrategy: CollectionViewLayout {
  /// The name `bench list` shows and `--strategy` takes.
  static var strategyName: String { get }

  /// A layout of `model`, not yet prepared. Throws if the model holds bad input (FLOW-28).
  init(model: FlowLayoutModel) throws(LayoutError)

  /// The data the layout is computed from.
  var model: FlowLayoutModel { get }
}

extension FlowLayoutStrategy {
  /// `performBatchUpdates`: applies `batch` to the layout's data and invalidates what it
  /// changed; call `prepare()` next. An invalid batch throws, naming the offending entry, and
  /// leaves the layout exactly as it was.
  public mutating func performBatchUpdates(_ batch: BatchUpdate) throws(LayoutError) {
    try invalidateLayout(with: .batch(batch))
  }

  public var name: String { Self.strategyName }
  public var collectionView: CollectionViewEnvironment { model.collectionView }

  /// - Complexity: O(1).
  public func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
    switch FlowBoundsChange(from: model, to: newBounds) {
    case .none: false
    case .scroll:
      model.layout.sectionHeadersPinToVisibleBounds
        || model.layout.sectionFootersPinToVisibleBounds
    case .relayout: true
    }
  }
}

/// The flow strategies of `LayoutRegistry`, in its order; the first is the reference the
/// others are checked against. A view, so a strategy added to the registry appears here too.
public enum FlowStrategies {
  public static var all: [any FlowLayoutStrategy.Type] {
    LayoutRegistry.strategies(for: .flow).compactMap(\.flowStrategy)
  }

  public static var reference: any FlowLayoutStrategy.Type {
    guard let strategy = LayoutRegistry.reference(for: .flow).flowStrategy else {
      preconditionFailure("the registry's flow reference is not a flow strategy")
    }
    return strategy
  }

  public static func named(_ name: String) -> (any FlowLayoutStrategy.Type)? {
    LayoutRegistry.named(name)?.flowStrategy
  }

  /// A layout of `model` by `strategy`, not yet prepared.
  public static func make(
    _ strategy: any FlowLayoutStrategy.Type, model: FlowLayoutModel
  ) throws(LayoutError) -> any FlowLayoutStrategy {
    try make(opening: strategy, model: model)
  }

  // Generic so the existential metatype is opened: calling a typed-throws initializer
  // through `any FlowLayoutStrategy.Type` directly crashes Swift 6.3's SIL generation.
  private static func make<Strategy: FlowLayoutStrategy>(
    opening _: Strategy.Type, model: FlowLayoutModel
  ) throws(LayoutError) -> any FlowLayoutStrategy {
    try Strategy(model: model)
  }
}
