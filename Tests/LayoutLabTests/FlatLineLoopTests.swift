import BenchmarkDatasets
import Foundation
import Testing

@testable import LayoutLab

/// The run-length strategy breaks the lines of a mixed section in one flat loop without a
/// branch on where lines break (`FlowLineFill.breakMask`): it must decide every line as
/// `breakLine` does, stop and resume around runs of equal sizes, and judge the last line as
/// FLOW-12 does.
@Suite("Flat line loop")
struct FlatLineLoopTests {
  @Test("breakMask is all ones exactly when an item does not fit, for every reachable remainder")
  func breakMaskAgreesWithFits() {
    let layout = FlowLayoutConfiguration()
    let mains: [Double] = [
      0, -0.0, 0x1p-1074, 0.1, 1, 99.5, 100, 100.000_000_000_1, 187, 374, 1e6, 1e15,
    ]
    for width in [1.0, 100, 390, 0x1p-1070, 1e15] {
      for inset in [0.0, -0.0, width / 2, width, width + 1] {
        var model = FlowLayoutModel(
          collectionView: CollectionViewEnvironment(size: CGSize(width: width, height: 844)),
          layout: layout, sections: [FlowSection(items: 1)])
        model.layout.sectionInset = EdgeInsets(top: 0, left: inset, bottom: 0, right: 0)
        let geometry = FlowGeometry(model)
        let metrics = FlowSectionMetrics(section: 0, of: model, geometry: geometry)
        var fill = FlowLineFill(metrics)
        for added in mains {
          for main in mains {
            let mask = fill.breakMask(main)
            #expect(mask == (fill.fits(main) ? 0 : -1), "A \(metrics.available), \(main)")
          }
          fill.add(main: added, thickness: 1, metrics)
        }
      }
    }
  }

  /// A section whose sizes alternate between stretches of varied sizes and runs of equal
  /// ones, so that the flat loop stops before every run and resumes after it.
  func mixedModel(
    _ sizes: [CGSize], spacing: Double = 4, lineSpacing: Double = 3.3, width: Double = 390,
    scale: Double = 2
  ) -> FlowLayoutModel {
    var layout = FlowLayoutConfiguration()
    layout.minimumInteritemSpacing = spacing
    layout.minimumLineSpacing = lineSpacing
    layout.headerReferenceSize = CGSize(width: 0, height: 10)
    return FlowLayoutModel(
      collectionView: CollectionViewEnvironment(
        size: CGSize(width: width, height: 844), displayScale: scale),
      layout: layout, sections: [FlowSection(itemSizes: sizes), FlowSection(itemSizes: sizes)])
  }

  func expectEqualsReference(_ model: FlowLayoutModel, _ context: String) throws {
    var layout = try RunLengthLayout(model: model)
    layout.prepare()
    var reference = try FlowStrategies.make(FlowStrategies.reference, model: model)
    reference.prepare()
    #expect(layout.collectionViewContentSize == reference.collectionViewContentSize, "\(context)")
    #expect(
      layout.layoutAttributesForAllElements() == reference.layoutAttributesForAllElements(),
      "\(context)")
  }

  @Test("varied sizes around runs, oversize items, one-item lines: equal to the reference")
  func variedSizesAroundRuns() throws {
    // Halves are whole units, so their lines are broken in integers; thirds are not, so
    // theirs are broken in doubles (`FlowLineFill.Units`). With whole-unit thicknesses and
    // line spacing too, every sum is in integers (`linesOutsideRunsExactly`).
    for seed in UInt64(1)...300 {
      var random = SplitMix64(seed: seed)
      let divisor = seed % 2 == 0 ? 2.0 : 3.0
      let everyLengthWhole = seed % 4 == 0
      var sizes: [CGSize] = []
      for _ in 0..<random.nextInt(in: 1...12) {
        let size = CGSize(
          width: Double(random.nextInt(in: 0...450)) / divisor,
          height: Double(random.nextInt(in: 1...80)) * (everyLengthWhole ? 0.5 : 1.1))
        sizes += Array(
          repeating: size, count: random.nextInt(in: 0...1) == 0 ? 1 : random.nextInt(in: 2...9))
      }
      try expectEqualsReference(
        mixedModel(sizes, lineSpacing: everyLengthWhole ? 4 : 3.3), "seed \(seed)")
    }
  }

  @Test("FLOW-12: the last line of one-item lines, and one that used what the line before did")
  func lastLineRules() throws {
    // Every line holds one item (FLOW-12a), with an oversize first item (FLOW-11).
    try expectEqualsReference(
      mixedModel([400, 300, 250, 390].map { CGSize(width: $0, height: 10) }), "one per line")
    // The last line uses exactly what the line before used (FLOW-12b): justified.
    try expectEqualsReference(
      mixedModel([100, 150, 150, 100, 100, 150].map { CGSize(width: $0, height: 10) }, width: 262),
      "equal use")
    try expectEqualsReference(
      mixedModel([100, 150, 150, 100, 120].map { CGSize(width: $0, height: 10) }, width: 262),
      "unequal use")
  }

  @Test("varied sizes: prepare breaks each line once, as a full layout does, and places none")
  func eachLineBrokenOnce() throws {
    let model = Dataset.mixedFeed.model(items: 10_000)
    var layout = try RunLengthLayout(model: model)
    layout.prepare()
    // The incremental strategy lays out every line in `prepare`, one broken line each.
    var everyLine = try IncrementalLayout(model: model)
    everyLine.prepare()
    #expect(layout.workCounters.linesBroken == everyLine.workCounters.linesBroken)
    #expect(layout.workCounters.framesComputed == 0)
  }

  @Test("every section's runs go to one block of exactly their number, in section order")
  func runsShareOneBlock() {
    let model = Dataset.mixedFeed.model(items: 5_000)
    let engine = FlowLayoutEngine(model, measuringMirrorWidth: false)
    var counters = LayoutWorkCounters()
    // A bound far too short: the buffer grows, and still ends at exactly its runs.
    var buffer = FlowLayoutEngine.LineRunBuffer(capacity: 1)
    var sections = model.sections.indices.map {
      engine.lineRuns(ofSection: $0, into: &buffer, counters: &counters)
    }
    let storage = buffer.finish()
    #expect(storage.count == sections.reduce(0) { $0 + $1.runs.count })
    // The runs point into the storage, which this test holds to the end.
    withExtendedLifetime(storage) {
      for index in sections.indices {
        sections[index].runs.keep(storage)
        var own = FlowLayoutEngine.LineRunBuffer(capacity: 16)
        var alone = engine.lineRuns(ofSection: index, into: &own, counters: &counters)
        let ownStorage = own.finish()
        alone.runs.keep(ownStorage)
        withExtendedLifetime(ownStorage) {
          #expect(alone.runs.count == sections[index].runs.count)
          for run in 0..<alone.runs.count {
            #expect(alone.runs[run].start == sections[index].runs[run].start)
            #expect(alone.runs[run].firstItem == sections[index].runs[run].firstItem)
          }
        }
      }
    }
  }

  @Test("lengths in units: exact for whole units, refused otherwise; −0 thickness refused")
  func unitsAreExact() throws {
    typealias Units = FlowLineFill.Units
    for value in [0.0, -0.0, 1, 0.5, 0x1p-10, -0x1p-10, 390, -390.25, 1e9, -1e9, 123_456.75] {
      let (units, isWhole) = Units.units(value)
      #expect(isWhole, "\(value)")
      #expect(Double(units) / Units.perPoint == value, "\(value)")
    }
    for value in [0.1, 1.0 / 3, 0x1p-11, 1e300, 0x1p41 + 0.5] {
      #expect(!Units.units(value).isWhole, "\(value)")
    }
    // Off the grid, and a −0 thickness: the loop in doubles breaks these lines.
    try expectEqualsReference(
      mixedModel([100.1, 150, 150.3, 100, 60.7, 200].map { CGSize(width: $0, height: 10) }),
      "lengths off the grid")
    try expectEqualsReference(
      mixedModel(
        [CGSize(width: 100, height: -0.0), CGSize(width: 150, height: 0)]
          + [120, 80, 200, 90].map { CGSize(width: $0, height: 5) }),
      "a thickness of -0")
  }

  /// The lines `linesOutsideRunsExactly` breaks, as (start bits, first item), and how it ended;
  /// nil where it declined. `exactly` false: the loop in doubles instead.
  func flatLines(_ model: FlowLayoutModel, exactly: Bool)
    -> (lines: [(UInt64, Int)], end: String)?
  {
    let engine = FlowLayoutEngine(model, measuringMirrorWidth: false)
    let geometry = FlowGeometry(model)
    let metrics = FlowSectionMetrics(section: 0, of: model, geometry: geometry)
    let items = FlowItemSizes(section: 0, of: model.sections, layout: model.layout)
    let cursor = FlowLayoutEngine.MixedLinesCursor(
      firstItem: 0, lineStart: metrics.linesStart, previousUsed: nil,
      everyLineHoldsOneItem: true)
    var buffer = FlowLayoutEngine.LineRunBuffer(capacity: items.count + 2)
    var counters = LayoutWorkCounters()
    let end = items.withUnsafeSizes { sizes -> FlowLayoutEngine.MixedLinesEnd? in
      exactly
        ? engine.linesOutsideRunsExactly(
          sizes, items, metrics, from: cursor, into: &buffer, counters: &counters)
        : engine.linesOutsideRuns(
          sizes, items, metrics, from: cursor, into: &buffer, counters: &counters)
    }
    guard let end = end ?? nil else { return nil }
    let storage = buffer.finish()
    var runs = FlowLayoutEngine.LineRunList(offset: 0, count: storage.count)
    runs.keep(storage)
    let lines = withExtendedLifetime(storage) {
      (0..<runs.count).map { (runs[$0].start.bitPattern, runs[$0].firstItem) }
    }
    let described: String
    switch end {
    case .lastLine(let end, let isComplete, let oneEach):
      described = "last \(end.bitPattern) \(isComplete) \(oneEach)"
    case .stopped(let next):
      described =
        "stopped \(next.firstItem) \(next.lineStart.bitPattern) "
        + "\(next.previousUsed?.bitPattern ?? 0) \(next.everyLineHoldsOneItem)"
    }
    return (lines, described)
  }

  @Test(
    "whole units: the integer loop breaks and starts every line as the loop in doubles, bit for bit; off the grid it declines",
    arguments: [ScrollDirection.vertical, .horizontal]
  )
  func exactLoopAgreesWithDoubles(_ direction: ScrollDirection) {
    // Dyadic lengths (quarters, halves, whole points) are whole units; 33.3 and 0.1 are not.
    // Each direction has a copy of the integer loop of its own (the main length in the other
    // lane of a size).
    for seed in UInt64(1)...300 {
      var random = SplitMix64(seed: seed)
      let dyadic = seed % 3 != 0
      let divisor = [1.0, 2, 4][random.nextInt(in: 0...2)]
      var layout = FlowLayoutConfiguration()
      layout.scrollDirection = direction
      // Off the grid: the spacings, or (every other time) only some thicknesses.
      let offGridSpacing = !dyadic && seed % 2 == 0
      layout.minimumInteritemSpacing =
        offGridSpacing ? 0.1 : Double(random.nextInt(in: 0...40)) / 4
      layout.minimumLineSpacing = offGridSpacing ? 0.1 : Double(random.nextInt(in: 0...40)) / 2
      layout.headerReferenceSize = CGSize(width: 0, height: Double(random.nextInt(in: 0...60)))
      layout.sectionInset = EdgeInsets(
        top: Double(random.nextInt(in: 0...20)) / 4, left: 8, bottom: 8,
        right: Double(random.nextInt(in: 0...40)) / 8)
      var sizes: [CGSize] = []
      for item in 0..<random.nextInt(in: 1...300) {
        let width = Double(random.nextInt(in: 0...500)) / divisor
        let height =
          dyadic || item % 7 != 0
          ? Double(random.nextInt(in: 0...240)) / divisor : 33.3
        // No two neighbours alike, so that the loops run to the section's end.
        let size = CGSize(width: width, height: height)
        sizes.append(sizes.last == size ? CGSize(width: width + 1, height: height) : size)
      }
      let model = FlowLayoutModel(
        collectionView: CollectionViewEnvironment(
          size: CGSize(width: seed % 2 == 0 ? 390 : 1024.5, height: 844)),
        layout: layout, sections: [FlowSection(itemSizes: sizes)])
      let doubles = flatLines(model, exactly: false)
      let integers = flatLines(model, exactly: true)
      #expect(doubles != nil, "seed \(seed) \(direction)")
      guard dyadic else {
        #expect(integers == nil, "seed \(seed): off the grid, yet exact")
        continue
      }
      guard let doubles, let integers else {
        Issue.record("seed \(seed): whole units, yet declined")
        continue
      }
      #expect(integers.end == doubles.end, "seed \(seed)")
      #expect(integers.lines.count == doubles.lines.count, "seed \(seed)")
      for (line, (a, b)) in zip(integers.lines, doubles.lines).enumerated() {
        #expect(a.0 == b.0 && a.1 == b.1, "seed \(seed), line \(line)")
      }
    }
  }
}
