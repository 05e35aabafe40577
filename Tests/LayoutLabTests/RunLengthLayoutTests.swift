import BenchmarkDatasets
import Foundation
import Testing

@testable import LayoutLab

/// The run-length strategy lays out runs of equal sizes as arithmetic — shown by its counters —
/// and still equals the reference, bit for bit, where runs meet inexact arithmetic too.
@Suite("Run-length layout")
struct RunLengthLayoutTests {
  func prepared(_ model: FlowLayoutModel) throws -> RunLengthLayout {
    var layout = try RunLengthLayout(model: model)
    layout.prepare()
    return layout
  }

  /// Content size, every element, every item's lookup and a few rects equal the reference's.
  func expectEqualsReference(_ layout: RunLengthLayout, _ context: String) throws {
    var reference = try FlowStrategies.make(FlowStrategies.reference, model: layout.model)
    reference.prepare()
    #expect(layout.collectionViewContentSize == reference.collectionViewContentSize, "\(context)")
    let all = reference.layoutAttributesForAllElements()
    #expect(layout.layoutAttributesForAllElements() == all, "\(context)")
    for element in all where element.kind == .cell {
      #expect(
        layout.layoutAttributesForItem(at: element.indexPath) == element,
        "\(context): \(element.indexPath)")
    }
    let size = reference.collectionViewContentSize
    for step in 0..<8 {
      let rect = CGRect(
        x: size.width * Double(step) / 9, y: size.height * Double(step) / 9,
        width: size.width / 5 + 1, height: size.height / 5 + 1)
      #expect(
        layout.layoutAttributesForElements(in: rect)
          == reference.layoutAttributesForElements(in: rect), "\(context): \(rect)")
    }
  }

  @Test("prepare of a 1,000,000-item uniform section computes no frame and breaks no line per item")
  func uniformSectionPrepareIsConstant() throws {
    for items in [1_000, 1_000_000] {
      let layout = try prepared(Dataset.uniformGrid.model(items: items))
      #expect(layout.workCounters.framesComputed == 0, "\(items) items")
      #expect(layout.workCounters.linesBroken == 1, "\(items) items")
      #expect(layout.workCounters.sectionsLaidOut == 1, "\(items) items")
    }
    try expectEqualsReference(
      prepared(Dataset.uniformGrid.model(items: 2_000)), "uniform grid, 2,000 items")
  }

  @Test("the first screen of a uniform grid touches only the lines it returns plus O(1)")
  func firstScreenOfUniformGrid() throws {
    let model = Dataset.uniformGrid.model(items: 1_000_000)
    let layout = try prepared(model)
    var counters = LayoutWorkCounters()
    let screen = layout.layoutAttributesForElements(
      in: model.collectionView.bounds, counting: &counters)
    let cells = screen.filter { $0.kind == .cell }.count
    #expect(cells > 0)
    // At most one line on either side of the answer is scanned (the search's half-pixel slack).
    #expect(counters.elementsScanned <= cells + 2 * 3 + 2)
    #expect(counters.framesComputed <= 2)  // the header, if on screen
  }

  @Test("estimated sizes: the unmeasured first screen breaks O(1) lines per section")
  func estimatedSizesFirstScreen() throws {
    let model = Dataset.estimatedSizes.model(items: 100_000)
    let view = try SelfSizingCollectionView(model: model, strategy: RunLengthLayout.self)
    let sections = model.sections.count
    let counters = view.layout.workCounters
    #expect(counters.framesComputed == 0)
    // Each section: its first line, one run of equal lines, its last line.
    #expect(counters.linesBroken <= 3 * sections)
    var query = LayoutWorkCounters()
    let screen = view.layout.layoutAttributesForElements(
      in: model.collectionView.bounds, counting: &query)
    let cells = screen.filter { $0.kind == .cell }.count
    #expect(cells > 0)
    #expect(query.elementsScanned <= cells + 2 * 3 + 2)
    guard let layout = view.layout as? RunLengthLayout else {
      Issue.record("the view's layout is not run-length")
      return
    }
    var small = layout.model
    small.sections = Array(small.sections.prefix(3))
    try expectEqualsReference(prepared(small), "estimated sizes, unmeasured, 3 sections")
  }

  /// A mixed section made of runs of equal sizes, with other items between them.
  func runsModel(lineSpacing: Double, scale: Double, vertical: Bool) -> FlowLayoutModel {
    var layout = FlowLayoutConfiguration()
    layout.minimumLineSpacing = lineSpacing
    layout.minimumInteritemSpacing = 4
    layout.scrollDirection = vertical ? .vertical : .horizontal
    layout.headerReferenceSize = CGSize(width: 30.3, height: 30.3)
    var sizes: [CGSize] = []
    let pieces: [(CGSize, Int)] = [
      (CGSize(width: 100, height: 100.1), 50), (CGSize(width: 390, height: 20), 1),
      (CGSize(width: 120.5, height: 70.25), 31), (CGSize(width: 60, height: 33.3), 7),
      (CGSize(width: 0, height: 0), 12), (CGSize(width: 1_000, height: 1), 3),
      (CGSize(width: 187, height: 187), 40),
    ]
    for (size, count) in pieces { sizes += Array(repeating: size, count: count) }
    return FlowLayoutModel(
      collectionView: CollectionViewEnvironment(
        size: CGSize(width: 390, height: 844), displayScale: scale),
      layout: layout, sections: [FlowSection(itemSizes: sizes), FlowSection(itemSizes: sizes)])
  }

  @Test(
    "runs inside mixed sections equal the reference, with exact and inexact line starts",
    arguments: [0, 4, 0.1, 1.0 / 3])
  func runsInMixedSections(lineSpacing: Double) throws {
    for scale in [0.0, 2, 3] {
      for vertical in [true, false] {
        let model = runsModel(lineSpacing: lineSpacing, scale: scale, vertical: vertical)
        try expectEqualsReference(
          prepared(model), "spacing \(lineSpacing), scale \(scale), vertical \(vertical)")
      }
    }
  }

  @Test("groups of equal sections: each group laid out once, every section still the reference's")
  func groupsOfEqualSectionsAreLaidOutOnce() throws {
    var layout = FlowLayoutConfiguration()
    // Dyadic lengths: off the grid, run-length hands the layout to exact positions
    // (docs/FlowRules.md, "Exact positions") and lays out no section of its own.
    layout.headerReferenceSize = CGSize(width: 30.25, height: 30.25)
    let mixed = FlowSection(
      itemSizes: [CGSize(width: 100, height: 50.5), CGSize(width: 300, height: 20)]
        + Array(repeating: CGSize(width: 120.5, height: 70.25), count: 9))
    var uniform = FlowSection(items: 7)
    uniform.minimumLineSpacing = 0.125
    // Groups of 3, 1, 2 and 1 equal sections, the last equal to the first group's.
    let sections = [mixed, mixed, mixed, uniform, mixed, mixed, FlowSection(items: 0), mixed]
    let model = FlowLayoutModel(
      collectionView: CollectionViewEnvironment(
        size: CGSize(width: 390, height: 844), displayScale: 3),
      layout: layout, sections: sections)
    let prepared = try prepared(model)
    #expect(prepared.workCounters.sectionsLaidOut == 5)
    try expectEqualsReference(prepared, "groups of equal sections")
  }

  @Test("a run of lines takes 16 bytes: a mixed section of random sizes keeps ≤ 16 B per line")
  func runIsSixteenBytes() {
    #expect(MemoryLayout<FlowLayoutEngine.LineRun>.stride == 16)
  }

  @Test("a run of equal sizes in a mixed section is broken once, not line by line")
  func runIsBrokenOnce() throws {
    // 10,000 equal items after one other: a mixed section of one long run.
    let sizes =
      [CGSize(width: 200, height: 50)]
      + Array(repeating: CGSize(width: 100, height: 100), count: 10_000)
    let model = FlowLayoutModel(
      collectionView: CollectionViewEnvironment(size: CGSize(width: 390, height: 844)),
      sections: [FlowSection(itemSizes: sizes)])
    let layout = try prepared(model)
    #expect(layout.workCounters.framesComputed == 0)
    #expect(layout.workCounters.linesBroken <= 4)
    try expectEqualsReference(layout, "one run after one other item")
  }
}
