import BenchKit
import Foundation
import LayoutLab

/// What is measured on a dataset with a strategy: a named workload that makes a benchmark
/// routine for any strategy (opened generically, so the timed code is specialised per
/// strategy) and says which datasets it applies to.
public struct Workload: Sendable {
  public let name: String
  public let summary: String
  /// Whether allocation counts are exact (not when a thread pool works for the workload).
  public let allocationsAreDeterministic: Bool
  let applies: @Sendable (FlowLayoutModel) -> Bool
  let maker: any RoutineMaker

  /// Builds the routine for `strategy` on `context` (untimed setup).
  public func makeRoutine(
    _ strategy: any FlowLayoutStrategy.Type, context: DatasetContext
  ) throws -> any BenchmarkRoutine {
    let layout = try FlowStrategies.make(strategy, model: context.model)
    return try maker.make(layout, context: context)
  }

  /// Whether the workload means something for `dataset` (pinned scrolling needs pinning, a
  /// supplementary lookup needs headers or footers).
  public func applies(to dataset: Dataset) -> Bool {
    applies(dataset.model(items: 300))
  }
}

/// Makes a routine for a layout whose type is opened: a protocol with a generic method, since
/// a closure cannot be generic.
protocol RoutineMaker: Sendable {
  func make<Layout: FlowLayoutStrategy>(_ layout: Layout, context: DatasetContext) throws
    -> any BenchmarkRoutine
}

extension Workload {
  /// Every workload, in report order (the concurrent-query ones from 1 to `maximumThreads`).
  public static func all(maximumThreads: Int = defaultMaximumThreads) -> [Workload] {
    [
      prepare, firstScreen, scrollSweep, randomJump, itemLookup, supplementaryLookup, rotation,
      pinnedScroll, resizeItem, insertDeleteOnePercent, selfSizingSweep,
    ] + (1...max(1, maximumThreads)).map(concurrentQuery)
  }

  /// 1, 2, … the number of cores (at least 2, so the concurrent case is always shown).
  public static var defaultMaximumThreads: Int {
    max(2, ProcessInfo.processInfo.activeProcessorCount)
  }

  public static func named(_ name: String) -> Workload? {
    all(maximumThreads: 64).first { $0.name == name }
  }

  static let always: @Sendable (FlowLayoutModel) -> Bool = { _ in true }

  public static let prepare = Workload(
    name: "prepare", summary: "cold: a fresh layout's prepare() and content size",
    allocationsAreDeterministic: true, applies: always, maker: PrepareMaker(firstScreen: false))

  public static let firstScreen = Workload(
    name: "first-screen", summary: "time to first screen: prepare() + the first viewport's query",
    allocationsAreDeterministic: true, applies: always, maker: PrepareMaker(firstScreen: true))

  public static let scrollSweep = Workload(
    name: "scroll-sweep", summary: "viewport-sized rect queries from the start to the end",
    allocationsAreDeterministic: true, applies: always, maker: QueryMaker(jumps: false))

  public static let randomJump = Workload(
    name: "random-jump", summary: "viewport-sized rect queries at random places",
    allocationsAreDeterministic: true, applies: always, maker: QueryMaker(jumps: true))

  public static let itemLookup = Workload(
    name: "item-lookup", summary: "attributes for one item, at random index paths",
    allocationsAreDeterministic: true, applies: always, maker: LookupMaker(supplementary: false))

  public static let supplementaryLookup = Workload(
    name: "supplementary-lookup", summary: "attributes for a random section's header (or footer)",
    allocationsAreDeterministic: true,
    applies: { $0.layout.headerReferenceSize != .zero || $0.layout.footerReferenceSize != .zero },
    maker: LookupMaker(supplementary: true))

  public static let rotation = Workload(
    name: "rotation",
    summary: "cross-axis bounds change (portrait ↔ landscape), prepare, visible query",
    allocationsAreDeterministic: true, applies: always, maker: RotationMaker())

  public static let pinnedScroll = Workload(
    name: "pinned-scroll",
    summary: "scroll steps with pinned headers: invalidate, prepare, visible query",
    allocationsAreDeterministic: true,
    applies: {
      $0.layout.sectionHeadersPinToVisibleBounds || $0.layout.sectionFootersPinToVisibleBounds
    },
    maker: PinnedScrollMaker())

  public static let resizeItem = Workload(
    name: "resize-item", summary: "resize one item in the middle (batch), prepare, visible query",
    allocationsAreDeterministic: true, applies: always, maker: UpdateMaker(kind: .resizeOne))

  public static let insertDeleteOnePercent = Workload(
    name: "insert-delete-1pct",
    summary: "delete 1 % of items and insert 1 % in one batch, prepare, visible query",
    // Thousands of array edits: deterministic because allocations are counted in the
    // allocator's exact-size window (`AllocationCounter.exactSizes`).
    allocationsAreDeterministic: true, applies: always,
    maker: UpdateMaker(kind: .insertDeleteOnePercent))

  public static let selfSizingSweep = Workload(
    name: "self-sizing-sweep",
    summary:
      "self-sizing: scroll a viewport at a time from unmeasured, measuring cells as they appear",
    allocationsAreDeterministic: true, applies: { $0.layout.estimatedItemSize.isEnabled },
    maker: SelfSizingMaker())

  /// Queries of one prepared layout from `threads` threads at once.
  public static func concurrentQuery(threads: Int) -> Workload {
    Workload(
      name: "concurrent-query-\(threads)t",
      summary:
        "sweep queries from \(threads) thread\(threads == 1 ? "" : "s") at once on one layout (per query = 1/throughput)",
      allocationsAreDeterministic: false, applies: always, maker: ConcurrentMaker(threads: threads))
  }

  public var isConcurrent: Bool { name.hasPrefix("concurrent-query-") }
}

struct PrepareMaker: RoutineMaker {
  let firstScreen: Bool
  func make<Layout: FlowLayoutStrategy>(_ layout: Layout, context: DatasetContext) throws
    -> any BenchmarkRoutine
  {
    PrepareRoutine(layout, context: context, firstScreen: firstScreen)
  }
}

struct QueryMaker: RoutineMaker {
  let jumps: Bool
  func make<Layout: FlowLayoutStrategy>(_ layout: Layout, context: DatasetContext) throws
    -> any BenchmarkRoutine
  {
    jumps
      ? QueryRoutine(layout, rects: context.jumpRects, answers: context.jumpAnswers)
      : QueryRoutine(layout, rects: context.sweepRects, answers: context.sweepAnswers)
  }
}

struct LookupMaker: RoutineMaker {
  let supplementary: Bool
  func make<Layout: FlowLayoutStrategy>(_ layout: Layout, context: DatasetContext) throws
    -> any BenchmarkRoutine
  {
    if supplementary {
      guard let kind = context.supplementaryKind, !context.supplementaryPaths.isEmpty else {
        throw BenchmarkCheckFailure("the dataset has no headers or footers")
      }
      return LookupRoutine(
        layout, paths: context.supplementaryPaths, answers: context.supplementaryAnswers, kind: kind
      )
    }
    guard !context.itemPaths.isEmpty else {
      throw BenchmarkCheckFailure("the dataset has no items")
    }
    return LookupRoutine(layout, paths: context.itemPaths, answers: context.itemAnswers, kind: nil)
  }
}

struct RotationMaker: RoutineMaker {
  func make<Layout: FlowLayoutStrategy>(_ layout: Layout, context: DatasetContext) throws
    -> any BenchmarkRoutine
  {
    let bounds = context.viewport
    let rotated = CGRect(
      origin: bounds.origin, size: CGSize(width: bounds.height, height: bounds.width))
    let steps = [rotated, bounds]
    return try BoundsChangeRoutine(
      layout, steps: steps,
      answers: BoundsChangeRoutine<Layout>.referenceAnswers(model: context.model, steps: steps))
  }
}

struct PinnedScrollMaker: RoutineMaker {
  func make<Layout: FlowLayoutStrategy>(_ layout: Layout, context: DatasetContext) throws
    -> any BenchmarkRoutine
  {
    // 64 steps of 37 pt: 32 forward from the initial offset, then 32 back, so the cycle wraps
    // with one ordinary step.
    let bounds = context.viewport
    let offsets = (0..<32).map { Double($0 + 1) } + (0..<32).map { Double(31 - $0) }
    let steps = offsets.map { step -> CGRect in
      context.scrollsVertically
        ? bounds.offsetBy(dx: 0, dy: step * 37) : bounds.offsetBy(dx: step * 37, dy: 0)
    }
    return try BoundsChangeRoutine(
      layout, steps: steps,
      answers: BoundsChangeRoutine<Layout>.referenceAnswers(model: context.model, steps: steps))
  }
}

struct SelfSizingMaker: RoutineMaker {
  func make<Layout: FlowLayoutStrategy>(_ layout: Layout, context: DatasetContext) throws
    -> any BenchmarkRoutine
  {
    try SelfSizingRoutine(strategy: Layout.self, context: context)
  }
}

struct ConcurrentMaker: RoutineMaker {
  let threads: Int
  func make<Layout: FlowLayoutStrategy>(_ layout: Layout, context: DatasetContext) throws
    -> any BenchmarkRoutine
  {
    ConcurrentQueryRoutine(layout, threads: threads, context: context)
  }
}

struct UpdateMaker: RoutineMaker {
  enum Kind { case resizeOne, insertDeleteOnePercent }
  let kind: Kind

  func make<Layout: FlowLayoutStrategy>(_ layout: Layout, context: DatasetContext) throws
    -> any BenchmarkRoutine
  {
    let (batch, inverse) = try batches(for: context.model)
    return try BatchUpdateRoutine(layout, batch: batch, inverse: inverse, context: context)
  }

  /// The batch and the batch that undoes it.
  func batches(for model: FlowLayoutModel) throws -> (BatchUpdate, BatchUpdate) {
    let total = model.numberOfItems
    guard total > 0 else { throw BenchmarkCheckFailure("the dataset has no items to update") }
    switch kind {
    case .resizeOne:
      let path = Self.indexPath(ofItem: total / 2, in: model)
      let size = Self.size(of: path, in: model)
      let vertical = model.layout.scrollDirection == .vertical
      let grown =
        vertical
        ? CGSize(width: size.width, height: size.height + 60)
        : CGSize(width: size.width + 60, height: size.height)
      return (
        BatchUpdate(resizeItems: [.init(at: path, size: grown)]),
        BatchUpdate(resizeItems: [.init(at: path, size: size)])
      )
    case .insertDeleteOnePercent:
      // Every 100th item is deleted, and as many items inserted 50 items further on in the
      // same section (wrapping inside it); the inverse deletes those and re-inserts the
      // originals where they were.
      var deleted: [LayoutIndexPath] = []
      var inserted: [LayoutIndexPath] = []
      for ordinal in stride(from: 37, to: total, by: 100) {
        let path = Self.indexPath(ofItem: ordinal, in: model)
        let count = model.sections[path.section].numberOfItems
        deleted.append(path)
        inserted.append(LayoutIndexPath(item: (path.item + 50) % count, section: path.section))
      }
      let newSize = CGSize(width: 100, height: 100)
      func size(_ path: LayoutIndexPath, new: Bool) -> CGSize? {
        guard case .perItem = model.sections[path.section].itemSizing else { return nil }
        return new ? newSize : Self.size(of: path, in: model)
      }
      let batch = BatchUpdate(
        deleteItems: deleted,
        insertItems: inserted.map { BatchUpdate.ItemInsertion(at: $0, size: size($0, new: true)) })
      let inverse = BatchUpdate(
        deleteItems: inserted,
        insertItems: deleted.map { BatchUpdate.ItemInsertion(at: $0, size: size($0, new: false)) })
      return (batch, inverse)
    }
  }

  /// The index path of the `ordinal`-th item of the whole layout.
  static func indexPath(ofItem ordinal: Int, in model: FlowLayoutModel) -> LayoutIndexPath {
    var remaining = ordinal
    for (section, content) in model.sections.enumerated() {
      if remaining < content.numberOfItems {
        return LayoutIndexPath(item: remaining, section: section)
      }
      remaining -= content.numberOfItems
    }
    preconditionFailure("item \(ordinal) is past the end")
  }

  static func size(of path: LayoutIndexPath, in model: FlowLayoutModel) -> CGSize {
    switch model.sections[path.section].itemSizing {
    case .fixed(_, let itemSize): itemSize ?? model.layout.itemSize
    case .perItem(let sizes): sizes[path.item]
    }
  }
}
