import BenchKit
import Foundation
import LayoutLab

/// `prepare` (cold): a fresh layout, prepared, its content size read — what a collection view
/// does before it can show anything. With `firstScreen`, also the first viewport's query: the
/// time to first screen (with estimated sizes, `SelfSizingFirstScreenRoutine` measures it
/// instead). Fresh layouts are made untimed, one per iteration.
final class PrepareRoutine<Layout: CollectionViewLayout>: BenchmarkRoutine {
  let factory: LayoutFactory<Layout>
  let context: DatasetContext
  let firstScreen: Bool
  private var fresh: [Layout] = []
  private var lastContentSize = CGSize.zero
  private var lastScreen: [LayoutAttributes] = []

  init(_ factory: LayoutFactory<Layout>, context: DatasetContext, firstScreen: Bool) throws {
    _ = try factory.make()  // so the `try!`s below cannot fail
    self.factory = factory
    self.context = context
    self.firstScreen = firstScreen
    // Room for one layout now, so that making the one the harness measures the retained bytes
    // of allocates nothing but the layout.
    fresh.reserveCapacity(1)
  }

  /// The prepared layout is what the iteration builds and keeps (not with `firstScreen`,
  /// whose iteration also keeps the first screen's attributes).
  var measuresRetainedMemory: Bool { !firstScreen }

  func prepareBatch(iterations: Int) {
    fresh.removeAll(keepingCapacity: true)  // the previous batch is freed here, untimed
    fresh.reserveCapacity(iterations)
    for _ in 0..<iterations { fresh.append(try! factory.make()) }
  }

  func runBatch(iterations: Int) {
    let viewport = context.viewport
    for index in 0..<iterations {
      fresh[index].prepare()
      lastContentSize = fresh[index].collectionViewContentSize
      if firstScreen {
        lastScreen = fresh[index].layoutAttributesForElements(in: viewport)
      }
    }
    blackHole(lastContentSize)
  }

  func check() throws {
    guard lastContentSize == context.contentSize else {
      throw BenchmarkCheckFailure(
        "content size \(lastContentSize) ≠ reference \(context.contentSize)")
    }
    if firstScreen, let index = firstMismatch(lastScreen, context.firstScreen) {
      throw BenchmarkCheckFailure("first screen: element \(index) differs from the reference")
    }
  }

  func countWork() -> [String: Int] {
    var layout = try! factory.make()
    layout.resetWorkCounters()
    layout.prepare()
    var counters = layout.workCounters
    if firstScreen {
      _ = layout.layoutAttributesForElements(in: context.viewport, counting: &counters)
    }
    return counters.dictionary
  }
}

extension LayoutWorkCounters {
  /// The counters by name, as results files keep them.
  var dictionary: [String: Int] {
    Dictionary(uniqueKeysWithValues: named.map { ($0.name, $0.value) })
  }
}
