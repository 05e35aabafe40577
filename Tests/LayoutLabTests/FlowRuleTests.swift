import Foundation
import LayoutLab
import Testing

/// One or more tests per rule of docs/FlowRules.md (FLOW-1…25 and FLOW-28; FLOW-26/27,
/// self-sizing, are tested in `SelfSizingTests.swift`), each run against every flow strategy.
/// Expected frames are computed by hand from the rules; the arithmetic is in the comments.
/// `scale` is 0 (no pixel rounding) except in the FLOW-21 tests.
///
/// The tests are split by topic: this file holds the inputs (FLOW-1…6), then
/// `+InsetReference` (FLOW-7, 8), `+LineBreaking` (FLOW-9…12), `+Placement` (FLOW-13…15),
/// `+Stacking` (FLOW-16…20), `+Rounding` (FLOW-21), `+Queries` (FLOW-22, 23), `+Pinning`
/// (FLOW-24, 25) and `+BadInput` (FLOW-28).
@Suite("Flow rules")
struct FlowRuleTests {}

// MARK: - FLOW-1…6: inputs, defaults, overrides, headers and footers, the line dimension

extension FlowRuleTests {
  @Test(
    "FLOW-1: the layout reads the environment it is given; the bounds origin is the content offset",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func environment_isWhatTheCollectionViewReported(strategy: String) throws {
    let environment = screen(
      320, 480, offset: CGPoint(x: 0, y: 120),
      contentInset: EdgeInsets(top: 20, left: 0, bottom: 34, right: 0),
      safeArea: EdgeInsets(top: 47, left: 0, bottom: 34, right: 0),
      margins: EdgeInsets(top: 8, left: 16, bottom: 8, right: 16))
    let model = FlowLayoutModel(
      collectionView: environment,
      layout: flowLayout { $0.itemSize = CGSize(width: 100, height: 100) },
      sections: [FlowSection(items: 3)])
    let layout = try prepared(strategy, model)

    #expect(layout.collectionView == environment)
    #expect(layout.collectionView.bounds == CGRect(x: 0, y: 120, width: 320, height: 480))
    #expect(layout.collectionView.contentOffset == CGPoint(x: 0, y: 120))
    // V = bounds inset by C: (0, 120 + 20, 320, 480 − 20 − 34) = (0, 140, 320, 426).
    #expect(
      layout.collectionView.visibleContentRect == CGRect(x: 0, y: 140, width: 320, height: 426))
    // The offset is where the collection view looks, not where content goes (FLOW-18):
    // D = 320, per = ⌊330/110⌋ = 3, gap (320 − 300)/2 = 10 → x = 0, 110, 220 at y = 0.
    expectLayout(
      layout,
      [.cell(0, 0, 0, 0, 100, 100), .cell(0, 1, 110, 0, 100, 100), .cell(0, 2, 220, 0, 100, 100)])
  }

  @Test(
    "FLOW-2: an untouched configuration has UIKit's defaults and lays out 50×50 items 10 apart",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func defaultConfiguration_matchesUIKit(strategy: String) throws {
    let defaults = FlowLayoutConfiguration()
    #expect(defaults.itemSize == CGSize(width: 50, height: 50))
    #expect(defaults.minimumLineSpacing == 10)
    #expect(defaults.minimumInteritemSpacing == 10)
    #expect(defaults.sectionInset == .zero)
    #expect(defaults.headerReferenceSize == .zero)
    #expect(defaults.footerReferenceSize == .zero)
    #expect(defaults.estimatedItemSize == .size(.zero))
    #expect(!defaults.estimatedItemSize.isEnabled)
    #expect(defaults.scrollDirection == .vertical)
    #expect(!defaults.sectionHeadersPinToVisibleBounds)
    #expect(!defaults.sectionFootersPinToVisibleBounds)
    #expect(defaults.sectionInsetReference == .fromContentInset)

    // 7 items of the default 50×50 in D = 320 with s_i = 10: per = ⌊330/60⌋ = 5 (with s_i = 0 it
    // would be 6), gap = (320 − 250)/4 = 17.5, columns 0, 67.5, 135, 202.5, 270. Line 2 at
    // y = 50 + s_l 10 = 60 keeps the columns (uniform, FLOW-14). No header, no insets.
    let layout = try prepared(
      strategy, FlowLayoutModel(collectionView: screen(320, 480), sections: [FlowSection(items: 7)])
    )
    expectLayout(
      layout,
      [
        .cell(0, 0, 0, 0, 50, 50), .cell(0, 1, 67.5, 0, 50, 50), .cell(0, 2, 135, 0, 50, 50),
        .cell(0, 3, 202.5, 0, 50, 50), .cell(0, 4, 270, 0, 50, 50),
        .cell(0, 5, 0, 60, 50, 50), .cell(0, 6, 67.5, 60, 50, 50),
      ])
    expectContentSize(layout, 320, 110)
  }

  @Test(
    "FLOW-3: a section's overrides win for that section only",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func sectionOverrides_applyToTheirSectionOnly(strategy: String) throws {
    let layout = flowLayout {
      $0.itemSize = CGSize(width: 60, height: 60)
      $0.headerReferenceSize = CGSize(width: 0, height: 30)
    }
    let overridden = FlowSection(
      itemSizing: .fixed(count: 5, itemSize: CGSize(width: 100, height: 40)),
      sectionInset: EdgeInsets(top: 8, left: 20, bottom: 12, right: 20),
      minimumInteritemSpacing: 5, minimumLineSpacing: 4,
      headerReferenceSize: .zero, footerReferenceSize: CGSize(width: 0, height: 25))
    let model = FlowLayoutModel(
      collectionView: screen(320, 480), layout: layout,
      sections: [FlowSection(items: 4), overridden, sized([(50, 20), (70, 40)])])
    // Section 0 (layout values): header 0…30; A = 320, per = ⌊330/70⌋ = 4, gap = (320 − 240)/3
    //   = 80/3, columns 0, 60 + 80/3, 2·(60 + 80/3), 260, at y = 30. Ends at 90.
    // Section 1 (overrides): no header; before 8 → y = 98; A = 320 − 40 = 280,
    //   per = ⌊285/105⌋ = 2, gap = 280 − 200 = 80 → x = 20, 200; lines 40 thick, s_l 4:
    //   y = 98, 142, 186 (item 4 in column 0). Lines end 226, after 12 → 238, footer 238…263.
    // Section 2 (layout values again): header 263…293, one mixed line at y = 293, left-aligned
    //   (FLOW-14) with s_i 10: x = 0, 60; 40 thick, so the 20-high item sits at 293 + 10.
    let pitch = 60 + 80.0 / 3
    let flow = try prepared(strategy, model)
    expectLayout(
      flow,
      [
        .cell(0, 0, 0, 30, 60, 60), .cell(0, 1, pitch, 30, 60, 60),
        .cell(0, 2, 2 * pitch, 30, 60, 60), .cell(0, 3, 260, 30, 60, 60),
        .cell(1, 0, 20, 98, 100, 40), .cell(1, 1, 200, 98, 100, 40),
        .cell(1, 2, 20, 142, 100, 40), .cell(1, 3, 200, 142, 100, 40),
        .cell(1, 4, 20, 186, 100, 40),
        .cell(2, 0, 0, 303, 50, 20), .cell(2, 1, 60, 293, 70, 40),
        .header(0, 0, 0, 320, 30), .header(2, 0, 263, 320, 30),
        .footer(1, 0, 238, 320, 25),
      ])
    expectContentSize(flow, 320, 333)
  }

  @Test(
    "FLOW-4: only a header's or footer's scroll-axis length counts; zero means none (vertical)",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func supplementarySize_onlyScrollAxisCounts_vertical(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(320, 480),
      layout: flowLayout {
        $0.itemSize = CGSize(width: 100, height: 100)
        $0.headerReferenceSize = CGSize(width: 999, height: 40)  // width ignored
        $0.footerReferenceSize = CGSize(width: 77, height: 0)  // no footer, no space
      },
      sections: [FlowSection(items: 1)])
    let layout = try prepared(strategy, model)
    // Header (0, 0, D = 320, 40); the lone item is centred: (320 − 100)/2 = 110, at y = 40.
    expectLayout(layout, [.cell(0, 0, 110, 40, 100, 100), .header(0, 0, 0, 320, 40)])
    expectContentSize(layout, 320, 140)
    #expect(
      layout.layoutAttributesForSupplementaryView(ofKind: .footer, at: .init(item: 0, section: 0))
        == nil)
  }

  @Test(
    "FLOW-4: only a header's or footer's scroll-axis length counts; zero means none (horizontal)",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func supplementarySize_onlyScrollAxisCounts_horizontal(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(320, 200),
      layout: flowLayout {
        $0.scrollDirection = .horizontal
        $0.headerReferenceSize = CGSize(width: 30, height: 999)  // height ignored
        $0.footerReferenceSize = CGSize(width: 0, height: 50)  // no footer, no space
      },
      sections: [FlowSection(items: 1)])
    let layout = try prepared(strategy, model)
    // Header (0, 0, 30, D = 200); the lone 50×50 item is centred in its column:
    // y = (200 − 50)/2 = 75, x = 30. Content width 30 + 50.
    expectLayout(layout, [.cell(0, 0, 30, 75, 50, 50), .header(0, 0, 0, 30, 200)])
    expectContentSize(layout, 80, 200)
    #expect(
      layout.layoutAttributesForSupplementaryView(ofKind: .footer, at: .init(item: 0, section: 0))
        == nil)
  }

  @Test(
    "FLOW-5: the line dimension is the bounds width inside the left and right content insets",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func lineDimension_excludesContentInset_vertical(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(
        320, 480, contentInset: EdgeInsets(top: 64, left: 20, bottom: 34, right: 30)),
      layout: flowLayout { $0.itemSize = CGSize(width: 100, height: 50) },
      sections: [FlowSection(items: 3)])
    let layout = try prepared(strategy, model)
    // D = 320 − 20 − 30 = 270 (top/bottom insets do not matter); per = ⌊280/110⌋ = 2,
    // gap = 270 − 200 = 70 → x = 0, 170; line 2 at y = 60. Frames are in content coordinates,
    // so the top inset does not shift them.
    expectLayout(
      layout,
      [.cell(0, 0, 0, 0, 100, 50), .cell(0, 1, 170, 0, 100, 50), .cell(0, 2, 0, 60, 100, 50)])
    expectContentSize(layout, 270, 110)
  }

  @Test(
    "FLOW-5: the line dimension is the bounds height inside the top and bottom content insets",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func lineDimension_excludesContentInset_horizontal(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(
        320, 200, contentInset: EdgeInsets(top: 30, left: 15, bottom: 20, right: 0)),
      layout: flowLayout {
        $0.scrollDirection = .horizontal
        $0.itemSize = CGSize(width: 50, height: 40)
      },
      sections: [FlowSection(items: 4)])
    let layout = try prepared(strategy, model)
    // D = 200 − 30 − 20 = 150; main = height 40: per = ⌊160/50⌋ = 3, gap = (150 − 120)/2 = 15
    // → y = 0, 55, 110; column 2 at x = 50 + 10 = 60.
    expectLayout(
      layout,
      [
        .cell(0, 0, 0, 0, 50, 40), .cell(0, 1, 0, 55, 50, 40), .cell(0, 2, 0, 110, 50, 40),
        .cell(0, 3, 60, 0, 50, 40),
      ])
    expectContentSize(layout, 110, 150)
  }

  @Test(
    "FLOW-5: with no line dimension or empty bounds nothing is laid out",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func emptyLineDimensionOrBounds_laysOutNothing(strategy: String) throws {
    func model(_ environment: CollectionViewEnvironment, _ direction: ScrollDirection)
      -> FlowLayoutModel
    {
      FlowLayoutModel(
        collectionView: environment,
        layout: flowLayout {
          $0.scrollDirection = direction
          $0.headerReferenceSize = CGSize(width: 40, height: 40)
          $0.footerReferenceSize = CGSize(width: 20, height: 20)
        },
        sections: [FlowSection(items: 3)])
    }
    let cases: [(String, FlowLayoutModel)] = [
      // D = 100 − 60 − 40 = 0.
      ("D == 0", model(screen(100, 480, contentInset: EdgeInsets(left: 60, right: 40)), .vertical)),
      // D = 100 − 80 − 80 < 0, clamped to 0.
      ("D < 0", model(screen(100, 480, contentInset: EdgeInsets(left: 80, right: 80)), .vertical)),
      // D = 100 − 50 − 50 = 0 along y.
      (
        "horizontal D == 0",
        model(screen(320, 100, contentInset: EdgeInsets(top: 50, bottom: 50)), .horizontal)
      ),
      ("empty bounds, vertical", model(screen(320, 0), .vertical)),
      ("empty bounds, horizontal", model(screen(0, 200), .horizontal)),
    ]
    for (name, model) in cases {
      let layout = try prepared(strategy, model)
      #expect(layout.layoutAttributesForAllElements().isEmpty, "\(name)")
      #expect(layout.collectionViewContentSize == .zero, "\(name)")
      #expect(layout.layoutAttributesForItem(at: .init(item: 0, section: 0)) == nil, "\(name)")
      #expect(
        layout.layoutAttributesForSupplementaryView(ofKind: .header, at: .init(item: 0, section: 0))
          == nil, "\(name)")
    }
  }

  @Test(
    "FLOW-6: a line's available length is D minus the lead and trail section insets",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func availableLength_excludesSectionInsets_vertical(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(320, 480),
      layout: flowLayout {
        $0.itemSize = CGSize(width: 70, height: 70)
        $0.sectionInset = EdgeInsets(top: 0, left: 30, bottom: 0, right: 50)
      },
      sections: [FlowSection(items: 6)])
    let layout = try prepared(strategy, model)
    // A = 320 − 30 − 50 = 240; per = ⌊250/80⌋ = 3; gap = (240 − 210)/2 = 15 → x = 30, 115, 200,
    // the last ending at 270 = D − trail. Line 2 at y = 80.
    expectLayout(
      layout,
      [
        .cell(0, 0, 30, 0, 70, 70), .cell(0, 1, 115, 0, 70, 70), .cell(0, 2, 200, 0, 70, 70),
        .cell(0, 3, 30, 80, 70, 70), .cell(0, 4, 115, 80, 70, 70), .cell(0, 5, 200, 80, 70, 70),
      ])
    expectContentSize(layout, 320, 150)
  }

  @Test(
    "FLOW-6: a column's available length is D minus the top and bottom section insets",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func availableLength_excludesSectionInsets_horizontal(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(320, 200),
      layout: flowLayout {
        $0.scrollDirection = .horizontal
        $0.sectionInset = EdgeInsets(top: 20, left: 0, bottom: 10, right: 0)
      },
      sections: [FlowSection(items: 6)])
    let layout = try prepared(strategy, model)
    // A = 200 − 20 − 10 = 170; per = ⌊180/60⌋ = 3; gap = (170 − 150)/2 = 10 → y = 20, 80, 140,
    // the last ending at 190 = D − trail. Column 2 at x = 60.
    expectLayout(
      layout,
      [
        .cell(0, 0, 0, 20, 50, 50), .cell(0, 1, 0, 80, 50, 50), .cell(0, 2, 0, 140, 50, 50),
        .cell(0, 3, 60, 20, 50, 50), .cell(0, 4, 60, 80, 50, 50), .cell(0, 5, 60, 140, 50, 50),
      ])
    expectContentSize(layout, 110, 200)
  }
}
