import BenchKit
import Foundation
import LayoutLab

/// Self-sizing (FLOW-26/27): a collection view whose items start at the estimate scrolls
/// through the content, viewport by viewport, measuring the cells that appear (each
/// measurement invalidates the layout from that item on). One iteration is one scroll step;
/// every batch starts from a fresh, unmeasured collection view (made untimed).
final class SelfSizingRoutine: BenchmarkRoutine {
  let context: DatasetContext
  let model: FlowLayoutModel
  let strategy: any FlowLayoutStrategy.Type
  let offsets: [CGPoint]
  private var view: SelfSizingCollectionView
  private var cursor = 0
  private var last: [LayoutAttributes] = []
  /// A scroll the layout refused, reported by `check()` (the timed loop cannot throw).
  private var refused: LayoutError?

  init(strategy: LayoutDescriptor, context: DatasetContext) throws {
    guard let type = strategy.flowStrategy, let model = context.model else {
      throw BenchmarkCheckFailure("self-sizing needs a flow strategy on a flow dataset")
    }
    self.context = context
    self.model = model
    self.strategy = type
    offsets = context.sweepRects.map(\.origin)
    view = try SelfSizingCollectionView(model: model, strategy: type)
  }

  func prepareBatch(iterations: Int) {
    // The model was accepted by `init`, so a fresh view from it is accepted too.
    if let fresh = try? SelfSizingCollectionView(model: model, strategy: strategy) {
      view = fresh
    }
    cursor = 0
  }

  func runBatch(iterations: Int) {
    for _ in 0..<iterations {
      do {
        last = try view.scroll(to: offsets[cursor])
      } catch {
        refused = error
      }
      cursor = cursor + 1 == offsets.count ? 0 : cursor + 1
    }
    blackHole(last)
  }

  /// Every cell returned was measured; once all are, the frames are the reference's (FLOW-26).
  func check() throws {
    if let refused { throw BenchmarkCheckFailure("a scroll was refused: \(refused)") }
    var view = view
    if last.contains(where: { $0.kind == .cell && !view.isMeasured($0.indexPath) }) {
      throw BenchmarkCheckFailure("a visible cell was not measured")
    }
    try view.measureAll()
    // Back at the dataset's offset, where the reference was laid out: pinned headers and
    // footers stick to the visible bounds, wherever the sweep left them.
    _ = try view.scroll(to: model.collectionView.contentOffset)
    if let index = firstMismatch(view.layout.layoutAttributesForAllElements(), context.allElements)
    {
      throw BenchmarkCheckFailure("fully measured, element \(index) differs from the reference")
    }
  }

  func rewind() { prepareBatch(iterations: 1) }

  /// The strategy's counters for the first step from unmeasured (its prepares and the
  /// invalidations the measurements caused).
  func countWork() -> [String: Int] {
    prepareBatch(iterations: 1)
    let before = view.layout.workCounters.dictionary
    _ = try? view.scroll(to: offsets[0])
    let after = view.layout.workCounters.dictionary
    rewind()
    return after.merging(before) { $0 - $1 }
  }
}
