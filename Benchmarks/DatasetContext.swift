import BenchKit
import Foundation
import LayoutLab
import Synchronization

/// A dataset at one size with the reference strategy's answers to every question the
/// workloads ask: what a benchmark's result is checked against after timing. Built once per
/// dataset and size, untimed. The same for every kind of layout: the reference is the
/// registry's for the dataset's kind.
/// A class so every benchmark of the dataset shares one copy; immutable but for its answers to
/// the query and lookup questions, computed (on every core) when first asked for — by the
/// preflight of `bench run`, by a check — and never by a process that only counts
/// instructions, which would otherwise spend most of its setup on the reference's 128 scans.
public final class DatasetContext: Sendable {
  public let dataset: Dataset
  public let items: Int
  public let content: LayoutFileContent
  /// The strategy the others are checked against.
  public let reference: LayoutDescriptor
  /// The reference's content size and every element it lays out.
  public let contentSize: CGSize
  public let allElements: [LayoutAttributes]
  /// The collection view's bounds: the first screen.
  public let viewport: CGRect
  public let firstScreen: [LayoutAttributes]
  /// With estimated sizes (FLOW-26), the first screen of a self-sizing collection view driving
  /// the reference — made, then its bounds queried, measuring until no cell returned is
  /// unmeasured — and the content size it then has: what `first-screen` is checked against on
  /// such a dataset. nil without estimated sizes.
  public let selfSizingFirstScreen: SelfSizingScreen?
  /// Viewport-sized rects from the start of the content to its end (a scroll sweep), and at
  /// random places (jumps), with the reference's answers.
  public let sweepRects: [CGRect]
  public var sweepAnswers: [[LayoutAttributes]] { answers.sweep }
  public let jumpRects: [CGRect]
  public var jumpAnswers: [[LayoutAttributes]] { answers.jump }
  /// Random items, and random sections' headers or footers, with the reference's answers.
  public let itemPaths: [LayoutIndexPath]
  public var itemAnswers: [LayoutAttributes?] { answers.items }
  public let supplementaryKind: ElementKind?
  public let supplementaryPaths: [LayoutIndexPath]
  public var supplementaryAnswers: [LayoutAttributes?] { answers.supplementary }

  /// The reference's answers to the query and lookup questions.
  struct Answers: Sendable {
    var sweep: [[LayoutAttributes]]
    var jump: [[LayoutAttributes]]
    var items: [LayoutAttributes?]
    var supplementary: [LayoutAttributes?]
  }

  /// The prepared reference, which answers them.
  private let referenceLayout: any CollectionViewLayout
  /// The answers once computed: the first caller computes them holding the lock, so every
  /// caller gets the one copy.
  private let computedAnswers = Mutex<Answers?>(nil)

  var answers: Answers {
    computedAnswers.withLock { computed in
      if let computed { return computed }
      let answers = computeAnswers()
      computed = answers
      return answers
    }
  }

  /// What a self-sizing collection view shows first, and its content size then.
  public struct SelfSizingScreen: Sendable {
    public let contentSize: CGSize
    public let elements: [LayoutAttributes]
  }

  /// Queries per cycle of the query workloads (a power of two).
  public static let queryCount = 64

  /// The flow layout of a flow dataset: what the flow-only workloads (updates, bounds
  /// changes, self-sizing) work on.
  public var model: FlowLayoutModel? {
    if case .flow(let model) = content { return model }
    return nil
  }

  public var scrollsVertically: Bool { content.scrollsVertically }

  /// Whether the query workloads report `elementsMissedPerCycle`: when a strategy of the
  /// dataset's kind can miss elements, for every strategy of that kind, so they are compared
  /// on the same counters.
  public var reportsMisses: Bool {
    LayoutRegistry.strategies(for: content.kind).contains { !$0.answersExactly }
  }

  public init(dataset: Dataset, items: Int) throws {
    self.dataset = dataset
    self.items = items
    let content = dataset.content(items: items)
    self.content = content
    let descriptor = LayoutRegistry.reference(for: content.kind)
    reference = descriptor
    var prepared = try descriptor.make(content)
    prepared.prepare()
    let layout = prepared
    contentSize = layout.collectionViewContentSize
    allElements = layout.layoutAttributesForAllElements()
    let viewport = content.collectionView.bounds
    self.viewport = viewport
    firstScreen = layout.layoutAttributesForElements(in: viewport)
    if case .flow(let model) = content, model.layout.estimatedItemSize.isEnabled,
      let strategy = descriptor.flowStrategy
    {
      var view = try SelfSizingCollectionView(model: model, strategy: strategy)
      let elements = try view.layoutAttributesForElements(in: view.layout.collectionView.bounds)
      selfSizingFirstScreen = SelfSizingScreen(
        contentSize: view.layout.collectionViewContentSize, elements: elements)
    } else {
      selfSizingFirstScreen = nil
    }

    var random = SplitMix64(seed: dataset.querySeed ^ UInt64(items))
    let count = Self.queryCount
    let vertical = content.scrollsVertically
    let length =
      vertical ? layout.collectionViewContentSize.height : layout.collectionViewContentSize.width
    let window = vertical ? viewport.height : viewport.width
    let travel = max(length - window, 0)
    func rect(at offset: Double) -> CGRect {
      vertical
        ? CGRect(x: viewport.minX, y: offset, width: viewport.width, height: viewport.height)
        : CGRect(x: offset, y: viewport.minY, width: viewport.width, height: viewport.height)
    }
    let sweep = (0..<count).map { rect(at: (travel * Double($0) / Double(count - 1)).rounded()) }
    let jumps = (0..<count).map { _ in rect(at: (travel * random.nextUnit()).rounded()) }
    sweepRects = sweep
    jumpRects = jumps

    let sections = content.itemsPerSection
    let populated = sections.indices.filter { sections[$0] > 0 }
    var paths: [LayoutIndexPath] = []
    if !populated.isEmpty {
      for _ in 0..<count {
        let section = populated[random.nextIndex(below: populated.count)]
        let item = random.nextIndex(below: sections[section])
        paths.append(LayoutIndexPath(item: item, section: section))
      }
    }
    itemPaths = paths

    let kinds = Set(allElements.lazy.filter { $0.kind != .cell }.map(\.kind))
    let kind: ElementKind? =
      kinds.contains(.header) ? .header : kinds.contains(.footer) ? .footer : nil
    supplementaryKind = kind
    if kind != nil, !sections.isEmpty {
      let picked = (0..<count).map { _ in random.nextIndex(below: sections.count) }
      supplementaryPaths = picked.map { LayoutIndexPath(item: 0, section: $0) }
    } else {
      supplementaryPaths = []
    }
    referenceLayout = layout
  }

  /// The reference's answers to every query rect and lookup, computed on every core.
  private func computeAnswers() -> Answers {
    let layout = referenceLayout
    let rects = sweepRects + jumpRects
    let answers = concurrentMap(rects.count) { layout.layoutAttributesForElements(in: rects[$0]) }
    let paths = itemPaths
    let supplementary = supplementaryPaths
    let kind = supplementaryKind ?? .header
    return Answers(
      sweep: Array(answers[..<sweepRects.count]), jump: Array(answers[sweepRects.count...]),
      items: concurrentMap(paths.count) { layout.layoutAttributesForItem(at: paths[$0]) },
      supplementary: concurrentMap(supplementary.count) {
        layout.layoutAttributesForSupplementaryView(ofKind: kind, at: supplementary[$0])
      })
  }

  /// A fresh, unprepared layout of the dataset by the reference.
  public func makeReference() throws -> any CollectionViewLayout {
    try reference.make(content)
  }

  /// Why `strategy` disagrees with the reference on this dataset, or nil when it agrees on
  /// everything: content size, every element, every query rect, every lookup. A strategy that
  /// can miss elements by design (`LayoutDescriptor.answersExactly`) agrees when it returns
  /// only the reference's elements.
  public func disagreement(of strategy: LayoutDescriptor) -> String? {
    guard var layout = try? strategy.make(content) else { return "rejects the dataset" }
    layout.prepare()
    if layout.collectionViewContentSize != contentSize {
      return "content size \(layout.collectionViewContentSize) ≠ \(contentSize)"
    }
    let exact = strategy.answersExactly
    if let problem = answerMismatch(layout.layoutAttributesForAllElements(), allElements, exact) {
      return "the full layout: \(problem)"
    }
    for (rect, answer) in zip(sweepRects + jumpRects, sweepAnswers + jumpAnswers) {
      if let problem = answerMismatch(layout.layoutAttributesForElements(in: rect), answer, exact) {
        return "rect \(rect): \(problem)"
      }
    }
    for (path, answer) in zip(itemPaths, itemAnswers)
    where layout.layoutAttributesForItem(at: path) != answer {
      return "item \(path) differs"
    }
    if let kind = supplementaryKind {
      for (path, answer) in zip(supplementaryPaths, supplementaryAnswers)
      where layout.layoutAttributesForSupplementaryView(ofKind: kind, at: path) != answer {
        return "\(kind.rawValue) \(path) differs"
      }
    }
    return nil
  }
}

extension LayoutFileContent {
  /// A flow layout scrolls either way; the mosaic scrolls vertically.
  var scrollsVertically: Bool {
    switch self {
    case .flow(let model): model.layout.scrollDirection == .vertical
    case .columnFlow(let model): model.flowModel.layout.scrollDirection == .vertical
    case .mosaic: true
    }
  }

  /// The number of items of each section.
  var itemsPerSection: [Int] {
    switch self {
    case .flow(let model): model.sections.map(\.numberOfItems)
    case .columnFlow(let model): model.sections.map(\.numberOfItems)
    case .mosaic(let model): [model.numberOfItems]
    }
  }
}

/// What is wrong with `answer` where the reference answers `reference`, or nil: for an exact
/// strategy, any difference; for one that can miss elements by design, an element that is not
/// the reference's next one with the same attributes — it may leave elements out, never add,
/// move or reorder one.
func answerMismatch(
  _ answer: [LayoutAttributes], _ reference: [LayoutAttributes], _ exact: Bool
) -> String? {
  if exact {
    return firstMismatch(answer, reference).map { "element \($0) differs from the reference" }
  }
  var next = 0
  for (index, element) in answer.enumerated() {
    while next < reference.count && reference[next] != element { next += 1 }
    guard next < reference.count else {
      return "element \(index) is not the reference's next element (or differs from it)"
    }
    next += 1
  }
  return nil
}

/// The index of the first element where two answers differ, or nil when they are equal.
func firstMismatch(_ a: [LayoutAttributes], _ b: [LayoutAttributes]) -> Int? {
  if a == b { return nil }
  for index in 0..<max(a.count, b.count)
  where index >= a.count || index >= b.count || a[index] != b[index] {
    return index
  }
  return nil
}

/// Every dataset context a run needs, built once each; thread-safe.
public final class DatasetContexts: @unchecked Sendable {
  private let lock = NSLock()
  private var built: [String: Result<DatasetContext, any Error>] = [:]

  public init() {}

  public func context(_ dataset: Dataset, items: Int) throws -> DatasetContext {
    let key = "\(dataset.name)@\(items)"
    if let existing = lock.withLock({ built[key] }) { return try existing.get() }
    let made = Result { try DatasetContext(dataset: dataset, items: items) }
    lock.withLock { if built[key] == nil { built[key] = made } }
    return try lock.withLock { built[key]! }.get()
  }
}
