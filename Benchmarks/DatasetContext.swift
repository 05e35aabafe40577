import BenchKit
import Foundation
import LayoutLab

/// A dataset at one size with the reference strategy's answers to every question the
/// workloads ask: what a benchmark's result is checked against after timing. Built once per
/// dataset and size, untimed, its reference queries computed on every core.
/// A class so every benchmark of the dataset shares one copy; immutable, so `Sendable`.
public final class DatasetContext: Sendable {
  public let dataset: Dataset
  public let items: Int
  public let model: FlowLayoutModel
  /// The reference's content size and every element it lays out.
  public let contentSize: CGSize
  public let allElements: [LayoutAttributes]
  /// The collection view's bounds: the first screen.
  public let viewport: CGRect
  public let firstScreen: [LayoutAttributes]
  /// Viewport-sized rects from the start of the content to its end (a scroll sweep), and at
  /// random places (jumps), with the reference's answers.
  public let sweepRects: [CGRect]
  public let sweepAnswers: [[LayoutAttributes]]
  public let jumpRects: [CGRect]
  public let jumpAnswers: [[LayoutAttributes]]
  /// Random items, and random sections' headers or footers, with the reference's answers.
  public let itemPaths: [LayoutIndexPath]
  public let itemAnswers: [LayoutAttributes?]
  public let supplementaryKind: ElementKind?
  public let supplementaryPaths: [LayoutIndexPath]
  public let supplementaryAnswers: [LayoutAttributes?]

  /// Queries per cycle of the query workloads (a power of two).
  public static let queryCount = 64

  public var scrollsVertically: Bool { model.layout.scrollDirection == .vertical }
  public var hasPinning: Bool {
    model.layout.sectionHeadersPinToVisibleBounds || model.layout.sectionFootersPinToVisibleBounds
  }

  public init(dataset: Dataset, items: Int) throws {
    self.dataset = dataset
    self.items = items
    let model = dataset.model(items: items)
    self.model = model
    var reference = try FlowStrategies.make(FlowStrategies.reference, model: model)
    reference.prepare()
    let layout = reference
    contentSize = layout.collectionViewContentSize
    allElements = layout.layoutAttributesForAllElements()
    let viewport = model.collectionView.bounds
    self.viewport = viewport
    firstScreen = layout.layoutAttributesForElements(in: viewport)

    var random = SplitMix64(seed: 0xB0A7_D5EE ^ UInt64(items))
    let count = Self.queryCount
    let vertical = model.layout.scrollDirection == .vertical
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
    let rects = sweep + jumps
    let answers = concurrentMap(rects.count) { layout.layoutAttributesForElements(in: rects[$0]) }
    sweepAnswers = Array(answers[..<count])
    jumpAnswers = Array(answers[count...])

    let populated = model.sections.indices.filter { model.sections[$0].numberOfItems > 0 }
    var paths: [LayoutIndexPath] = []
    if !populated.isEmpty {
      for _ in 0..<count {
        let section = populated[random.nextIndex(below: populated.count)]
        let item = random.nextIndex(below: model.sections[section].numberOfItems)
        paths.append(LayoutIndexPath(item: item, section: section))
      }
    }
    itemPaths = paths
    let found = paths
    itemAnswers = concurrentMap(found.count) { layout.layoutAttributesForItem(at: found[$0]) }

    let kinds = Set(allElements.lazy.filter { $0.kind != .cell }.map(\.kind))
    let kind: ElementKind? =
      kinds.contains(.header) ? .header : kinds.contains(.footer) ? .footer : nil
    supplementaryKind = kind
    if kind != nil, !model.sections.isEmpty {
      let sections = (0..<count).map { _ in random.nextIndex(below: model.sections.count) }
      supplementaryPaths = sections.map { LayoutIndexPath(item: 0, section: $0) }
    } else {
      supplementaryPaths = []
    }
    let supplementary = supplementaryPaths
    supplementaryAnswers = concurrentMap(supplementary.count) {
      layout.layoutAttributesForSupplementaryView(ofKind: kind ?? .header, at: supplementary[$0])
    }
  }

  /// Why `strategy` disagrees with the reference on this dataset, or nil when it agrees on
  /// everything: content size, every element, every query rect, every lookup.
  public func disagreement(of strategy: any FlowLayoutStrategy.Type) -> String? {
    guard var layout = try? FlowStrategies.make(strategy, model: model) else {
      return "rejects the dataset"
    }
    layout.prepare()
    if layout.collectionViewContentSize != contentSize {
      return "content size \(layout.collectionViewContentSize) ≠ \(contentSize)"
    }
    if let index = firstMismatch(layout.layoutAttributesForAllElements(), allElements) {
      return "element \(index) of the full layout differs"
    }
    for (rect, answer) in zip(sweepRects + jumpRects, sweepAnswers + jumpAnswers) {
      if let index = firstMismatch(layout.layoutAttributesForElements(in: rect), answer) {
        return "rect \(rect): element \(index) differs"
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
