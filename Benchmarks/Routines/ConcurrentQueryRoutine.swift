import BenchKit
import Dispatch
import Foundation
import LayoutLab

/// One prepared layout queried from `threads` threads at once (`concurrentPerform`): each
/// thread runs `queriesPerThread` sweep queries per iteration, so the time per operation is
/// the inverse of the throughput. The check re-runs every query on every thread at once and
/// compares each answer with the reference: concurrent reads are safe and agree.
final class ConcurrentQueryRoutine<Layout: CollectionViewLayout>: BenchmarkRoutine {
  let layout: Layout
  let threads: Int
  let queriesPerThread: Int
  let rects: [CGRect]
  /// Where the reference's answers are, asked for by the check only.
  let context: DatasetContext

  init(_ layout: Layout, threads: Int, context: DatasetContext) {
    var layout = layout
    layout.prepare()
    self.layout = layout
    self.threads = threads
    rects = context.sweepRects
    self.context = context
    // Enough queries that an iteration dwarfs concurrentPerform's own cost, sized from the
    // work a query does (deterministic, unlike a timing): about 2 million elements scanned.
    var counters = LayoutWorkCounters()
    for rect in rects { _ = layout.layoutAttributesForElements(in: rect, counting: &counters) }
    let work = max(1, (counters.elementsScanned + counters.framesComputed) / rects.count)
    queriesPerThread = min(1024, max(4, 2_000_000 / work))
  }

  var operationsPerIteration: Int { threads * queriesPerThread }

  func runBatch(iterations: Int) {
    let layout = layout
    let rects = rects
    let perThread = queriesPerThread
    let mask = rects.count - 1
    for _ in 0..<iterations {
      DispatchQueue.concurrentPerform(iterations: threads) { thread in
        for query in 0..<perThread {
          blackHole(layout.layoutAttributesForElements(in: rects[(thread &* 17 &+ query) & mask]))
        }
      }
    }
  }

  func check() throws {
    let layout = layout
    let rects = rects
    let answers = context.sweepAnswers
    let disagreements = concurrentMap(threads * 2) { _ in
      rects.indices.filter {
        firstMismatch(layout.layoutAttributesForElements(in: rects[$0]), answers[$0]) != nil
      }.count
    }
    let total = disagreements.reduce(0, +)
    guard total == 0 else {
      throw BenchmarkCheckFailure("concurrent reads: \(total) answers differ from the reference")
    }
  }

  func countWork() -> [String: Int] {
    var counters = LayoutWorkCounters()
    let mask = rects.count - 1
    for thread in 0..<threads {
      for query in 0..<queriesPerThread {
        _ = layout.layoutAttributesForElements(
          in: rects[(thread &* 17 &+ query) & mask], counting: &counters)
      }
    }
    return counters.dictionary
  }
}
