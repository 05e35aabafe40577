import Foundation
import LayoutLab
import Testing

// MARK: - FLOW-7: section inset reference; FLOW-8: uniform and mixed sections

extension FlowRuleTests {
  /// C = (20, 10, 30, 0), safe area (50, 40, 34, 25), margins elsewhere, section inset 5 all round.
  static let safeAreaScreen = screen(
    400, 600, contentInset: EdgeInsets(top: 20, left: 10, bottom: 30, right: 0),
    safeArea: EdgeInsets(top: 50, left: 40, bottom: 34, right: 25),
    margins: EdgeInsets(top: 100, left: 100, bottom: 100, right: 100))

  static func insetReferenceModel(_ reference: SectionInsetReference) -> FlowLayoutModel {
    FlowLayoutModel(
      collectionView: safeAreaScreen,
      layout: flowLayout {
        $0.itemSize = CGSize(width: 100, height: 100)
        $0.sectionInset = EdgeInsets(top: 5, left: 5, bottom: 5, right: 5)
        $0.sectionInsetReference = reference
      },
      sections: [FlowSection(items: 4), FlowSection(items: 1)])
  }

  @Test(
    "FLOW-7: fromSafeArea moves the side insets by the safe area's excess and pads the scroll axis (vertical)",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func fromSafeArea_vertical(strategy: String) throws {
    let layout = try prepared(strategy, Self.insetReferenceModel(.fromSafeArea))
    // left = max(5 + 40 − 10, 0) = 35, right = max(5 + 25 − 0, 0) = 30; D = 400 − 10 − 0 = 390,
    // A = 390 − 65 = 325, per = ⌊335/110⌋ = 3, gap = (325 − 300)/2 = 12.5 → x = 35, 147.5, 260
    // (last ends at 360 = D − 30). Padding before = max(50 − 20, 0) = 30, after =
    // max(34 − 30, 0) = 4, once each, not per section. Section 0: top 5 → y = 35, 145; ends
    // 245 + 5 = 250. Section 1: y = 255, lone item centred 35 + (325 − 100)/2 = 147.5; ends
    // 355 + 5 = 360; + 4 = 364. Margins play no part.
    expectLayout(
      layout,
      [
        .cell(0, 0, 35, 35, 100, 100), .cell(0, 1, 147.5, 35, 100, 100),
        .cell(0, 2, 260, 35, 100, 100), .cell(0, 3, 35, 145, 100, 100),
        .cell(1, 0, 147.5, 255, 100, 100),
      ])
    expectContentSize(layout, 390, 364)
  }

  @Test(
    "FLOW-7: fromContentInset leaves section insets as given and adds no padding",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func fromContentInset_leavesInsetsAlone(strategy: String) throws {
    let layout = try prepared(strategy, Self.insetReferenceModel(.fromContentInset))
    // Same screen; insets stay 5: D = 390, A = 380, per = ⌊390/110⌋ = 3,
    // gap = (380 − 300)/2 = 40 → x = 5, 145, 285. Section 0 y = 5, 115, ends 220; section 1
    // y = 225, centred 5 + (380 − 100)/2 = 145, ends 330.
    expectLayout(
      layout,
      [
        .cell(0, 0, 5, 5, 100, 100), .cell(0, 1, 145, 5, 100, 100), .cell(0, 2, 285, 5, 100, 100),
        .cell(0, 3, 5, 115, 100, 100), .cell(1, 0, 145, 225, 100, 100),
      ])
    expectContentSize(layout, 390, 330)
  }

  @Test(
    "FLOW-7: fromLayoutMargins uses the margins, clamping at zero (vertical)",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func fromLayoutMargins_vertical(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(
        320, 480, contentInset: EdgeInsets(top: 20, left: 20, bottom: 0, right: 20),
        safeArea: EdgeInsets(top: 44, left: 0, bottom: 34, right: 0),
        margins: EdgeInsets(top: 8, left: 16, bottom: 8, right: 36)),
      layout: flowLayout {
        $0.itemSize = CGSize(width: 60, height: 40)
        $0.sectionInset = EdgeInsets(top: 0, left: 0, bottom: 0, right: 10)
        $0.sectionInsetReference = .fromLayoutMargins
      },
      sections: [FlowSection(items: 3)])
    let layout = try prepared(strategy, model)
    // left = max(0 + 16 − 20, 0) = 0, right = max(10 + 36 − 20, 0) = 26; D = 320 − 40 = 280,
    // A = 254, per = ⌊264/70⌋ = 3, gap = (254 − 180)/2 = 37 → x = 0, 97, 194 (ends 254).
    // Padding before = max(8 − 20, 0) = 0, after = max(8 − 0, 0) = 8. Safe area plays no part.
    expectLayout(
      layout,
      [.cell(0, 0, 0, 0, 60, 40), .cell(0, 1, 97, 0, 60, 40), .cell(0, 2, 194, 0, 60, 40)])
    expectContentSize(layout, 280, 48)
  }

  @Test(
    "FLOW-7: fromSafeArea moves the top and bottom insets and pads along x (horizontal)",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func fromSafeArea_horizontal(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(
        600, 300, contentInset: EdgeInsets(top: 10, left: 0, bottom: 20, right: 0),
        safeArea: EdgeInsets(top: 30, left: 44, bottom: 21, right: 44),
        margins: EdgeInsets(top: 100, left: 100, bottom: 100, right: 100)),
      layout: flowLayout {
        $0.scrollDirection = .horizontal
        $0.sectionInset = EdgeInsets(top: 0, left: 5, bottom: 0, right: 5)
        $0.sectionInsetReference = .fromSafeArea
      },
      sections: [FlowSection(items: 4)])
    let layout = try prepared(strategy, model)
    // top = max(0 + 30 − 10, 0) = 20, bottom = max(0 + 21 − 20, 0) = 1; D = 300 − 30 = 270,
    // A = 249, per = ⌊259/60⌋ = 4, gap = 49/3 → y = 20 + (50 + 49/3)·k (the last ends at
    // 269 = D − 1). Padding before = max(44 − 0, 0) = 44, after = 44; left inset 5 → x = 49.
    // Content width 44 + 5 + 50 + 5 + 44 = 148.
    let pitch = 50 + 49.0 / 3
    expectLayout(
      layout,
      (0..<4).map { .cell(0, $0, 49, 20 + pitch * Double($0), 50, 50) })
    expectContentSize(layout, 148, 270)
  }

  @Test(
    "FLOW-7: fromLayoutMargins moves the top and bottom insets and pads along x (horizontal)",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func fromLayoutMargins_horizontal(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(
        500, 200, contentInset: EdgeInsets(top: 0, left: 30, bottom: 0, right: 10),
        safeArea: EdgeInsets(top: 50, left: 60, bottom: 50, right: 60),
        margins: EdgeInsets(top: 12, left: 20, bottom: 12, right: 25)),
      layout: flowLayout {
        $0.scrollDirection = .horizontal
        $0.itemSize = CGSize(width: 40, height: 40)
        $0.sectionInset = EdgeInsets(top: 4, left: 0, bottom: 4, right: 0)
        $0.sectionInsetReference = .fromLayoutMargins
      },
      sections: [FlowSection(items: 5)])
    let layout = try prepared(strategy, model)
    // top = bottom = 4 + 12 − 0 = 16; D = 200, A = 168, per = ⌊178/50⌋ = 3,
    // gap = (168 − 120)/2 = 24 → y = 16, 80, 144 (ends 184 = D − 16). Padding before =
    // max(20 − 30, 0) = 0, after = max(25 − 10, 0) = 15. Columns x = 0, 50; content width
    // 40 + 10 + 40 + 15 = 105.
    expectLayout(
      layout,
      [
        .cell(0, 0, 0, 16, 40, 40), .cell(0, 1, 0, 80, 40, 40), .cell(0, 2, 0, 144, 40, 40),
        .cell(0, 3, 50, 16, 40, 40), .cell(0, 4, 50, 80, 40, 40),
      ])
    expectContentSize(layout, 105, 200)
  }

  @Test(
    "FLOW-8: per-item sizes that are all equal make a uniform section (the last line keeps the columns)",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func equalPerItemSizes_areUniform(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(320, 480),
      sections: [sized(Array(repeating: (80, 40), count: 5))])
    let layout = try prepared(strategy, model)
    // per = ⌊330/90⌋ = 3, gap = (320 − 240)/2 = 40 → columns 0, 120, 240; the last line
    // (2 items) stays in columns 0 and 120 (mixed would give 0, 90).
    expectLayout(
      layout,
      [
        .cell(0, 0, 0, 0, 80, 40), .cell(0, 1, 120, 0, 80, 40), .cell(0, 2, 240, 0, 80, 40),
        .cell(0, 3, 0, 50, 80, 40), .cell(0, 4, 120, 50, 80, 40),
      ])
  }

  @Test(
    "FLOW-8: one differing size makes a section mixed (the last line is left-aligned)",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func oneDifferentSize_makesSectionMixed(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(320, 480),
      sections: [sized([(80, 40), (80, 40), (80, 40), (80, 40), (80, 30)])])
    let layout = try prepared(strategy, model)
    // Line 1: 80, 80, 80 (remaining 320 − 270 = 50 < 80) justified, gap 40 → 0, 120, 240.
    // Line 2: used 180 ≠ 270 → left-aligned, s_i 10 → 0, 90; 40 thick, so the 30-high
    // item sits at 50 + 5.
    expectLayout(
      layout,
      [
        .cell(0, 0, 0, 0, 80, 40), .cell(0, 1, 120, 0, 80, 40), .cell(0, 2, 240, 0, 80, 40),
        .cell(0, 3, 0, 50, 80, 40), .cell(0, 4, 90, 55, 80, 30),
      ])
  }

  @Test(
    "FLOW-8: a non-zero estimatedItemSize makes every section mixed",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func estimatedSizes_makeEverySectionMixed(strategy: String) throws {
    // The estimate equals the real size, so self-sizing (FLOW-26) changes no size.
    let model = FlowLayoutModel(
      collectionView: screen(320, 480),
      layout: flowLayout {
        $0.itemSize = CGSize(width: 80, height: 40)
        $0.estimatedItemSize = .size(CGSize(width: 80, height: 40))
      },
      sections: [FlowSection(items: 5), sized(Array(repeating: (80, 40), count: 5))])
    let layout = try prepared(strategy, model)
    // Both sections as in the mixed case: 0, 120, 240 justified; last line left-aligned 0, 90.
    // Section 1 starts at 90.
    expectLayout(
      layout,
      [
        .cell(0, 0, 0, 0, 80, 40), .cell(0, 1, 120, 0, 80, 40), .cell(0, 2, 240, 0, 80, 40),
        .cell(0, 3, 0, 50, 80, 40), .cell(0, 4, 90, 50, 80, 40),
        .cell(1, 0, 0, 90, 80, 40), .cell(1, 1, 120, 90, 80, 40), .cell(1, 2, 240, 90, 80, 40),
        .cell(1, 3, 0, 140, 80, 40), .cell(1, 4, 90, 140, 80, 40),
      ])
    expectContentSize(layout, 320, 180)
  }
}
