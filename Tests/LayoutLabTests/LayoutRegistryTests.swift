import BenchmarkDatasets
import Foundation
import LayoutLab
import Testing

/// The registry's promises, and every strategy of every kind against its kind's reference on
/// random layout files — so a strategy added to the registry is checked without a new test.
/// (The flow rule, golden, fuzz and differential suites run every flow strategy through
/// `FlowStrategies.all`, a view over the registry.)
@Suite("Layout registry")
struct LayoutRegistryTests {
  @Test("names are unique; every kind has one reference, listed first among its strategies")
  func registryIsWellFormed() {
    let names = LayoutRegistry.all.map(\.name)
    #expect(Set(names).count == names.count)
    for kind in LayoutKind.allCases {
      let strategies = LayoutRegistry.strategies(for: kind)
      #expect(strategies.filter(\.isReference).count == 1, "\(kind)")
      #expect(strategies.first?.isReference == true, "\(kind)")
      #expect(LayoutRegistry.reference(for: kind).name == strategies.first?.name)
      // The reference is exact: the others are checked against it.
      #expect(LayoutRegistry.reference(for: kind).answersExactly)
    }
    #expect(
      FlowStrategies.all.map { $0.strategyName }
        == LayoutRegistry.strategies(for: .flow).map(\.name))
    #expect(FlowStrategies.reference.strategyName == LayoutRegistry.reference(for: .flow).name)
  }

  @Test("a strategy refuses a layout file of a kind it does not lay out")
  func wrongKind_throws() throws {
    let mosaic = LayoutFileContent.mosaic(
      MosaicLayoutModel(
        collectionView: CollectionViewEnvironment(size: CGSize(width: 390, height: 844)),
        numberOfItems: 3))
    for strategy in LayoutRegistry.all where !strategy.accepts(.mosaic) {
      #expect(throws: LayoutError.self) { _ = try strategy.make(mosaic) }
    }
  }

  /// Random layout files of every kind, with the seed they came from.
  static func contents(count: Int, seed: UInt64) -> [(LayoutFileContent, UInt64)] {
    var out: [(LayoutFileContent, UInt64)] = []
    for index in 0..<count {
      let layoutSeed = seed &+ UInt64(index)
      var generator = RandomLayouts(seed: layoutSeed)
      out.append((.flow(generator.model()), layoutSeed))
      var random = SplitMix64(seed: layoutSeed)
      let width = Double(random.nextInt(in: 200...1_400))
      var configuration = ColumnFlowConfiguration()
      configuration.headerReferenceSize = CGSize(
        width: 0, height: Double(random.nextInt(in: 0...40)))
      let sections = (0..<random.nextInt(in: 0...4)).map { _ in
        FlowSection(items: random.nextInt(in: 0...60))
      }
      out.append(
        (
          .columnFlow(
            ColumnFlowLayoutModel(
              collectionView: CollectionViewEnvironment(size: CGSize(width: width, height: 800)),
              layout: configuration, sections: sections)), layoutSeed
        ))
      out.append(
        (
          .mosaic(
            MosaicLayoutModel(
              collectionView: CollectionViewEnvironment(size: CGSize(width: width, height: 844)),
              numberOfItems: random.nextInt(in: 0...400))), layoutSeed
        ))
    }
    return out
  }

  @Test("every registered strategy agrees with its kind's reference on random layout files")
  func everyStrategy_agreesWithItsReference() throws {
    let seed: UInt64 = 0x2E61_5747
    print("registry differential: base seed \(seed)")
    var checked: Set<String> = []
    for (content, layoutSeed) in Self.contents(count: 150, seed: seed) {
      var reference = try LayoutRegistry.reference(for: content.kind).make(content)
      reference.prepare()
      let dump = reference.layoutAttributesForAllElements()
      var generator = RandomLayouts(seed: layoutSeed)
      let rects = generator.rects(
        around: dump.map(\.frame), contentSize: reference.collectionViewContentSize, count: 8)
      for strategy in LayoutRegistry.strategies(for: content.kind) {
        checked.insert(strategy.name)
        let place = "\(strategy.name), \(content.kind.rawValue), seed \(layoutSeed)"
        var layout = try strategy.make(content)
        layout.prepare()
        #expect(layout.collectionViewContentSize == reference.collectionViewContentSize, "\(place)")
        for rect in [CGRect.everywhere] + rects {
          let expected = reference.layoutAttributesForElements(in: rect)
          let answer = layout.layoutAttributesForElements(in: rect)
          if strategy.answersExactly {
            #expect(answer == expected, "\(place), rect \(rect)")
          } else {
            // Misses by design: only the reference's elements, in its order.
            var remaining = expected[...]
            for element in answer {
              guard let at = remaining.firstIndex(of: element) else {
                Issue.record("\(place), rect \(rect): \(element) is not the reference's")
                break
              }
              remaining = remaining[(at + 1)...]
            }
          }
        }
        for element in dump.lazy.filter({ $0.kind == .cell }).prefix(20) {
          #expect(layout.layoutAttributesForItem(at: element.indexPath) == element, "\(place)")
        }
      }
    }
    #expect(checked == Set(LayoutRegistry.all.map(\.name)), "every strategy was checked")
  }
}
