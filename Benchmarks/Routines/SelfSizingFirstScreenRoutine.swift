import BenchKit
import Foundation
import LayoutLab

/// `first-screen` with estimated sizes (FLOW-26): what a self-sizing collection view does
/// before it can show anything — the view made (its layout created and prepared with every
/// item at the estimate), then the first viewport's query, measuring the cells it returns and
/// laying out again until it returns no unmeasured cell. Checked against the same done by the
/// reference strategy (`DatasetContext.selfSizingFirstScreen`): frames and content size.
/// The views an iteration makes are kept, and freed untimed by the next batch.
final class SelfSizingFirstScreenRoutine: BenchmarkRoutine {
  let model: FlowLayoutModel
  let strategy: any FlowLayoutStrategy.Type
  let reference: DatasetContext.SelfSizingScreen
  private var made: [SelfSizingCollectionView] = []
  private var lastScreen: [LayoutAttributes] = []
  /// A view or query the strategy refused, reported by `check()` (the timed loop cannot throw).
  private var refused: LayoutError?

  init(strategy: LayoutDescriptor, context: DatasetContext) throws {
    guard let type = strategy.flowStrategy, let model = context.model,
      let reference = context.selfSizingFirstScreen
    else {
      throw BenchmarkCheckFailure(
        "a self-sizing first screen needs estimated sizes and a flow strategy")
    }
    self.model = model
    self.strategy = type
    self.reference = reference
    // Accepted here, so the views of the timed loop are accepted too.
    _ = try SelfSizingCollectionView(model: model, strategy: type)
  }

  func prepareBatch(iterations: Int) {
    made.removeAll(keepingCapacity: true)  // the previous batch is freed here, untimed
    made.reserveCapacity(iterations)
  }

  func runBatch(iterations: Int) {
    for _ in 0..<iterations {
      do {
        var view = try SelfSizingCollectionView(model: model, strategy: strategy)
        lastScreen = try view.layoutAttributesForElements(in: view.layout.collectionView.bounds)
        made.append(view)
      } catch {
        refused = error
      }
    }
    blackHole(lastScreen)
  }

  func check() throws {
    if let refused { throw BenchmarkCheckFailure("the first screen was refused: \(refused)") }
    guard let view = made.last else { throw BenchmarkCheckFailure("no first screen was made") }
    let contentSize = view.layout.collectionViewContentSize
    guard contentSize == reference.contentSize else {
      throw BenchmarkCheckFailure(
        "content size \(contentSize) ≠ reference \(reference.contentSize)")
    }
    if let index = firstMismatch(lastScreen, reference.elements) {
      throw BenchmarkCheckFailure("first screen: element \(index) differs from the reference")
    }
  }

  /// The strategy's counters for one first screen: its prepare at the estimates and the
  /// invalidations the measurements caused (the view's own queries are not counted).
  func countWork() -> [String: Int] {
    guard var view = try? SelfSizingCollectionView(model: model, strategy: strategy) else {
      return [:]
    }
    _ = try? view.layoutAttributesForElements(in: view.layout.collectionView.bounds)
    return view.layout.workCounters.dictionary
  }
}
