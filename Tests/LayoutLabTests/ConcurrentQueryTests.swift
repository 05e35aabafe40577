import BenchmarkDatasets
import Foundation
import LayoutLab
import Synchronization
import Testing

/// "A prepared layout is safe to query from many threads at once" (CollectionViewLayout): one
/// prepared layout per strategy, queried from 8 threads × 200 rounds at once — rect queries,
/// item and supplementary lookups, the content size, and copies of the layout invalidated and
/// prepared on those threads — every answer compared with the one the same call gave on one
/// thread. Copies share the original's storage until they change (copy on write), so a copy
/// that wrote through to the original would show here as a wrong answer on another thread.
@Suite("Concurrent queries")
struct ConcurrentQueryTests {
  static let threads = 8
  static let rounds = 200

  /// Mixed sizes in three sections (one empty), headers pinned, footers, scale 3.
  static var flowModel: FlowLayoutModel {
    var model = Dataset.mixedFeed.model(items: 700, seed: 0xC0_FFEE)
    model.layout.footerReferenceSize = CGSize(width: 0, height: 20)
    model.layout.sectionHeadersPinToVisibleBounds = true
    model.sections.insert(FlowSection(items: 0), at: 1)
    model.sections.append(FlowSection(items: 40, itemSize: CGSize(width: 90, height: 60)))
    return model
  }

  /// The invalidations copies go through: a scroll (pinned headers move), a rotation, and two
  /// batch updates.
  static func flowInvalidations(_ model: FlowLayoutModel) -> [LayoutInvalidationContext] {
    let bounds = model.collectionView.bounds
    return [
      .boundsChange(bounds.offsetBy(dx: 0, dy: 1_500)),
      .boundsChange(CGRect(x: 0, y: 0, width: bounds.height, height: bounds.width)),
      .batch(BatchUpdate(deleteItems: [LayoutIndexPath(item: 3, section: 0)])),
      .batch(
        BatchUpdate(resizeItems: [
          .init(
            at: LayoutIndexPath(item: 10, section: 2), size: CGSize(width: 300, height: 250))
        ])),
    ]
  }

  @Test(
    "every flow strategy answers 8 threads × 200 rounds as it answers one thread",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func flowStrategy(name: String) throws {
    let strategy = try #require(FlowStrategies.named(name))
    let model = Self.flowModel
    try Self.expectSafeConcurrentQueries(
      try FlowStrategies.make(strategy, model: model),
      invalidations: Self.flowInvalidations(model))
  }

  @Test(
    "the column flow layout, over every flow strategy, answers threads as it answers one",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func columnFlow(name: String) throws {
    let strategy = try #require(FlowStrategies.named(name))
    var configuration = ColumnFlowConfiguration()
    configuration.headerReferenceSize = CGSize(width: 0, height: 44)
    configuration.sectionHeadersPinToVisibleBounds = true
    let model = ColumnFlowLayoutModel(
      collectionView: CollectionViewEnvironment(
        size: CGSize(width: 1_024, height: 768), safeAreaInsets: EdgeInsets(top: 24, bottom: 20)),
      layout: configuration,
      sections: [FlowSection(items: 150), FlowSection(items: 0), FlowSection(items: 90)])
    let layout = try Self.columnFlowLayout(strategy, model: model)
    try Self.expectSafeConcurrentQueries(
      layout,
      invalidations: [
        .boundsChange(CGRect(x: 0, y: 900, width: 1_024, height: 768)),
        .boundsChange(CGRect(x: 0, y: 0, width: 390, height: 844)),
        .batch(BatchUpdate(deleteItems: [LayoutIndexPath(item: 0, section: 2)])),
      ])
  }

  @Test(
    "the mosaic layout, with either query, answers threads as it answers one",
    arguments: MosaicQueryStrategy.allCases)
  func mosaic(query: MosaicQueryStrategy) throws {
    let model = MosaicLayoutModel(
      collectionView: CollectionViewEnvironment(size: CGSize(width: 390, height: 844)),
      numberOfItems: 600)
    try Self.expectSafeConcurrentQueries(
      try MosaicLayout(model: model, query: query),
      invalidations: [
        .boundsChange(CGRect(x: 0, y: 2_000, width: 390, height: 844)),
        .boundsChange(CGRect(x: 0, y: 0, width: 844, height: 390)),
      ])
  }

  // Generic so the existential metatype is opened (see `FlowStrategies.make`).
  static func columnFlowLayout<Strategy: FlowLayoutStrategy>(
    _: Strategy.Type, model: ColumnFlowLayoutModel
  ) throws(LayoutError) -> any CollectionViewLayout {
    try ColumnFlowLayout<Strategy>(model: model)
  }

  /// What one round asks a layout, and what it answered.
  struct Answers: Equatable {
    var contentSize: CGSize
    var rect: [LayoutAttributes]
    var item: LayoutAttributes?
    var header: LayoutAttributes?
    var footer: LayoutAttributes?
    /// A copy of the layout, invalidated and prepared again: its content size and answer.
    var copyContentSize: CGSize
    var copyRect: [LayoutAttributes]
  }

  /// The questions of round `round` on thread `thread`: a rect, an index path (sometimes one
  /// that does not exist), and an invalidation for a copy — a fixed choice per round, so the
  /// single-threaded answers can be computed first.
  struct Question {
    var rect: CGRect
    var indexPath: LayoutIndexPath
    var invalidation: Int

    init(thread: Int, round: Int, layout: any CollectionViewLayout, invalidations: Int) {
      var random = SplitMix64(seed: UInt64(thread * 10_000 + round))
      let size = layout.collectionViewContentSize
      let bounds = layout.collectionView.bounds
      rect = CGRect(
        x: Double(random.nextInt(in: 0...max(0, Int(size.width)))) - bounds.width / 2,
        y: Double(random.nextInt(in: 0...max(0, Int(size.height)))) - bounds.height / 2,
        width: bounds.width, height: bounds.height)
      indexPath = LayoutIndexPath(
        item: random.nextInt(in: -1...400), section: random.nextInt(in: -1...3))
      invalidation = random.nextInt(in: 0...(invalidations - 1))
    }
  }

  static func answers(
    _ layout: any CollectionViewLayout, _ question: Question,
    invalidations: [LayoutInvalidationContext]
  ) throws -> Answers {
    var copy = layout
    try copy.invalidateLayout(with: invalidations[question.invalidation])
    copy.prepare()
    let section = LayoutIndexPath(item: 0, section: question.indexPath.section)
    return Answers(
      contentSize: layout.collectionViewContentSize,
      rect: layout.layoutAttributesForElements(in: question.rect),
      item: layout.layoutAttributesForItem(at: question.indexPath),
      header: layout.layoutAttributesForSupplementaryView(ofKind: .header, at: section),
      footer: layout.layoutAttributesForSupplementaryView(ofKind: .footer, at: section),
      copyContentSize: copy.collectionViewContentSize,
      copyRect: copy.layoutAttributesForElements(in: question.rect))
  }

  /// Prepares `layout`, computes every round's answers on this thread, then asks every round
  /// again from `threads` threads started together, and expects the same answers.
  static func expectSafeConcurrentQueries(
    _ layout: any CollectionViewLayout, invalidations: [LayoutInvalidationContext],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    var prepared = layout
    prepared.prepare()
    let layout = prepared
    var expected: [[Answers]] = []
    for thread in 0..<threads {
      expected.append(
        try (0..<rounds).map { round in
          try answers(
            layout,
            Question(
              thread: thread, round: round, layout: layout, invalidations: invalidations.count),
            invalidations: invalidations)
        })
    }
    #expect(expected.joined().contains { !$0.rect.isEmpty }, sourceLocation: sourceLocation)
    #expect(expected.joined().contains { $0.item != nil }, sourceLocation: sourceLocation)

    let mismatches = MismatchLog()
    let table = expected
    runOnThreads(threads) { thread in
      for round in 0..<rounds {
        let question = Question(
          thread: thread, round: round, layout: layout, invalidations: invalidations.count)
        let answer = Result { try answers(layout, question, invalidations: invalidations) }
        if (try? answer.get()) != table[thread][round] {
          mismatches.record("\(layout.name): thread \(thread), round \(round): \(question)")
        }
      }
    }
    let found = mismatches.entries
    #expect(
      found.isEmpty, "\(found.count) answers differ, first: \(found.prefix(3))",
      sourceLocation: sourceLocation)
    // And the original is as it was.
    #expect(
      try answers(
        layout,
        Question(thread: 0, round: 0, layout: layout, invalidations: invalidations.count),
        invalidations: invalidations) == expected[0][0],
      sourceLocation: sourceLocation)
  }

  /// The rounds whose answers differed, recorded from any thread.
  final class MismatchLog: Sendable {
    private let list = Mutex<[String]>([])

    func record(_ entry: String) { list.withLock { $0.append(entry) } }

    var entries: [String] { list.withLock { $0 } }
  }

  /// Runs `body(thread)` on `count` threads of their own, released together so they overlap
  /// (`concurrentPerform` would use no more threads than cores).
  static func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let start = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    for thread in 0..<count {
      done.enter()
      Thread {
        start.wait()
        body(thread)
        done.leave()
      }
      .start()
    }
    for _ in 0..<count { start.signal() }
    done.wait()
  }
}
