import Foundation
import Testing

@testable import LayoutLab

/// The fast path of exact positions (`FlowLayoutModel.scrollAxisExactUnit`) and the slow one:
/// which layouts take which, and how `incremental` and `run-length` move between their own
/// state and `ExactPositionFallback` as updates bring values on and off the grid — always
/// with the reference's frames.
@Suite("Exact positions: fast path and fallback")
struct ExactPositionFallbackTests {
  static func model(
    thickness: Double, lineSpacing: Double = 10, header: Double = 0, items: Int = 40
  ) -> FlowLayoutModel {
    var layout = FlowLayoutConfiguration()
    layout.itemSize = CGSize(width: 100, height: thickness)
    layout.minimumLineSpacing = lineSpacing
    layout.headerReferenceSize = CGSize(width: 0, height: header)
    let sections = [
      FlowSection(items: items),
      FlowSection(
        itemSizes: (0..<items).map { CGSize(width: 60 + Double($0 % 5) * 20, height: thickness) }),
    ]
    return FlowLayoutModel(
      collectionView: CollectionViewEnvironment(
        size: CGSize(width: 390, height: 844), displayScale: 3),
      layout: layout, sections: sections)
  }

  @Test("the unit: the coarsest power of two every summand shares, if the total is small enough")
  func units() {
    // 51 is a whole number of 1 point, 10 of 2 points: the unit is 1 point (2⁰).
    #expect(Self.model(thickness: 51).scrollAxisExactUnit == 0)
    #expect(Self.model(thickness: 50.5).scrollAxisExactUnit == -1)
    #expect(Self.model(thickness: 51, lineSpacing: 0.25).scrollAxisExactUnit == -2)
    #expect(Self.model(thickness: 50, lineSpacing: 0.1).scrollAxisExactUnit == nil)
    #expect(Self.model(thickness: 100.0 / 3).scrollAxisExactUnit == nil)
    // 2⁻⁶³ is the finest unit taken; 2⁻⁶⁴ would halve into offsets `ExactPosition` rounds.
    // (and then only a total under 2⁻¹² points proves anything).
    #expect(
      Self.model(thickness: 50, lineSpacing: 0, header: 0x1p-63, items: 0).scrollAxisExactUnit
        == -63)
    #expect(
      Self.model(thickness: 50, lineSpacing: 0, header: 0x1p-64, items: 0).scrollAxisExactUnit
        == nil)
    // A unit of 2⁻⁴⁰ proves sums exact only below 2¹¹ points.
    #expect(
      Self.model(thickness: 1, lineSpacing: 0, header: 0x1p-40, items: 4).scrollAxisExactUnit == -40
    )
    #expect(Self.model(thickness: 50, header: 0x1p-40).scrollAxisExactUnit == nil)
    #expect(ExactSums.lengthIsExact(0x1p41 - 1, unit: -10))
    #expect(!ExactSums.lengthIsExact(0x1p41, unit: -10))
  }

  /// Every strategy on `model` after `contexts`, against a fresh reference; returns run-length
  /// and incremental, prepared.
  func check(
    _ model: FlowLayoutModel, _ contexts: [LayoutInvalidationContext], _ name: String
  ) throws -> (RunLengthLayout, IncrementalLayout) {
    var runLength = try RunLengthLayout(model: model)
    var incremental = try IncrementalLayout(model: model)
    var others = try FlowStrategies.all.map { try FlowStrategies.make($0, model: model) }
    runLength.prepare()
    incremental.prepare()
    for index in others.indices { others[index].prepare() }
    var current = model
    for context in contexts {
      current = try current.applying(context).model
      try runLength.invalidateLayout(with: context)
      try incremental.invalidateLayout(with: context)
      for index in others.indices { try others[index].invalidateLayout(with: context) }
      runLength.prepare()
      incremental.prepare()
      for index in others.indices { others[index].prepare() }
    }
    var reference = try NaiveLinearLayout(model: current)
    reference.prepare()
    let expected = reference.layoutAttributesForAllElements()
    #expect(runLength.layoutAttributesForAllElements() == expected, "\(name): run-length")
    #expect(incremental.layoutAttributesForAllElements() == expected, "\(name): incremental")
    #expect(runLength.collectionViewContentSize == reference.collectionViewContentSize)
    for layout in others {
      #expect(layout.layoutAttributesForAllElements() == expected, "\(name): \(layout.name)")
    }
    return (runLength, incremental)
  }

  @Test("on the grid no fallback; off it, run-length and incremental answer through it")
  func fallbackFollowsTheGrid() throws {
    let onGrid = Self.model(thickness: 50.5)
    var (runLength, incremental) = try check(onGrid, [], "on the grid")
    #expect(runLength.exact.layout == nil && runLength.workCounters.sectionsLaidOut == 2)
    #expect(incremental.workCounters.sectionsLaidOut == 2)

    (runLength, _) = try check(Self.model(thickness: 50, lineSpacing: 0.1), [], "off the grid")
    #expect(runLength.exact.layout != nil)

    // A resize to a tenth takes the layout off the grid; new metrics on it bring it back.
    let path = LayoutIndexPath(item: 3, section: 1)
    let offGrid = LayoutInvalidationContext.items([
      .init(at: path, size: CGSize(width: 60, height: 40.1))
    ])
    (runLength, _) = try check(onGrid, [offGrid], "resized off the grid")
    #expect(runLength.exact.layout != nil)
    let back = LayoutInvalidationContext.delegateMetrics(Self.model(thickness: 31))
    (runLength, _) = try check(onGrid, [offGrid, back], "back on the grid")
    #expect(runLength.exact.layout == nil && runLength.exact.unit == 0)
    // A finer unit, still exact: no fallback.
    let quarter = LayoutInvalidationContext.items([
      .init(at: path, size: CGSize(width: 60, height: 40.25))
    ])
    (runLength, _) = try check(onGrid, [quarter], "a quarter")
    #expect(runLength.exact.layout == nil && runLength.exact.unit == -2)
  }

  @Test("the fallback is counted, and off the grid an update costs what it costs incremental")
  func fallbackIsCountedAndIncremental() throws {
    let rect = CGRect(x: 0, y: 0, width: 390, height: 844)
    let resize = LayoutInvalidationContext.items([
      .init(at: LayoutIndexPath(item: 3, section: 1), size: CGSize(width: 60, height: 20))
    ])
    for (model, offGrid) in [
      (Self.model(thickness: 50.5), false), (Self.model(thickness: 100.0 / 3), true),
    ] {
      // Incremental keeps exact positions itself: never a fallback, on the grid or off it.
      var strategies: [any FlowLayoutStrategy] = [
        try RunLengthLayout(model: model), try IncrementalLayout(model: model),
      ]
      for index in strategies.indices {
        let name = strategies[index].name
        let expected = offGrid && name == RunLengthLayout.strategyName ? 1 : 0
        strategies[index].prepare()
        #expect(strategies[index].workCounters.exactPositionFallbacks == expected, "\(name)")
        var counters = LayoutWorkCounters()
        #expect(
          !strategies[index].layoutAttributesForElements(in: rect, counting: &counters).isEmpty)
        #expect(counters.exactPositionFallbacks == expected, "\(name) query")
        // An update goes through the fallback again, counted again — and is incremental's:
        // the resized section's lines from the change on, not every line of both sections.
        strategies[index].resetWorkCounters()
        try strategies[index].invalidateLayout(with: resize)
        strategies[index].prepare()
        let work = strategies[index].workCounters
        #expect(work.exactPositionFallbacks == expected, "\(name) update")
        #expect(work.sectionsLaidOut == 1 && work.linesBroken <= 4, "\(name) update: \(work)")
      }
    }
    // The reference and the frame-materializing strategies lay out exactly themselves.
    var reference = try NaiveLinearLayout(model: Self.model(thickness: 100.0 / 3))
    reference.prepare()
    #expect(reference.workCounters.exactPositionFallbacks == 0)
  }

  @Test(
    "off the grid, a batch that inserts or deletes leaves the fallback's sections to the strategy's apply, and one that fails leaves both as they were"
  )
  func batchesThroughTheFallback() throws {
    var model = Self.model(thickness: 100.0 / 3)
    var layout = try RunLengthLayout(model: model)
    layout.prepare()
    // A delete past the section's end: refused, and the layout answers as before.
    let bad = BatchUpdate(deleteItems: [LayoutIndexPath(item: 40, section: 1)])
    #expect(throws: LayoutError.self) { try layout.performBatchUpdates(bad) }
    layout.prepare()
    #expect(try equalsFreshLayout(layout, model: model, context: "after a refused batch"))
    // Inserts and deletes, each followed by the fallback; the strategy's model and the
    // fallback's agree after each.
    for step in 0..<6 {
      let batch =
        step % 2 == 0
        ? BatchUpdate(insertItems: [
          .init(
            at: LayoutIndexPath(item: 5 + step, section: step % 2),
            size: CGSize(width: 70, height: 100.0 / 3))
        ])
        : BatchUpdate(deleteItems: [LayoutIndexPath(item: 2 + step, section: 1)])
      (model, _) = try model.applying(batch)
      try layout.performBatchUpdates(batch)
      layout.prepare()
      #expect(layout.workCounters.exactPositionFallbacks > 0)
      #expect(try equalsFreshLayout(layout, model: model, context: "batch \(step)"))
    }
  }

  @Test("incremental keeps Double positions on the grid, exact sums off it, and follows updates")
  func incrementalFollowsTheGrid() throws {
    let onGrid = Self.model(thickness: 50.5)
    let path = LayoutIndexPath(item: 3, section: 1)
    let offGrid = LayoutInvalidationContext.items([
      .init(at: path, size: CGSize(width: 60, height: 40.1))
    ])
    let back = LayoutInvalidationContext.delegateMetrics(Self.model(thickness: 31))
    let tenth = LayoutInvalidationContext.items([
      .init(at: LayoutIndexPath(item: 7, section: 1), size: CGSize(width: 80, height: 30.1))
    ])
    // `check` compares every strategy with a fresh reference after each context.
    var (_, incremental) = try check(onGrid, [], "on the grid")
    #expect(!incremental.keepsExactSums)
    (_, incremental) = try check(onGrid, [offGrid], "resized off the grid")
    #expect(incremental.keepsExactSums)
    (_, incremental) = try check(onGrid, [offGrid, back], "back on the grid")
    #expect(!incremental.keepsExactSums)
    // Off the grid, a later resize is an incremental update: one section, a few lines.
    var layout = try IncrementalLayout(model: onGrid)
    layout.prepare()
    try layout.invalidateLayout(with: offGrid)
    layout.prepare()
    layout.resetWorkCounters()
    try layout.invalidateLayout(with: tenth)
    layout.prepare()
    #expect(layout.keepsExactSums)
    #expect(layout.workCounters.sectionsLaidOut == 1 && layout.workCounters.linesBroken <= 4)
    // Lines only: a query places their cells.
    #expect(layout.workCounters.framesComputed == 0)
    (_, incremental) = try check(onGrid, [offGrid, tenth], "two resizes off the grid")
    #expect(incremental.keepsExactSums)
  }

  @Test("a content length past the unit's bound hands the layout over after the update")
  func lengthPastTheBound() throws {
    // A 2⁻⁴⁰-point header: sums are exact below 2¹¹ points of content.
    let model = Self.model(thickness: 1, lineSpacing: 0, header: 0x1p-40, items: 4)
    var (runLength, incremental) = try check(model, [], "short")
    #expect(runLength.exact.layout == nil && !incremental.keepsExactSums)
    let path = LayoutIndexPath(item: 0, section: 1)
    let tall = LayoutInvalidationContext.items([
      .init(at: path, size: CGSize(width: 60, height: 4_096))
    ])
    (runLength, incremental) = try check(model, [tall], "tall")
    #expect(runLength.exact.layout != nil && runLength.exact.unit == nil)
    #expect(incremental.keepsExactSums)
  }
}

/// `scrollAxisExactUnit(repeats:)`, which reads one section per run of equal sections (the
/// run-length layout's `init`, so that a self-sizing first screen stays O(runs)), against the
/// section-by-section count.
@Suite("Exact positions: the unit from runs of equal sections")
struct ExactUnitFromRepeatsTests {
  @Test("equals the unit counted section by section, on random models with repeated sections")
  func equalsThePlainCount() throws {
    let baseSeed: UInt64 = 0x5EC7_1015_0000
    print("ExactUnitFromRepeatsTests seed \(baseSeed)")
    var compared = 0
    var onTheFastPath = 0
    for index in 0..<400 {
      let seed = baseSeed &+ UInt64(index)
      var generator = RandomLayouts(seed: seed, unusual: index % 3 == 0)
      let base = generator.model()
      // Each section repeated 1 to 4 times in a row, so runs of equal sections appear.
      var sections: [FlowSection] = []
      for section in base.sections {
        for _ in 0..<generator.random.nextInt(in: 1...4) { sections.append(section) }
      }
      var model = base
      model.sections = sections
      guard let repeats = try? model.validateFindingRepeats() else { continue }
      compared += 1
      if model.scrollAxisExactUnit != nil { onTheFastPath += 1 }
      #expect(
        model.scrollAxisExactUnit(repeats: repeats) == model.scrollAxisExactUnit,
        "seed \(seed)")
    }
    // Both paths met, on most of the models.
    print("ExactUnitFromRepeatsTests: \(compared) models, \(onTheFastPath) on the fast path")
    #expect(compared >= 300 && onTheFastPath >= 20 && compared - onTheFastPath >= 20)
  }

  @Test("runs found for another model fall back to the plain count")
  func otherModelsRuns() throws {
    let model = ExactPositionFallbackTests.model(thickness: 50.5)
    var other = model
    other.sections += model.sections
    let repeats = try other.validateFindingRepeats()
    #expect(model.scrollAxisExactUnit(repeats: repeats) == model.scrollAxisExactUnit)
    #expect(model.scrollAxisExactUnit(repeats: SectionRepeats()) == model.scrollAxisExactUnit)
  }
}
