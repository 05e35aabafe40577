import BenchmarkDatasets
import Foundation
import LayoutLab
import Testing

/// Every strategy against the reference on random layouts: same content size, same full dump,
/// same answers to random rect queries and lookups, before and after bounds changes.
/// Set LAYOUTLAB_SEED to replay a run; a failure names the seed of the layout that failed.
@Suite("Randomized differential tests")
struct DifferentialTests {
  static let layoutCount = 2_400
  static let baseSeed: UInt64 =
    ProcessInfo.processInfo.environment["LAYOUTLAB_SEED"].flatMap { UInt64($0) } ?? 0x5EED_F10E

  @Test("every strategy equals the naive reference on 2,400 random layouts")
  func strategiesAgreeOnRandomLayouts() throws {
    print("differential tests: base seed \(Self.baseSeed) (set LAYOUTLAB_SEED to replay)")
    var failures = 0
    var coverage = Coverage()
    for index in 0..<Self.layoutCount {
      let seed = Self.baseSeed &+ UInt64(index)
      var generator = RandomLayouts(seed: seed)
      let model = generator.model()
      coverage.record(model)
      if try !checkAgreement(model, generator: &generator, seed: seed) {
        failures += 1
        if failures >= 5 { break }  // a few seeds are enough to debug; don't bury them
      }
    }
    #expect(failures == 0, "base seed \(Self.baseSeed)")
    // The generator must actually reach the cases the issue names.
    #expect(coverage.vertical > 100 && coverage.horizontal > 100)
    #expect(coverage.rightToLeft > 100 && coverage.pinned > 100 && coverage.estimated > 50)
    #expect(
      coverage.emptySections > 100 && coverage.uniformSections > 100 && coverage.mixedSections > 100
    )
    #expect(coverage.zeroSizeItems > 50 && coverage.oversizeItems > 100)
    #expect(Set(coverage.scales) == [0, 1, 2, 2.5, 3])
  }

  /// Compares every strategy with the reference on `model`; records an issue naming `seed` and
  /// returns false at the first difference.
  func checkAgreement(
    _ model: FlowLayoutModel, generator: inout RandomLayouts, seed: UInt64
  ) throws -> Bool {
    var reference = try NaiveLinearLayout(model: model)
    reference.prepare()
    var candidates = try FlowStrategies.all.dropFirst().map {
      try FlowStrategies.make($0, model: model)
    }
    for index in candidates.indices { candidates[index].prepare() }

    for step in 0..<3 {
      let dump = reference.layoutAttributesForAllElements()
      let contentSize = reference.collectionViewContentSize
      let rects = generator.rects(around: dump.map(\.frame), contentSize: contentSize, count: 12)
      for candidate in candidates {
        let context = "seed \(seed), step \(step), \(candidate.name)"
        guard candidate.collectionViewContentSize == contentSize else {
          Issue.record(
            "\(context): content size \(candidate.collectionViewContentSize) != \(contentSize)")
          return false
        }
        guard candidate.layoutAttributesForAllElements() == dump else {
          expectSameElements(candidate.layoutAttributesForAllElements(), dump, context)
          return false
        }
        for rect in rects {
          let expected = reference.layoutAttributesForElements(in: rect)
          let actual = candidate.layoutAttributesForElements(in: rect)
          if actual != expected {
            expectSameElements(actual, expected, "\(context), rect \(rect)")
            return false
          }
        }
        if !lookupsAgree(candidate, reference, model: model, context: context) { return false }
      }
      // Then move the bounds — a scroll (FLOW-25: only pinned elements move) or a resize —
      // and compare again.
      let old = model.collectionView.bounds
      let newBounds =
        step == 0
        ? old.offsetBy(dx: 0, dy: generator.length(400) - 150).offsetBy(
          dx: model.layout.scrollDirection == .horizontal ? generator.length(300) - 100 : 0, dy: 0)
        : CGRect(
          x: old.minX, y: old.minY, width: generator.length(700), height: generator.length(900))
      try reference.invalidateLayout(with: .boundsChange(newBounds))
      reference.prepare()
      for index in candidates.indices {
        try candidates[index].invalidateLayout(with: .boundsChange(newBounds))
        candidates[index].prepare()
      }
    }
    return true
  }

  func lookupsAgree(
    _ candidate: any FlowLayoutStrategy, _ reference: NaiveLinearLayout, model: FlowLayoutModel,
    context: String
  ) -> Bool {
    for (section, flowSection) in model.sections.enumerated() {
      for item in [
        -1, 0, flowSection.numberOfItems / 2, flowSection.numberOfItems - 1,
        flowSection.numberOfItems,
      ] {
        let path = LayoutIndexPath(item: item, section: section)
        if candidate.layoutAttributesForItem(at: path)
          != reference.layoutAttributesForItem(at: path)
        {
          Issue.record("\(context): item \(path) differs")
          return false
        }
      }
      for kind in ElementKind.allCases {
        for path in [
          LayoutIndexPath(item: 0, section: section), LayoutIndexPath(item: 1, section: section),
        ] {
          if candidate.layoutAttributesForSupplementaryView(ofKind: kind, at: path)
            != reference.layoutAttributesForSupplementaryView(ofKind: kind, at: path)
          {
            Issue.record("\(context): \(kind) \(path) differs")
            return false
          }
        }
      }
    }
    let missing = LayoutIndexPath(item: 0, section: model.sections.count)
    return candidate.layoutAttributesForItem(at: missing) == nil
      && candidate.layoutAttributesForSupplementaryView(ofKind: .header, at: missing) == nil
  }

  /// How often the generator produced each case the issue asks the tests to cover.
  struct Coverage {
    var vertical = 0, horizontal = 0, rightToLeft = 0, pinned = 0, estimated = 0
    var emptySections = 0, uniformSections = 0, mixedSections = 0
    var zeroSizeItems = 0, oversizeItems = 0
    var scales: [Double] = []

    mutating func record(_ model: FlowLayoutModel) {
      if model.layout.scrollDirection == .vertical { vertical += 1 } else { horizontal += 1 }
      if model.collectionView.layoutDirection == .rightToLeft { rightToLeft += 1 }
      if model.layout.sectionHeadersPinToVisibleBounds
        || model.layout.sectionFootersPinToVisibleBounds
      {
        pinned += 1
      }
      if model.layout.estimatedItemSize.isEnabled { estimated += 1 }
      if !scales.contains(model.collectionView.displayScale) {
        scales.append(model.collectionView.displayScale)
      }
      for section in model.sections {
        let sizes: [CGSize]
        switch section.itemSizing {
        case .fixed(let count, let size):
          sizes = Array(repeating: size ?? model.layout.itemSize, count: count)
        case .perItem(let list): sizes = Array(list)
        case .fixedWithExceptions(let count, let size, let exceptions):
          var list = Array(repeating: size ?? model.layout.itemSize, count: count)
          for exception in exceptions { list[exception.item] = exception.size }
          sizes = list
        }
        if sizes.isEmpty { emptySections += 1 }
        if Set(sizes.map { [$0.width, $0.height] }).count <= 1 {
          uniformSections += 1
        } else {
          mixedSections += 1
        }
        zeroSizeItems += sizes.filter { $0 == .zero }.count
        oversizeItems += sizes.filter { $0.width >= 300 }.count
      }
    }
  }
}
