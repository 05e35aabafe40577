import BenchKit
import Foundation
import LayoutLab

/// `performBatchUpdates`, then `prepare()` and the query of the visible rect: the time to the
/// next frame after a data change. Iterations alternate a batch and its inverse, so one layout
/// is updated in place for ever (no copy of it in the timed region) and each iteration is a
/// real change of the same size.
final class BatchUpdateRoutine<Layout: CollectionViewLayout>: BenchmarkRoutine {
  private var layout: Layout
  /// The batch and its inverse.
  let batches: [BatchUpdate]
  let viewport: CGRect
  /// The reference's visible answer and full layout after each batch (after batches[0] the
  /// data is in state 1, after batches[1] back in state 0).
  let visible: [[LayoutAttributes]]
  let everything: [[LayoutAttributes]]
  private var parity = 0
  private var last: [LayoutAttributes] = []

  init(_ layout: Layout, batch: BatchUpdate, inverse: BatchUpdate, context: DatasetContext) throws {
    var layout = layout
    layout.prepare()
    // The batch and its inverse once, untimed: until a layout first changes its model, the
    // model's arrays are shared with the dataset's, and that change copies them — the sections
    // and the changed section's sizes, O(s + items in it). An app's layout owns its data; the
    // copy is the harness's, and would be the whole of the one iteration `bench run
    // --instructions` counts on a fresh instance.
    try layout.invalidateLayout(with: .batch(batch))
    layout.prepare()
    try layout.invalidateLayout(with: .batch(inverse))
    layout.prepare()
    self.layout = layout
    batches = [batch, inverse]
    viewport = context.viewport
    var reference = try context.makeReference()
    try reference.invalidateLayout(with: .batch(batch))
    reference.prepare()
    let changed = reference
    visible = [changed.layoutAttributesForElements(in: viewport), context.firstScreen]
    everything = [changed.layoutAttributesForAllElements(), context.allElements]
  }

  func runBatch(iterations: Int) {
    for _ in 0..<iterations {
      try! layout.invalidateLayout(with: .batch(batches[parity]))
      layout.prepare()
      last = elements(of: &layout, in: viewport)
      parity ^= 1
    }
    blackHole(last)
  }

  func check() throws {
    let state = parity == 1 ? 0 : 1  // which batch ran last
    guard firstMismatch(last, visible[state]) == nil else {
      throw BenchmarkCheckFailure("after the batch: the visible elements differ from the reference")
    }
    if let index = firstMismatch(layout.layoutAttributesForAllElements(), everything[state]) {
      throw BenchmarkCheckFailure(
        "after the batch: element \(index) differs from a fresh reference layout")
    }
  }

  func rewind() {
    if parity == 1 {
      try! layout.invalidateLayout(with: .batch(batches[1]))
      layout.prepare()
      parity = 0
    }
  }

  func countWork() -> [String: Int] {
    layout.resetWorkCounters()
    try! layout.invalidateLayout(with: .batch(batches[0]))
    layout.prepare()
    var counters = layout.workCounters
    _ = layout.layoutAttributesForElements(in: viewport, counting: &counters)
    parity = 1
    rewind()
    return counters.dictionary
  }
}
