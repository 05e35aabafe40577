import BenchmarkDatasets
import Foundation
import Testing

@testable import LayoutLab

/// The shortcuts a self-sizing view's start (FLOW-26) takes over its many equal `.fixed`
/// sections each give what the long way gives: the quick validation test accepts only what
/// `validate(field:)` accepts (and every plain `.fixed` section it accepts), `FlowSection.equal`
/// is `==`, counting a run of equal lengths at once is counting each, and run-length lays out
/// repeats of `.fixed` sections as the reference does.
@Suite("Self-sizing start: shortcuts over equal sections")
struct SelfSizingStartTests {
  /// Lengths at and around what FLOW-28 accepts.
  static let lengths: [CGFloat] = [
    0, -0.0, 0.5, 44, LayoutLimits.maximumLength, LayoutLimits.maximumLength.nextUp, -1,
    -.leastNonzeroMagnitude, .nan, .infinity, -.infinity,
  ]
  static let counts = [
    -1, 0, 7, LayoutLimits.maximumNumberOfItems, LayoutLimits.maximumNumberOfItems + 1,
  ]

  /// A `.fixed` section whose values are drawn from `lengths` — mostly good ones, so that one
  /// bad value at a time is met — each override nil a third of the time.
  static func randomSection(_ random: inout SplitMix64) -> FlowSection {
    func length() -> CGFloat {
      random.nextInt(in: 0...3) == 0
        ? lengths[random.nextIndex(below: lengths.count)] : lengths[random.nextInt(in: 0...3)]
    }
    func size() -> CGSize? {
      random.nextInt(in: 0...2) == 0 ? nil : CGSize(width: length(), height: length())
    }
    let count =
      random.nextInt(in: 0...3) == 0 ? counts[random.nextIndex(below: counts.count)] : 7
    var section = FlowSection(itemSizing: .fixed(count: count, itemSize: size()))
    if random.nextInt(in: 0...2) > 0 {
      section.sectionInset = EdgeInsets(
        top: length(), left: length(), bottom: length(), right: length())
    }
    if random.nextInt(in: 0...2) > 0 { section.minimumInteritemSpacing = length() }
    if random.nextInt(in: 0...2) > 0 { section.minimumLineSpacing = length() }
    section.headerReferenceSize = size()
    section.footerReferenceSize = size()
    return section
  }

  @Test("the quick validation test accepts a .fixed section exactly when validate does, seeded")
  func quickValidationAgrees() {
    let seed: UInt64 = 0x5E1F_512E
    print("seed \(seed)")
    var random = SplitMix64(seed: seed)
    var (accepted, rejected) = (0, 0)
    for index in 0..<20_000 {
      var section = Self.randomSection(&random)
      let validates: Bool
      do throws(LayoutError) {
        try section.validate(field: "sections[0]")
        validates = true
      } catch {
        validates = false
      }
      let quick = withUnsafePointer(to: &section) { FlowSection.plainlyPassesValidation($0) }
      #expect(quick == validates, "seed \(seed), section \(index): \(section)")
      if validates { accepted += 1 } else { rejected += 1 }
    }
    // Both answers were met often.
    #expect(accepted > 1_000 && rejected > 1_000, "\(accepted) accepted, \(rejected) rejected")
    // Other kinds of sizing are left to validate, which names their errors.
    var perItem = FlowSection(itemSizes: [CGSize(width: 1, height: 1)])
    #expect(!withUnsafePointer(to: &perItem) { FlowSection.plainlyPassesValidation($0) })
  }

  @Test("FlowSection.equal is ==, for .fixed sections and others, seeded")
  func equalIsEquality() {
    let seed: UInt64 = 0xE0_0A1
    print("seed \(seed)")
    var random = SplitMix64(seed: seed)
    // A small pool, so that equal pairs are common; valid values only (NaN is never equal,
    // and never validated), negative zero among them (== to zero).
    var pool: [FlowSection] = []
    while pool.count < 12 {
      var section = Self.randomSection(&random)
      let valid = withUnsafePointer(to: &section) { FlowSection.plainlyPassesValidation($0) }
      if valid { pool.append(section) }
    }
    pool.append(FlowSection(itemSizes: [CGSize(width: 1, height: 2)]))
    pool.append(
      FlowSection(
        itemSizing: .fixedWithExceptions(
          count: 7, itemSize: nil,
          exceptions: [FlowSection.SizeException(item: 2, size: CGSize(width: 3, height: 4))])))
    var zero = FlowSection(items: 7)
    zero.minimumLineSpacing = 0
    var negativeZero = zero
    negativeZero.minimumLineSpacing = -0.0
    pool += [zero, negativeZero]
    var equalPairs = 0
    for _ in 0..<5_000 {
      var a = pool[random.nextIndex(below: pool.count)]
      var b = random.nextInt(in: 0...1) == 0 ? a : pool[random.nextIndex(below: pool.count)]
      if random.nextInt(in: 0...3) == 0 { b.headerReferenceSize = a.headerReferenceSize }
      let equal = withUnsafePointer(to: &a) { a in
        withUnsafePointer(to: &b) { b in FlowSection.equal(a, b) }
      }
      #expect(equal == (a == b), "seed \(seed): \(a) vs \(b)")
      if equal { equalPairs += 1 }
    }
    #expect(equalPairs > 1_000)
  }

  @Test("a run of equal values counted at once is what counting each gives, seeded")
  func insertTimesIsRepeatedInsert() {
    let seed: UInt64 = 0x7135
    print("seed \(seed)")
    var random = SplitMix64(seed: seed)
    let values: [Double] = [
      0, -0.0, 1, 0.5, 0.1, 44, 0x1p-20, 0x1p40, 0x1p52, 3.25, .infinity, .nan, 1e300,
    ]
    for _ in 0..<5_000 {
      var once = ExactSummands()
      var each = ExactSummands()
      for _ in 0..<random.nextInt(in: 1...4) {
        let value = values[random.nextIndex(below: values.count)]
        let times = random.nextInt(in: 0...6)
        once.insert(value, times: times)
        for _ in 0..<times { each.insert(value) }
        #expect(once == each, "seed \(seed): \(value) × \(times)")
      }
    }
    // The bound, met by a count no loop would reach: 2^53 units hold, one more fails.
    var atBound = ExactSummands()
    atBound.insert(1, times: 1 << 53)
    #expect(atBound.holds)
    atBound.insert(1, times: 1)
    #expect(!atBound.holds)
    var past = ExactSummands()
    past.insert(1, times: 1)
    past.insert(0x1p40, times: Int.max)  // 2^40 units × Int.max overflows: refused, not trapped
    #expect(!past.holds)
  }

  @Test(
    "repeats of .fixed sections differing in a value: the reference's frames, each laid out once")
  func repeatsOfFixedSections() throws {
    var layout = FlowLayoutConfiguration()
    // Dyadic lengths: off the grid of exact positions (docs/FlowRules.md), run-length would
    // hand the layout to its fallback and lay out no section of its own.
    layout.headerReferenceSize = CGSize(width: 0, height: 30.25)
    layout.estimatedItemSize = .size(CGSize(width: 100, height: 100))
    let base = FlowSection(itemSizing: .fixed(count: 9, itemSize: CGSize(width: 100, height: 100)))
    var inset = base
    inset.sectionInset = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
    var footer = base
    footer.footerReferenceSize = CGSize(width: 0, height: 10.5)
    var negativeZero = base
    negativeZero.minimumLineSpacing = -0.0
    var zero = base
    zero.minimumLineSpacing = 0
    var fewer = base
    fewer.itemSizing = .fixed(count: 8, itemSize: CGSize(width: 100, height: 100))
    // Groups of 2, 7, 1, 2 (-0 and 0 are equal), 1 and 2 equal sections: a group is written
    // in doubling blocks (1, 2, 3 of the 7).
    let sections =
      [base, base] + Array(repeating: inset, count: 7)
      + [footer, negativeZero, zero, fewer, base, base]
    let model = FlowLayoutModel(
      collectionView: CollectionViewEnvironment(
        size: CGSize(width: 390, height: 844), displayScale: 3),
      layout: layout, sections: sections)
    var prepared = try RunLengthLayout(model: model)
    prepared.prepare()
    #expect(prepared.workCounters.sectionsLaidOut == 6)
    var reference = try FlowStrategies.make(FlowStrategies.reference, model: model)
    reference.prepare()
    #expect(prepared.collectionViewContentSize == reference.collectionViewContentSize)
    #expect(prepared.layoutAttributesForAllElements() == reference.layoutAttributesForAllElements())
  }

  @Test(
    "validating while finding runs of equal sections: validate's errors, the runs == finds, seeded"
  )
  func validateFindingRepeatsAgrees() {
    let seed: UInt64 = 0x5EC7_0A11
    print("seed \(seed)")
    var random = SplitMix64(seed: seed)
    // A small pool of valid and invalid sections, so that runs of equal ones are common and a
    // bad one is met now and then, first or inside a run.
    var pool: [FlowSection] = [FlowSection(itemSizes: [CGSize(width: 1, height: 2)])]
    var invalid: [FlowSection] = [FlowSection(items: LayoutLimits.maximumNumberOfItems / 3 + 1)]
    while pool.count < 7 || invalid.count < 4 {
      var section = Self.randomSection(&random)
      do throws(LayoutError) {
        try section.validate(field: "sections[0]")
        if pool.count < 7 { pool.append(section) }
      } catch {
        if invalid.count < 4 { invalid.append(section) }
      }
    }
    var (failed, repeated) = (0, 0)
    for index in 0..<3_000 {
      var sections: [FlowSection] = []
      for _ in 0..<random.nextInt(in: 0...12) {
        let section =
          random.nextInt(in: 0...40) == 0
          ? invalid[random.nextIndex(below: invalid.count)]
          : pool[random.nextIndex(below: pool.count)]
        sections += Array(repeating: section, count: random.nextInt(in: 1...4))
      }
      let model = FlowLayoutModel(
        collectionView: CollectionViewEnvironment(size: CGSize(width: 390, height: 844)),
        layout: FlowLayoutConfiguration(), sections: sections)
      var expected: LayoutError?
      do throws(LayoutError) { try model.validate() } catch { expected = error }
      do throws(LayoutError) {
        let repeats = try model.validateFindingRepeats()
        #expect(expected == nil, "seed \(seed), model \(index): \(String(describing: expected))")
        // Each run: sections == its first, and the next section (if any) is not.
        var start = 0
        for run in 0..<repeats.runCount {
          let count = repeats.count(ofRun: run)
          for offset in 0..<count { #expect(sections[start + offset] == sections[start]) }
          if start + count < sections.count {
            #expect(sections[start + count] != sections[start + count - 1])
          }
          if count > 1 { repeated += 1 }
          start += count
        }
        #expect(start == sections.count, "seed \(seed), model \(index)")
        let found = SectionRepeats(of: sections)
        #expect(found.runCount == repeats.runCount)
        for run in 0..<found.runCount {
          #expect(found.count(ofRun: run) == repeats.count(ofRun: run))
        }
      } catch {
        #expect(error == expected, "seed \(seed), model \(index)")
        failed += 1
      }
    }
    #expect(failed > 200 && repeated > 1_000, "\(failed) failed, \(repeated) runs repeated")
  }

  @Test("a laid-out section is plain data; the state holds each section's runs once")
  func sectionRunsArePlainData() throws {
    // `RunLengthLayout` copies sections by their bits (repeats, queries) and counts no
    // reference for them: the state keeps the runs' storage (`fullLayoutRuns` after a full
    // layout, `holders` once an update changed a section).
    let model = Dataset.estimatedSizes.model(items: 3_000)
    var layout = try RunLengthLayout(
      model: FlowLayoutModel(
        collectionView: model.collectionView, layout: model.layout,
        sections: model.sections.map { FlowSection(items: $0.numberOfItems) }))
    layout.prepare()
    #expect(_isPOD(FlowLayoutEngine.SectionRuns.self))
    let state = layout.prepared
    #expect(state.sections.count == model.sections.count)
    // Equal sections, laid out once: one storage, held once, holds every section's runs; no
    // section has a holder of its own yet.
    #expect(state.holders.isEmpty)
    let storage = try #require(state.fullLayoutRuns)
    #expect(state.sections.allSatisfy { $0.runs.areKept(in: storage) })
  }

  @Test("a model changed before the first prepare() is laid out from its new sections")
  func repeatsFoundByInitAreDroppedOnChange() throws {
    var layout = FlowLayoutConfiguration()
    layout.estimatedItemSize = .size(CGSize(width: 100, height: 100))
    let sections = Array(repeating: FlowSection(items: 9), count: 6)
    let model = FlowLayoutModel(
      collectionView: CollectionViewEnvironment(size: CGSize(width: 390, height: 844)),
      layout: layout, sections: sections)
    var runLength = try RunLengthLayout(model: model)
    // Section 2 no longer equals its neighbours: the runs `init` found are stale.
    try runLength.invalidateLayout(
      with: .items([
        BatchUpdate.ItemResize(
          at: LayoutIndexPath(item: 4, section: 2), size: CGSize(width: 300, height: 40))
      ]))
    runLength.prepare()
    #expect(runLength.workCounters.sectionsLaidOut == 3)
    var reference = try FlowStrategies.make(FlowStrategies.reference, model: runLength.model)
    reference.prepare()
    #expect(runLength.collectionViewContentSize == reference.collectionViewContentSize)
    #expect(
      runLength.layoutAttributesForAllElements() == reference.layoutAttributesForAllElements())
  }
}
