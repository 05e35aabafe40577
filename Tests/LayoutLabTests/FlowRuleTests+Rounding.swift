import BenchmarkDatasets
import Foundation
import Testing

@testable import LayoutLab

// MARK: - FLOW-21: pixel alignment (the only tests with a non-zero scale)

extension FlowRuleTests {
  @Test(
    "FLOW-21: origins round to the pixel grid, halves away from zero; sizes and content size do not",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func origins_roundHalvesUp_atScale2(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(320, 480, scale: 2),
      layout: flowLayout {
        $0.sectionInset = EdgeInsets(top: 5.75, left: 10.25, bottom: 0, right: 0)
      },
      sections: [sized([(20, 20), (30, 10)])])
    let layout = try prepared(strategy, model)
    // One left-aligned row at y = 5.75, 20 thick: x = 10.25, 10.25 + 20 + 10 = 40.25;
    // y = 5.75, 5.75 + 5 = 10.75. Times 2: 20.5 → 21, 80.5 → 81 (an even rounding would give
    // 20 and 80), 11.5 → 12, 21.5 → 22; halved: 10.5, 40.5, 6, 11. Content height 25.75.
    expectLayout(layout, [.cell(0, 0, 10.5, 6, 20, 20), .cell(0, 1, 40.5, 11, 30, 10)])
    expectContentSize(layout, 320, 25.75)
  }

  @Test(
    "FLOW-21: negative origins round halves away from zero too",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func negativeOrigins_roundHalvesDown_atScale2(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(320, 480, scale: 2),
      sections: [uniform(1, 340.5, 30.3), uniform(1, 341.5, 30.3)])
    let layout = try prepared(strategy, model)
    // Lone uniform items centred: (320 − 340.5)/2 = −10.25 → −20.5 → −21 → −10.5 (even: −10);
    // (320 − 341.5)/2 = −10.75 → −21.5 → −22 → −11. Section 1 starts at 30.3 → 60.6 → 61 →
    // 30.5. Sizes and the content height (60.6) stay unrounded.
    expectLayout(
      layout, [.cell(0, 0, -10.5, 0, 340.5, 30.3), .cell(1, 0, -11, 30.5, 341.5, 30.3)])
    expectContentSize(layout, 320, 30.3 + 30.3)
  }

  @Test(
    "FLOW-21: at scale 1 half points round away from zero; at scale 3 to thirds",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func origins_roundAtScales1And3(strategy: String) throws {
    let one = try prepared(
      strategy,
      FlowLayoutModel(
        collectionView: screen(320, 480, scale: 1),
        sections: [uniform(1, 99, 20), uniform(1, 421, 20)]))
    // (320 − 99)/2 = 110.5 → 111 (even: 110); (320 − 421)/2 = −50.5 → −51 (even: −50).
    expectLayout(one, [.cell(0, 0, 111, 0, 99, 20), .cell(1, 0, -51, 20, 421, 20)], "scale 1")

    let three = try prepared(
      strategy,
      FlowLayoutModel(
        collectionView: screen(320, 480, scale: 3),
        layout: flowLayout {
          $0.sectionInset = EdgeInsets(top: 0, left: 10.5, bottom: 0, right: 0)
        },
        sections: [sized([(100, 20), (60, 20)])]))
    // Left-aligned x = 10.5, 120.5; times 3: 31.5 → 32, 361.5 → 362; thirds: 32/3, 362/3.
    expectLayout(
      three, [.cell(0, 0, 32.0 / 3, 0, 100, 20), .cell(0, 1, 362.0 / 3, 0, 60, 20)], "scale 3")
  }

  @Test(
    "FLOW-21: origins are rounded after mirroring for right-to-left",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func rounding_followsMirroring(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(320, 480, scale: 2, direction: .rightToLeft),
      layout: flowLayout { $0.sectionInset = EdgeInsets(top: 0, left: 10.25, bottom: 0, right: 0) },
      sections: [sized([(100, 20), (50, 20)])])
    let layout = try prepared(strategy, model)
    // Left to right x = 10.25, 120.25; mirrored 320 − 10.25 − 100 = 209.75 and
    // 320 − 120.25 − 50 = 149.75; rounded 419.5 → 420 → 210 and 299.5 → 300 → 150.
    // (Rounding before mirroring would give 209.5 and 149.5.)
    expectLayout(layout, [.cell(0, 0, 210, 0, 100, 20), .cell(0, 1, 150, 0, 50, 20)])
  }

  @Test(
    "FLOW-21: pinned headers and footers are rounded after pinning",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func rounding_followsPinning(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(320, 300, offset: CGPoint(x: 0, y: 100.25), scale: 2),
      layout: flowLayout {
        $0.itemSize = CGSize(width: 320, height: 50)
        $0.headerReferenceSize = CGSize(width: 0, height: 40)
        $0.footerReferenceSize = CGSize(width: 0, height: 20)
        $0.sectionHeadersPinToVisibleBounds = true
        $0.sectionFootersPinToVisibleBounds = true
      },
      sections: [FlowSection(items: 10)])
    let layout = try prepared(strategy, model)
    // Section 0…650 (40 + 10·50 + 9·10 + 20). V = 100.25…400.25. Header: max(0, 100.25) =
    // 100.25 → 200.5 → 201 → 100.5. Footer: 400.25 < 630 + 20 → 380.25 → 760.5 → 761 → 380.5.
    expectElement(
      layout.layoutAttributesForSupplementaryView(ofKind: .header, at: .init(item: 0, section: 0)),
      .header(0, 0, 100.5, 320, 40))
    expectElement(
      layout.layoutAttributesForSupplementaryView(ofKind: .footer, at: .init(item: 0, section: 0)),
      .footer(0, 0, 380.5, 320, 20))
  }

  @Test(
    "FLOW-24 with FLOW-21: a pinned footer rounded past its section's end is not returned for a rect beyond the section",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func pinnedElement_needsItsSectionToMeetTheRect(strategy: String) throws {
    // At scale 0 a pinned frame always lies inside its section, so "its section meets the
    // rect" can only matter once rounding moves a frame past the section's (unrounded) end.
    func model(pinning: Bool) -> FlowLayoutModel {
      FlowLayoutModel(
        collectionView: screen(320, 100, offset: CGPoint(x: 0, y: 150), scale: 2),
        layout: flowLayout {
          $0.headerReferenceSize = CGSize(width: 0, height: 40)
          $0.footerReferenceSize = CGSize(width: 0, height: 20)
          $0.sectionHeadersPinToVisibleBounds = pinning
          $0.sectionFootersPinToVisibleBounds = pinning
        },
        sections: [uniform(1, 320, 100.3), uniform(1, 320, 100)])
    }
    // Section 0 = 0…160.3 (header 40, item 40…140.3, footer 140.3…160.3); section 1 =
    // 160.3…320.3. V = 150…250. Pinned: header 0 → max(0, 150) = 150, 150 + 60 > 160.3 →
    // 100.3 → 100.5; footer 0 stays at 140.3 (250 ≥ 160.3) → 280.6 → 281 → 140.5, so its frame
    // 140.5…160.5 pokes past the section's end 160.3. Header 1: 160.3 → 160.5.
    // Footer 1: 250 < 320.3 → 230, 230 − 40 ≥ 160.3 → 230.
    // The rect 160.4…170.4 meets footer 0's frame but not section 0 → only header 1.
    let rect = CGRect(x: 0, y: 160.4, width: 320, height: 10)
    let pinned = try prepared(strategy, model(pinning: true))
    expectElements(
      pinned.layoutAttributesForElements(in: rect), [.header(1, 0, 160.5, 320, 40)], "pinned")
    expectElement(
      pinned.layoutAttributesForSupplementaryView(ofKind: .footer, at: .init(item: 0, section: 0)),
      .footer(0, 0, 140.5, 320, 20), "pinned footer 0")
    expectElement(
      pinned.layoutAttributesForSupplementaryView(ofKind: .footer, at: .init(item: 0, section: 1)),
      .footer(1, 0, 230, 320, 20), "pinned footer 1")

    // Not pinned, the same footer frame only has to meet the rect (FLOW-22).
    let unpinned = try prepared(strategy, model(pinning: false))
    expectElements(
      unpinned.layoutAttributesForElements(in: rect),
      [.header(1, 0, 160.5, 320, 40), .footer(0, 0, 140.5, 320, 20)], "not pinned")
  }
}

/// FLOW-21's rounding written out without libm's `round` gives its bits exactly: signed zeros,
/// halves, the edges of exactness (2^52) and non-finite values included.
@Suite("FLOW-21 rounding")
struct PixelRoundingTests {
  @Test("roundedHalfAwayFromZero is bit for bit rounded(.toNearestOrAwayFromZero)")
  func matchesStandardLibrary() {
    var values: [Double] = [
      0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
      4_503_599_627_370_495.5, -4_503_599_627_370_495.5, 4_503_599_627_370_496,
      9_007_199_254_740_992.0.nextUp, 1e300, -1e300, .infinity, -.infinity, .nan,
      .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .greatestFiniteMagnitude,
    ]
    let seed: UInt64 = 0x2152_0021
    print("FLOW-21 rounding: seed \(seed)")
    var random = SplitMix64(seed: seed)
    for _ in 0..<20_000 {
      let magnitude = Double.random(in: 0..<1e6, using: &random)
      values.append(Bool.random(using: &random) ? magnitude : -magnitude)
      // Halves and their neighbours, where rounding modes differ.
      let half = Double(Int.random(in: -100_000...100_000, using: &random)) + 0.5
      values += [half, half.nextUp, half.nextDown]
    }
    for value in values {
      let expected = value.rounded(.toNearestOrAwayFromZero)
      let actual = LayoutLab.roundedHalfAwayFromZero(value)
      #expect(
        actual.bitPattern == expected.bitPattern || (actual.isNaN && expected.isNaN),
        "\(value): \(actual) ≠ \(expected)")
    }
  }

  @Test("the origin's rounding, two lanes at once, is the scalar rounding lane by lane")
  func twoLanesMatchScalar() {
    var values: [Double] = [
      0, -0.0, 0.5, -0.5, 1.5, -2.5, 0.49999999999999994, 4_503_599_627_370_495.5,
      -4_503_599_627_370_495.5, 4_503_599_627_370_496, 9_007_199_254_740_993, 1e300, -1e300,
      .infinity, -.infinity, .nan, -Double.nan, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
      1.0 / 3, 2.0 / 3, 1e9 + 1.0 / 6,
      // Odd integers at and past 2^52, which adding and removing 2^52 would round to even:
      // the two-lane rounding adds and removes 0 there.
      4_503_599_627_370_497, -4_503_599_627_370_497, 6_755_399_441_055_745, 0x1p52 - 0.5,
      0x1p52.nextDown, -0x1p52.nextDown,
    ]
    let seed: UInt64 = 0x2152_0022
    print("FLOW-21 rounding of origins: seed \(seed)")
    var random = SplitMix64(seed: seed)
    for _ in 0..<5_000 {
      let magnitude = Double.random(in: 0..<1e7, using: &random)
      values.append(Bool.random(using: &random) ? magnitude : -magnitude)
      // Values a third or a half from the grid, where rounding at 2× or 3× decides.
      let thirds = Double(Int.random(in: -300_000...300_000, using: &random)) / 6
      values += [thirds, thirds.nextUp, thirds.nextDown]
    }
    for scale in [0.0, 1, 2, 3, 1.5] {
      for (index, x) in values.enumerated() {
        let y = values[(index &* 7 &+ 3) % values.count]
        let rounded = LayoutLab.roundedToPixels(SIMD2(x, y), scale: scale)
        let expected = (
          LayoutLab.roundedToPixels(x, scale: scale), LayoutLab.roundedToPixels(y, scale: scale)
        )
        #expect(
          rounded.x.bitPattern == expected.0.bitPattern
            && rounded.y.bitPattern == expected.1.bitPattern,
          "(\(x), \(y)) at \(scale): \(rounded) ≠ \(expected)")
      }
    }
  }
}
