import BenchKit
import Foundation
import LayoutLab

/// A bounds change, then `prepare()` and the query of the new visible rect: the time to the
/// next frame. Rotation toggles portrait and landscape (a cross-axis change); pinned scrolling
/// steps the content offset through `bounds` with pinned headers and footers.
final class BoundsChangeRoutine<Layout: CollectionViewLayout>: BenchmarkRoutine {
  private var layout: Layout
  /// The bounds of each step, cycled; the layout starts at the last one.
  let steps: [CGRect]
  /// The reference's answer for each step's visible rect.
  let answers: [[LayoutAttributes]]
  private var cursor = 0
  private var last: [LayoutAttributes] = []
  private var lastIndex = -1

  init(_ layout: Layout, steps: [CGRect], context: DatasetContext) throws {
    var layout = layout
    try layout.invalidateLayout(with: .boundsChange(steps[steps.count - 1]))
    layout.prepare()
    self.layout = layout
    self.steps = steps
    answers = try Self.referenceAnswers(context: context, steps: steps)
  }

  /// The reference's answers for `steps`, computed on every core.
  static func referenceAnswers(context: DatasetContext, steps: [CGRect]) throws
    -> [[LayoutAttributes]]
  {
    let reference = try context.makeReference()
    return concurrentMap(steps.count) { index in
      var layout = reference
      try! layout.invalidateLayout(with: .boundsChange(steps[index]))
      layout.prepare()
      return layout.layoutAttributesForElements(in: steps[index])
    }
  }

  func runBatch(iterations: Int) {
    for _ in 0..<iterations {
      let bounds = steps[cursor]
      try! layout.invalidateLayout(with: .boundsChange(bounds))
      layout.prepare()
      last = elements(of: &layout, in: bounds)
      lastIndex = cursor
      cursor = cursor + 1 == steps.count ? 0 : cursor + 1
    }
    blackHole(last)
  }

  func check() throws {
    guard lastIndex >= 0, firstMismatch(last, answers[lastIndex]) == nil else {
      throw BenchmarkCheckFailure(
        "after bounds \(steps[max(lastIndex, 0)]): the visible elements differ from the reference")
    }
  }

  func rewind() {
    try! layout.invalidateLayout(with: .boundsChange(steps[steps.count - 1]))
    layout.prepare()
    cursor = 0
  }

  func countWork() -> [String: Int] {
    layout.resetWorkCounters()
    try! layout.invalidateLayout(with: .boundsChange(steps[0]))
    layout.prepare()
    var counters = layout.workCounters
    _ = layout.layoutAttributesForElements(in: steps[0], counting: &counters)
    rewind()
    return counters.dictionary
  }
}
