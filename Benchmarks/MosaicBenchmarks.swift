import BenchKit
import Foundation
import LayoutLab

/// The mosaic layout of Apple's "Customizing collection view layouts" sample in the suite: its
/// two query strategies (`MosaicQueryStrategy`) on the `mosaic` dataset — one vertical section
/// on a phone — with the workloads that apply to a layout without updates or headers.
///
/// The segment search is checked against the reference answers like every flow strategy. The
/// sample's query is measured as the sample has it, misses included: its check compares it
/// with its own untimed answers, and its `elementsMissedPerCycle` counter says how many
/// elements its cycle of queries misses next to the correct query.
public enum MosaicBenchmarks {
  public static let datasetName = "mosaic"
  public static let summary = "Apple's sample's mosaic: one section of 200-point segments"
  public static let workloads = ["prepare", "scroll-sweep", "random-jump", "item-lookup"]
  public static var strategies: [String] { MosaicQueryStrategy.allCases.map(\.strategyName) }

  public static func model(items: Int) -> MosaicLayoutModel {
    MosaicLayoutModel(
      collectionView: CollectionViewEnvironment(size: CGSize(width: 390, height: 844)),
      numberOfItems: items)
  }

  /// The routine of `workload` for `strategy` at `items` items (untimed setup).
  public static func makeRoutine(
    strategy: String, workload: String, items: Int
  ) throws -> any BenchmarkRoutine {
    guard let query = MosaicQueryStrategy.named(strategy) else {
      throw BenchmarkCheckFailure("unknown mosaic strategy \(strategy)")
    }
    let context = try MosaicContext(items: items)
    switch workload {
    case "prepare": return MosaicPrepareRoutine(query: query, context: context)
    case "scroll-sweep": return try queryRoutine(query, context: context, rects: context.sweepRects)
    case "random-jump": return try queryRoutine(query, context: context, rects: context.jumpRects)
    case "item-lookup":
      return LookupRoutine(
        try MosaicLayout(model: context.model, query: query), paths: context.itemPaths,
        answers: context.itemPaths.map { context.reference.layoutAttributesForItem(at: $0) },
        kind: nil)
    default: throw BenchmarkCheckFailure("no mosaic routine for \(workload)")
    }
  }

  /// Viewport-sized rect queries. What the strategy must answer: the reference's answers for
  /// the segment search, its own untimed answers for the sample's query (which misses
  /// elements by design) — whose misses next to the correct query are counted over the whole
  /// cycle of queries, since they are rare in viewport-sized rects.
  static func queryRoutine(
    _ query: MosaicQueryStrategy, context: MosaicContext, rects: [CGRect]
  ) throws -> any BenchmarkRoutine {
    var layout = try MosaicLayout(model: context.model, query: query)
    layout.prepare()
    let correct = rects.map { context.reference.layoutAttributesForElements(in: $0) }
    let own = rects.map { layout.layoutAttributesForElements(in: $0) }
    let missed = zip(correct, own).reduce(0) { total, pair in
      total + Set(pair.0.map(\.indexPath)).subtracting(pair.1.map(\.indexPath)).count
    }
    return QueryRoutine(
      layout, rects: rects, answers: query == .reference ? correct : own,
      extraWork: ["elementsMissedPerCycle": missed])
  }
}

/// The mosaic at one size with the correct query's answers.
final class MosaicContext {
  let model: MosaicLayoutModel
  let reference: MosaicLayout
  let sweepRects: [CGRect]
  let jumpRects: [CGRect]
  let itemPaths: [LayoutIndexPath]

  init(items: Int) throws {
    model = MosaicBenchmarks.model(items: items)
    var reference = try MosaicLayout(model: model, query: .reference)
    reference.prepare()
    self.reference = reference
    let viewport = model.collectionView.bounds
    let travel = max(reference.collectionViewContentSize.height - viewport.height, 0)
    let count = DatasetContext.queryCount
    var random = SplitMix64(seed: 0x4D05_A1C ^ UInt64(items))
    func rect(at y: Double) -> CGRect {
      CGRect(x: 0, y: y.rounded(), width: viewport.width, height: viewport.height)
    }
    sweepRects = (0..<count).map { rect(at: travel * Double($0) / Double(count - 1)) }
    jumpRects = (0..<count).map { _ in rect(at: travel * random.nextUnit()) }
    itemPaths =
      items == 0
      ? []
      : (0..<count).map { _ in
        LayoutIndexPath(item: random.nextIndex(below: items), section: 0)
      }
  }
}

/// `prepare` (cold): a fresh mosaic, prepared, its content size read.
final class MosaicPrepareRoutine: BenchmarkRoutine {
  let query: MosaicQueryStrategy
  let context: MosaicContext
  private var fresh: [MosaicLayout] = []
  private var lastContentSize = CGSize.zero

  init(query: MosaicQueryStrategy, context: MosaicContext) {
    self.query = query
    self.context = context
  }

  func prepareBatch(iterations: Int) {
    fresh = []
    fresh = (0..<iterations).map { _ in try! MosaicLayout(model: context.model, query: query) }
  }

  func runBatch(iterations: Int) {
    for index in 0..<iterations {
      fresh[index].prepare()
      lastContentSize = fresh[index].collectionViewContentSize
    }
    blackHole(lastContentSize)
  }

  func check() throws {
    guard lastContentSize == context.reference.collectionViewContentSize else {
      throw BenchmarkCheckFailure("content size \(lastContentSize) ≠ reference")
    }
  }

  func countWork() -> [String: Int] {
    var layout = try! MosaicLayout(model: context.model, query: query)
    layout.prepare()
    return layout.workCounters.dictionary
  }
}
