import BenchKit
import Foundation
import LayoutLab

/// What is measured on a dataset with a strategy: a named workload that makes a benchmark
/// routine for any strategy of the registry (its layout's type opened generically, so the timed
/// code is specialised per strategy) and says which datasets it applies to.
public struct Workload: Sendable {
  public let name: String
  public let summary: String
  /// Whether allocation counts are exact (not when a thread pool works for the workload).
  public let allocationsAreDeterministic: Bool
  /// The kinds of layout it is measured on, and what a layout of such a kind must have.
  let kinds: Set<LayoutKind>
  let requires: @Sendable (LayoutFileContent) -> Bool
  let routine: Routine

  /// The routine a workload runs, with what tells its variants apart.
  enum Routine: Sendable {
    case prepare(firstScreen: Bool)
    case query(jumps: Bool)
    case allElements
    case lookup(supplementary: Bool)
    case rotation
    case pinnedScroll
    case update(UpdateBatches.Kind)
    case selfSizing
    case concurrentQuery(threads: Int)
  }

  init(
    name: String, summary: String, allocationsAreDeterministic: Bool = true,
    kinds: Set<LayoutKind> = [.flow],
    requires: @escaping @Sendable (LayoutFileContent) -> Bool = { _ in true }, routine: Routine
  ) {
    self.name = name
    self.summary = summary
    self.allocationsAreDeterministic = allocationsAreDeterministic
    self.kinds = kinds
    self.requires = requires
    self.routine = routine
  }

  /// Builds the routine for `strategy` on `context` (untimed setup).
  public func makeRoutine(
    _ strategy: LayoutDescriptor, context: DatasetContext
  ) throws -> any BenchmarkRoutine {
    // Passing the existential to a generic parameter opens it: the routine is specialised
    // for the strategy's concrete layout type.
    try makeRoutine(try strategy.make(context.content), strategy: strategy, context: context)
  }

  private func makeRoutine<Layout: CollectionViewLayout>(
    _ layout: Layout, strategy: LayoutDescriptor, context: DatasetContext
  ) throws -> any BenchmarkRoutine {
    switch routine {
    case .prepare(let firstScreen):
      if firstScreen, context.selfSizingFirstScreen != nil {
        return try SelfSizingFirstScreenRoutine(strategy: strategy, context: context)
      }
      return try PrepareRoutine(
        LayoutFactory<Layout>(strategy: strategy, content: context.content), context: context,
        firstScreen: firstScreen)
    case .query(let jumps):
      return QueryRoutine(
        layout, rects: jumps ? context.jumpRects : context.sweepRects,
        answers: jumps ? context.jumpAnswers : context.sweepAnswers,
        exact: strategy.answersExactly, reportsMisses: context.reportsMisses)
    case .allElements:
      return QueryRoutine(
        layout, rects: [.everywhere], answers: [context.allElements],
        exact: strategy.answersExactly, reportsMisses: context.reportsMisses)
    case .lookup(let supplementary):
      if supplementary {
        guard let kind = context.supplementaryKind, !context.supplementaryPaths.isEmpty else {
          throw BenchmarkCheckFailure("the dataset has no headers or footers")
        }
        return LookupRoutine(
          layout, paths: context.supplementaryPaths, answers: context.supplementaryAnswers,
          kind: kind)
      }
      guard !context.itemPaths.isEmpty else {
        throw BenchmarkCheckFailure("the dataset has no items")
      }
      return LookupRoutine(
        layout, paths: context.itemPaths, answers: context.itemAnswers, kind: nil)
    case .rotation:
      let bounds = context.viewport
      let rotated = CGRect(
        origin: bounds.origin, size: CGSize(width: bounds.height, height: bounds.width))
      return try BoundsChangeRoutine(layout, steps: [rotated, bounds], context: context)
    case .pinnedScroll:
      // 64 steps of 37 pt: 32 forward from the initial offset, then 32 back, so the cycle
      // wraps with one ordinary step.
      let bounds = context.viewport
      let offsets = (0..<32).map { Double($0 + 1) } + (0..<32).map { Double(31 - $0) }
      let steps = offsets.map { step -> CGRect in
        context.scrollsVertically
          ? bounds.offsetBy(dx: 0, dy: step * 37) : bounds.offsetBy(dx: step * 37, dy: 0)
      }
      return try BoundsChangeRoutine(layout, steps: steps, context: context)
    case .update(let kind):
      guard let model = context.model else {
        throw BenchmarkCheckFailure("updates are measured on flow datasets")
      }
      let (batch, inverse) = try UpdateBatches(kind: kind).batches(for: model)
      return try BatchUpdateRoutine(layout, batch: batch, inverse: inverse, context: context)
    case .selfSizing:
      return try SelfSizingRoutine(strategy: strategy, context: context)
    case .concurrentQuery(let threads):
      return ConcurrentQueryRoutine(layout, threads: threads, context: context)
    }
  }

  /// Whether the workload means something for `dataset`: a kind of layout it is measured on,
  /// with what it needs (pinned scrolling needs pinning, a supplementary lookup needs headers
  /// or footers).
  public func applies(to dataset: Dataset) -> Bool {
    kinds.contains(dataset.kind) && requires(dataset.content(items: 300))
  }
}

extension Workload {
  /// Every workload, in report order (the concurrent-query ones from 1 to `maximumThreads`).
  public static func all(maximumThreads: Int = defaultMaximumThreads) -> [Workload] {
    [
      prepare, firstScreen, scrollSweep, randomJump, allElements, itemLookup,
      supplementaryLookup, rotation, pinnedScroll, resizeItem, resizeReflow, insertItem,
      appendItem, insertDeleteOnePercent, selfSizingSweep,
    ] + (1...max(1, maximumThreads)).map(concurrentQuery)
  }

  /// 1, 2, … the number of cores (at least 2, so the concurrent case is always shown).
  public static var defaultMaximumThreads: Int {
    max(2, ProcessInfo.processInfo.activeProcessorCount)
  }

  public static func named(_ name: String) -> Workload? {
    all(maximumThreads: 64).first { $0.name == name }
  }

  /// The flow layout's configuration, for the workloads that need a feature of it.
  static func flow(_ holds: @escaping @Sendable (FlowLayoutConfiguration) -> Bool)
    -> @Sendable (LayoutFileContent) -> Bool
  {
    { content in
      guard case .flow(let model) = content else { return false }
      return holds(model.layout)
    }
  }

  /// Whether a flow layout has a header or footer somewhere: a section whose header or footer
  /// (its own, or the layout's) has a length along the scroll axis, as the engine lays them
  /// out (`FlowSectionMetrics`). A layout file may give them per section only.
  static let hasHeadersOrFooters: @Sendable (LayoutFileContent) -> Bool = { content in
    guard case .flow(let model) = content else { return false }
    let layout = model.layout
    let vertical = layout.scrollDirection == .vertical
    return model.sections.contains { section in
      [
        section.headerReferenceSize ?? layout.headerReferenceSize,
        section.footerReferenceSize ?? layout.footerReferenceSize,
      ].contains { (vertical ? $0.height : $0.width) > 0 }
    }
  }

  // The workloads every kind of layout answers (a rect query, an item lookup) are measured on
  // every kind; the others on flow layouts, whose features they exercise (and the suite's
  // names stay those the results files have always had).
  public static let prepare = Workload(
    name: "prepare", summary: "cold: a fresh layout's prepare() and content size",
    kinds: [.flow, .mosaic], routine: .prepare(firstScreen: false))

  /// With estimated sizes, a self-sizing collection view's first screen
  /// (`SelfSizingFirstScreenRoutine`): the layout's model holds the sizes cells report when
  /// measured, so laying it out directly would measure a layout no collection view makes.
  public static let firstScreen = Workload(
    name: "first-screen",
    summary:
      "time to first screen: prepare() + the first viewport's query; with estimated sizes, a self-sizing view made at the estimates + its first viewport measured",
    routine: .prepare(firstScreen: true))

  public static let scrollSweep = Workload(
    name: "scroll-sweep", summary: "viewport-sized rect queries from the start to the end",
    kinds: [.flow, .mosaic], routine: .query(jumps: false))

  public static let randomJump = Workload(
    name: "random-jump", summary: "viewport-sized rect queries at random places",
    kinds: [.flow, .mosaic], routine: .query(jumps: true))

  /// `layoutAttributesForAllElements()`: one rect that meets every element, as a snapshot, an
  /// accessibility pass or a test asks for. Its answer spans every section, so a strategy that
  /// grows it section by section shows here — in allocations, which the gate compares exactly,
  /// and in time: reserving each section's exact need copied the answer once a section,
  /// O(n · s), which no viewport-sized query could show.
  public static let allElements = Workload(
    name: "all-elements", summary: "one query of every element (layoutAttributesForAllElements)",
    kinds: [.flow, .mosaic], routine: .allElements)

  public static let itemLookup = Workload(
    name: "item-lookup", summary: "attributes for one item, at random index paths",
    kinds: [.flow, .mosaic], routine: .lookup(supplementary: false))

  public static let supplementaryLookup = Workload(
    name: "supplementary-lookup", summary: "attributes for a random section's header (or footer)",
    requires: hasHeadersOrFooters, routine: .lookup(supplementary: true))

  public static let rotation = Workload(
    name: "rotation",
    summary: "cross-axis bounds change (portrait ↔ landscape), prepare, visible query",
    routine: .rotation)

  public static let pinnedScroll = Workload(
    name: "pinned-scroll",
    summary: "scroll steps with pinned headers: invalidate, prepare, visible query",
    requires: flow { $0.sectionHeadersPinToVisibleBounds || $0.sectionFootersPinToVisibleBounds },
    routine: .pinnedScroll)

  public static let resizeItem = Workload(
    name: "resize-item", summary: "resize one item in the middle (batch), prepare, visible query",
    routine: .update(.resizeOne))

  /// `resize-item`'s item resized along its line so that the lines of its section break again
  /// (their number changes where a length of `UpdateBatches.reflowingResize` does that): the
  /// resize a strategy cannot answer by moving the later lines by one delta. Measured where a
  /// length moves a break (not where every item already fills its line).
  public static let resizeReflow = Workload(
    name: "resize-reflow",
    summary:
      "resize one item in the middle along its line, so lines break again (batch), prepare, visible query",
    requires: { content in
      guard case .flow(let model) = content else { return false }
      return UpdateBatches.reflowingResize(in: model) != nil
    }, routine: .update(.resizeAlongLine))

  /// The commonest data change (a new message, a new photo): one item inserted in the middle of
  /// the data, where it is not at the end of its section. Its cost beyond the lines it breaks
  /// again is what renumbering and moving everything after it costs, which the one-percent
  /// batch, changing every section, does not isolate.
  public static let insertItem = Workload(
    name: "insert-item", summary: "insert one item in the middle (batch), prepare, visible query",
    routine: .update(.insertOne))

  /// A feed's next item: one item appended at the end of the middle item's section, where a
  /// section's last lines change and FLOW-12 judges its last line again — what `insert-item`,
  /// clear of the last lines, does not measure.
  public static let appendItem = Workload(
    name: "append-item",
    summary:
      "append one item at the end of the middle item's section (batch), prepare, visible query",
    routine: .update(.appendOne))

  public static let insertDeleteOnePercent = Workload(
    name: "insert-delete-1pct",
    summary: "delete 1 % of items and insert 1 % in one batch, prepare, visible query",
    // Thousands of array edits: deterministic because allocations are counted in the
    // allocator's exact-size window (`AllocationCounter.exactSizes`).
    routine: .update(.insertDeleteOnePercent))

  public static let selfSizingSweep = Workload(
    name: "self-sizing-sweep",
    summary:
      "self-sizing: scroll a viewport at a time from unmeasured, measuring cells as they appear",
    requires: flow { $0.estimatedItemSize.isEnabled }, routine: .selfSizing)

  /// Queries of one prepared layout from `threads` threads at once.
  public static func concurrentQuery(threads: Int) -> Workload {
    Workload(
      name: "concurrent-query-\(threads)t",
      summary:
        "sweep queries from \(threads) thread\(threads == 1 ? "" : "s") at once on one layout (per query = 1/throughput)",
      allocationsAreDeterministic: false, routine: .concurrentQuery(threads: threads))
  }

  public var isConcurrent: Bool { name.hasPrefix("concurrent-query-") }
}

/// The batches of the update workloads: a change and the change that undoes it.
struct UpdateBatches {
  enum Kind: Sendable {
    case resizeOne, resizeAlongLine, insertOne, appendOne, insertDeleteOnePercent
  }
  let kind: Kind

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
    case .resizeAlongLine:
      guard let (path, size, resized) = Self.reflowingResize(in: model) else {
        throw BenchmarkCheckFailure("no resize of the middle item along its line moves a break")
      }
      return (
        BatchUpdate(resizeItems: [.init(at: path, size: resized)]),
        BatchUpdate(resizeItems: [.init(at: path, size: size)])
      )
    case .insertOne:
      // Before the middle item.
      let middle = Self.indexPath(ofItem: total / 2, in: model)
      return Self.insertion(at: middle, sizedAs: middle, in: model)
    case .appendOne:
      // After the last item of the middle item's section.
      let middle = Self.indexPath(ofItem: total / 2, in: model)
      let count = model.sections[middle.section].numberOfItems
      return Self.insertion(
        at: LayoutIndexPath(item: count, section: middle.section), sizedAs: middle, in: model)
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
        if case .fixed = model.sections[path.section].itemSizing { return nil }
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

  /// One item inserted at `path`, at the size of item `sized` (a section of one size takes
  /// none), and the batch that deletes it again.
  static func insertion(
    at path: LayoutIndexPath, sizedAs sized: LayoutIndexPath, in model: FlowLayoutModel
  ) -> (BatchUpdate, BatchUpdate) {
    let size: CGSize? =
      if case .fixed = model.sections[path.section].itemSizing { nil } else {
        Self.size(of: sized, in: model)
      }
    return (
      BatchUpdate(insertItems: [BatchUpdate.ItemInsertion(at: path, size: size)]),
      BatchUpdate(deleteItems: [path])
    )
  }

  /// `resize-item`'s item (the middle one), its size, and a size that differs only along the
  /// line and breaks its section's lines again: the first of these lengths whose lines, broken
  /// as FLOW-9 does, are more or fewer; failing that, the first that moves a break. nil when
  /// none moves one (rows that already fill their line). The lengths: the room of a line
  /// (FLOW-6's `A`), so that the item sits alone on one; then one that leaves just room for
  /// the next item beside it; then fractions of the room.
  static func reflowingResize(in model: FlowLayoutModel) -> (
    path: LayoutIndexPath, size: CGSize, resized: CGSize
  )? {
    let total = model.numberOfItems
    guard total > 0 else { return nil }
    let path = indexPath(ofItem: total / 2, in: model)
    let size = size(of: path, in: model)
    let vertical = model.layout.scrollDirection == .vertical
    let section = model.sections[path.section]
    let room = lineRoom(ofSection: path.section, in: model)
    let spacing = section.minimumInteritemSpacing ?? model.layout.minimumInteritemSpacing
    func main(_ size: CGSize) -> Double { vertical ? size.width : size.height }
    let count = section.numberOfItems
    // Every item's length along the line, in O(items + exceptions).
    var lengths: [Double]
    switch section.itemSizing {
    case .fixed(_, let itemSize):
      lengths = Array(repeating: main(itemSize ?? model.layout.itemSize), count: count)
    case .fixedWithExceptions(_, let itemSize, let exceptions):
      lengths = Array(repeating: main(itemSize ?? model.layout.itemSize), count: count)
      for exception in exceptions where lengths.indices.contains(exception.item) {
        lengths[exception.item] = main(exception.size)
      }
    case .perItem(let sizes): lengths = sizes.map(main)
    }
    // FLOW-9's breaks for items at most `room` long (an item longer sits alone, as here):
    // the index of each line's first item.
    func lineStarts(_ length: Double) -> [Int] {
      var starts: [Int] = []
      var used = Double.infinity
      for item in 0..<count {
        let itemLength = item == path.item ? length : lengths[item]
        if used + spacing + itemLength <= room {
          used += spacing + itemLength
        } else {
          starts.append(item)
          used = itemLength
        }
      }
      return starts
    }
    var candidates = [room]
    if path.item + 1 < count { candidates.append(room - spacing - lengths[path.item + 1]) }
    candidates += [room / 2, room / 4, 1]
    candidates = candidates.filter { $0 >= 0 && $0 <= room && $0 != main(size) }
    let before = lineStarts(main(size))
    let broken = candidates.map { ($0, lineStarts($0)) }.filter { $0.1 != before }
    guard
      let length = (broken.first { $0.1.count != before.count } ?? broken.first)?.0
    else { return nil }
    let resized =
      vertical
      ? CGSize(width: length, height: size.height) : CGSize(width: size.width, height: length)
    return (path, size, resized)
  }

  /// FLOW-6's `A` for section `index`: the line dimension (FLOW-5) less the section's insets
  /// along the line as FLOW-7 adjusts them. The engine's `FlowSectionMetrics` is internal to
  /// the library, so the rules are applied here again; a wrong room would still be valid input,
  /// and the routine checks every answer against the reference.
  static func lineRoom(ofSection index: Int, in model: FlowLayoutModel) -> Double {
    let environment = model.collectionView
    let content = environment.adjustedContentInset
    let vertical = model.layout.scrollDirection == .vertical
    var inset = model.sections[index].sectionInset ?? model.layout.sectionInset
    let reference: EdgeInsets? =
      switch model.layout.sectionInsetReference {
      case .fromContentInset: nil
      case .fromSafeArea: environment.safeAreaInsets
      case .fromLayoutMargins: environment.layoutMargins
      }
    if let reference {
      inset.left = max(inset.left + reference.left - content.left, 0)
      inset.right = max(inset.right + reference.right - content.right, 0)
      inset.top = max(inset.top + reference.top - content.top, 0)
      inset.bottom = max(inset.bottom + reference.bottom - content.bottom, 0)
    }
    let dimension =
      vertical
      ? max(environment.bounds.width - content.left - content.right, 0)
      : max(environment.bounds.height - content.top - content.bottom, 0)
    return vertical
      ? dimension - inset.left - inset.right : dimension - inset.top - inset.bottom
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
    case .fixedWithExceptions(_, let itemSize, let exceptions):
      exceptions.first { $0.item == path.item }?.size ?? itemSize ?? model.layout.itemSize
    case .perItem(let sizes): sizes[path.item]
    }
  }
}
