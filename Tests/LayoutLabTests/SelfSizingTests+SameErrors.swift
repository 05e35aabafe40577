import Foundation
import LayoutLab
import Testing

/// A self-sizing view checks its sections' own sizes, then the strategy validates the estimated
/// model (FLOW-28): whatever the strategy, the same models are accepted, the same estimated
/// model is made and the same first error is reported — what a start that checks once, for
/// some strategies, must keep.
@Suite("Self-sizing: the same errors with every strategy")
struct SelfSizingSameErrorsTests {
  /// The error (or the estimated model) each strategy's self-sizing view gives for `model`.
  static func outcomes(_ model: FlowLayoutModel) -> [String: Result<FlowLayoutModel, LayoutError>] {
    var outcomes: [String: Result<FlowLayoutModel, LayoutError>] = [:]
    for strategy in FlowStrategies.all {
      do throws(LayoutError) {
        let view = try SelfSizingCollectionView(model: model, strategy: strategy)
        outcomes[strategy.strategyName] = .success(view.layout.model)
      } catch {
        outcomes[strategy.strategyName] = .failure(error)
      }
    }
    return outcomes
  }

  @Test("every strategy makes the same estimated model, and reports the same first error")
  func sameOutcomeForEveryStrategy() throws {
    let good = SelfSizingTests.model(.size(CGSize(width: 100, height: 100)), items: 100)
    var badSize = good
    badSize.sections[5].itemSizing = .fixed(
      count: 5, itemSize: CGSize(width: 1, height: Double.nan))
    var badSpacing = good
    badSpacing.sections[2].minimumLineSpacing = -1
    // The self-sizing view's own check (a section's one size) comes first, wherever it is.
    var both = badSize
    both.sections[2].minimumLineSpacing = -1
    var badScale = badSpacing
    badScale.collectionView.displayScale = -2
    var badCount = good
    badCount.sections[7].itemSizing = .fixed(count: -3, itemSize: nil)
    var badExceptions = good
    badExceptions.sections[1].itemSizing = .fixedWithExceptions(
      count: 5, itemSize: nil,
      exceptions: [FlowSection.SizeException(item: 7, size: CGSize(width: 1, height: 1))])
    var automatic = good
    automatic.layout.estimatedItemSize = .automatic
    let expected: [(FlowLayoutModel, String?)] = [
      (good, nil), (automatic, nil), (badSize, "sections[5].itemSize.height"),
      (badSpacing, "sections[2].minimumLineSpacing"), (both, "sections[5].itemSize.height"),
      (badScale, "collectionView.scale"), (badCount, "sections[7].items"),
      (badExceptions, "sections[1].exceptions[0].item"),
    ]
    for (index, (model, field)) in expected.enumerated() {
      let outcomes = Self.outcomes(model)
      let reference = try #require(outcomes[NaiveLinearLayout.strategyName])
      for (name, outcome) in outcomes {
        #expect(outcome == reference, "case \(index), \(name)")
      }
      switch reference {
      case .success(let estimated):
        #expect(field == nil, "case \(index)")
        #expect(estimated.numberOfItems == model.numberOfItems, "case \(index)")
      case .failure(let error):
        #expect(error.field == field, "case \(index): \(error)")
      }
    }
  }
}
