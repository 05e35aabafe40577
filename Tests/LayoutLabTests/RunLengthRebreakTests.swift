import BenchmarkDatasets
import Foundation
import Testing

@testable import LayoutLab

/// Resizes in mixed sections of the run-length strategy, which breaks again only the lines a
/// resize moves (`FlowLayoutEngine.lineRuns(ofSection:resizing:through:in:counters:)`): frames
/// after every batch equal a fresh layout's, bit for bit, in the places where a partial update
/// is easiest to get wrong.
@Suite("Run-length re-breaking")
struct RunLengthRebreakTests {
  static let baseSeed: UInt64 =
    ProcessInfo.processInfo.environment["LAYOUTLAB_SEED"].flatMap { UInt64($0) } ?? 0x7EE5_0007

  /// Sections of sizes drawn from `palette` in runs, and the kinds of section the rules treat
  /// apart: FLOW-11's oversize first item, every line one item (FLOW-12a), zero sizes.
  func model(palette: [CGSize], dyadic: Bool, random: inout SplitMix64) -> FlowLayoutModel {
    func items(_ count: Int, _ sizes: [CGSize]) -> [CGSize] {
      var items = [CGSize]()
      while items.count < count {
        let size = sizes[random.nextIndex(below: sizes.count)]
        items += repeatElement(size, count: min(random.nextInt(in: 1...12), count - items.count))
      }
      return items
    }
    func section(_ count: Int, _ sizes: [CGSize]) -> FlowSection {
      FlowSection(itemSizes: items(count, sizes))
    }
    let wide = CGSize(width: 300, height: dyadic ? 40.5 : 40.3)
    let oversize = CGSize(width: 500, height: 70)
    var sections = (0..<4).map { _ in section(random.nextInt(in: 5...120), palette) }
    sections.append(section(40, [wide, CGSize(width: 250, height: 20)]))  // one item a line
    sections.append(FlowSection(itemSizes: [oversize] + items(59, palette)))
    sections.append(section(50, palette + [.zero, CGSize(width: 0, height: 30)]))
    var layout = FlowLayoutConfiguration()
    layout.minimumLineSpacing = dyadic ? 10 : 0.1
    layout.minimumInteritemSpacing = dyadic ? 8 : 0.3
    layout.headerReferenceSize = CGSize(width: 0, height: dyadic ? 30 : 30.7)
    layout.footerReferenceSize = CGSize(width: 0, height: 12)
    layout.sectionInset = EdgeInsets(top: 5, left: 10, bottom: 5, right: 10)
    return FlowLayoutModel(
      collectionView: screen(390, 844, scale: 3), layout: layout, sections: sections)
  }

  @Test(
    "seeded resizes in mixed sections: frames equal a fresh layout's after every batch",
    arguments: [true, false])
  func randomResizes(dyadic: Bool) throws {
    let seed = Self.baseSeed &+ (dyadic ? 0 : 1)
    print("run-length re-breaking (dyadic \(dyadic)): seed \(seed) (set LAYOUTLAB_SEED to replay)")
    var random = SplitMix64(seed: seed)
    let palette: [CGSize] =
      dyadic
      ? [
        CGSize(width: 100, height: 100), CGSize(width: 120, height: 80.5),
        CGSize(width: 60, height: 60), CGSize(width: 170, height: 44.25),
      ]
      : [
        CGSize(width: 33.3, height: 33.3), CGSize(width: 120.7, height: 80.1),
        CGSize(width: 60, height: 60), CGSize(width: 170.2, height: 44.1),
      ]
    let newSizes =
      palette + [
        .zero, CGSize(width: 0, height: 12), CGSize(width: 500, height: 20),
        CGSize(width: 300, height: dyadic ? 40.5 : 40.3), CGSize(width: 100, height: 160),
      ]
    var model = model(palette: palette, dyadic: dyadic, random: &random)
    var layout = try RunLengthLayout(model: model)
    layout.prepare()
    var partial = 0
    for step in 0..<400 {
      var batch = BatchUpdate()
      var resized = Set<LayoutIndexPath>()
      for _ in 0..<random.nextInt(in: 1...3) {
        let section = random.nextIndex(below: model.sections.count)
        let count = model.sections[section].numberOfItems
        // Near the first line, near the last two, or anywhere.
        let item: Int
        switch random.nextIndex(below: 3) {
        case 0: item = min(random.nextIndex(below: 4), count - 1)
        case 1: item = max(count - 1 - random.nextIndex(below: 5), 0)
        default: item = random.nextIndex(below: count)
        }
        let path = LayoutIndexPath(item: item, section: section)
        if resized.insert(path).inserted {
          batch.resizeItems.append(
            .init(at: path, size: newSizes[random.nextIndex(below: newSizes.count)]))
        }
      }
      (model, _) = try model.applying(batch)
      layout.resetWorkCounters()
      try layout.performBatchUpdates(batch)
      layout.prepare()
      if layout.workCounters.linesBroken <= 4 * batch.resizeItems.count { partial += 1 }
      guard try equalsFreshLayout(layout, model: model, context: "seed \(seed), batch \(step)")
      else { return }
    }
    // A third of the resizes fall near the last two lines, and tenths make the later lines'
    // move inexact: those lay their section out again. The rest re-break a few lines.
    #expect(!dyadic || partial > 50, "resizes re-break a few lines, not their section")
  }

  @Test(
    "resizing one item in the middle of a 1,000,000-item mixed section re-breaks a few lines",
    arguments: [(0.0, 4), (-40.0, FlowLayoutEngine.rebreakLimit)])
  func resizeInTheMiddle(widthChange: Double, bound: Int) throws {
    var random = SplitMix64(seed: Self.baseSeed)
    let palette = [
      CGSize(width: 100, height: 100), CGSize(width: 120, height: 80.5),
      CGSize(width: 60, height: 60), CGSize(width: 170, height: 44.25),
    ]
    let sizes = (0..<1_000_000).map { _ in palette[random.nextIndex(below: palette.count)] }
    var model = FlowLayoutModel(
      collectionView: screen(390, 844, scale: 3),
      layout: flowLayout { $0.minimumLineSpacing = 10 },
      sections: [FlowSection(itemSizes: sizes)])
    var layout = try RunLengthLayout(model: model)
    layout.prepare()
    layout.resetWorkCounters()
    // A new thickness moves the lines after the item; a new width may move items from line to
    // line until the greedy fill (FLOW-9) breaks where it did before.
    let path = LayoutIndexPath(item: 500_000, section: 0)
    let old = sizes[path.item]
    let size = CGSize(width: old.width + widthChange, height: old.height + 37.5)
    let batch = BatchUpdate(resizeItems: [.init(at: path, size: size)])
    (model, _) = try model.applying(batch)
    try layout.performBatchUpdates(batch)
    layout.prepare()
    #expect(layout.workCounters.linesBroken <= bound)
    var fresh = try RunLengthLayout(model: model)
    fresh.prepare()
    #expect(layout.collectionViewContentSize == fresh.collectionViewContentSize)
    for item in [0, 499_990, 500_000, 500_001, 500_040, 999_998, 999_999] {
      let probe = LayoutIndexPath(item: item, section: 0)
      #expect(layout.layoutAttributesForItem(at: probe) == fresh.layoutAttributesForItem(at: probe))
    }
    let end = fresh.collectionViewContentSize.height
    for rect in [
      CGRect(x: 0, y: 0, width: 390, height: 844),
      CGRect(x: 0, y: end / 2 - 400, width: 390, height: 844),
      CGRect(x: 0, y: end - 844, width: 390, height: 844),
    ] {
      #expect(
        layout.layoutAttributesForElements(in: rect) == fresh.layoutAttributesForElements(in: rect))
    }
  }
}
