import BenchKit
import Foundation
import LayoutLab

/// Rect queries on a prepared layout, cycling through `rects` (a scroll sweep or random
/// jumps); one iteration is one query.
final class QueryRoutine<Layout: CollectionViewLayout>: BenchmarkRoutine {
  let layout: Layout
  let rects: [CGRect]
  let answers: [[LayoutAttributes]]
  /// Counters the routine's maker measured itself (a query's misses, say), reported as is.
  let extraWork: [String: Int]
  private var cursor = 0
  private var last: [LayoutAttributes] = []
  private var lastIndex = -1

  init(
    _ layout: Layout, rects: [CGRect], answers: [[LayoutAttributes]],
    extraWork: [String: Int] = [:]
  ) {
    var layout = layout
    layout.prepare()
    self.layout = layout
    self.rects = rects
    self.answers = answers
    self.extraWork = extraWork
  }

  func runBatch(iterations: Int) {
    let mask = rects.count - 1
    for _ in 0..<iterations {
      last = layout.layoutAttributesForElements(in: rects[cursor])
      lastIndex = cursor
      cursor = (cursor + 1) & mask
    }
    blackHole(last)
  }

  func check() throws {
    guard lastIndex >= 0, firstMismatch(last, answers[lastIndex]) == nil else {
      throw BenchmarkCheckFailure("query \(lastIndex) differs from the reference")
    }
    // Every eighth rect too: a strategy may be right on one rect and wrong on another.
    for index in stride(from: 0, to: rects.count, by: 8)
    where firstMismatch(layout.layoutAttributesForElements(in: rects[index]), answers[index]) != nil
    {
      throw BenchmarkCheckFailure("query \(index) (\(rects[index])) differs from the reference")
    }
  }

  func rewind() { cursor = 0 }

  /// The mean work of one query over the whole cycle (deterministic).
  func countWork() -> [String: Int] {
    var counters = LayoutWorkCounters()
    for rect in rects { _ = layout.layoutAttributesForElements(in: rect, counting: &counters) }
    return counters.dictionary.mapValues { ($0 + rects.count / 2) / rects.count }
      .merging(extraWork) { _, extra in extra }
  }
}

/// Attributes for one item, or one header or footer, at random index paths; one iteration is
/// one lookup.
final class LookupRoutine<Layout: CollectionViewLayout>: BenchmarkRoutine {
  let layout: Layout
  let paths: [LayoutIndexPath]
  let answers: [LayoutAttributes?]
  /// nil: cells; otherwise the supplementary kind.
  let kind: ElementKind?
  private var cursor = 0
  private var last: LayoutAttributes?
  private var lastIndex = -1

  init(_ layout: Layout, paths: [LayoutIndexPath], answers: [LayoutAttributes?], kind: ElementKind?)
  {
    var layout = layout
    layout.prepare()
    self.layout = layout
    self.paths = paths
    self.answers = answers
    self.kind = kind
  }

  func runBatch(iterations: Int) {
    let mask = paths.count - 1
    if let kind {
      for _ in 0..<iterations {
        last = layout.layoutAttributesForSupplementaryView(ofKind: kind, at: paths[cursor])
        lastIndex = cursor
        cursor = (cursor + 1) & mask
      }
    } else {
      for _ in 0..<iterations {
        last = layout.layoutAttributesForItem(at: paths[cursor])
        lastIndex = cursor
        cursor = (cursor + 1) & mask
      }
    }
    blackHole(last)
  }

  func check() throws {
    guard lastIndex >= 0, last == answers[lastIndex] else {
      throw BenchmarkCheckFailure(
        "lookup of \(paths[max(lastIndex, 0)]) differs from the reference")
    }
  }

  func rewind() { cursor = 0 }
}
