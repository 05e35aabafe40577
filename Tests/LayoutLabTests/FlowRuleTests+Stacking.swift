import Foundation
import LayoutLab
import Testing

// MARK: - FLOW-16…20: stacking, headers and footers, sections, content size, right-to-left

extension FlowRuleTests {
  @Test(
    "FLOW-16: a section stacks header, before inset, lines, after inset, footer; an empty one keeps all but lines",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func sectionStacking_vertical(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(320, 480),
      layout: flowLayout {
        $0.itemSize = CGSize(width: 100, height: 50)
        $0.minimumLineSpacing = 15
        $0.sectionInset = EdgeInsets(top: 7, left: 0, bottom: 13, right: 0)
        $0.headerReferenceSize = CGSize(width: 0, height: 40)
        $0.footerReferenceSize = CGSize(width: 0, height: 20)
      },
      sections: [FlowSection(items: 4), FlowSection(items: 0)])
    let layout = try prepared(strategy, model)
    // Section 0: header 0…40, +7 → line 1 at 47 (no s_l after the header), line 2 at
    // 47 + 50 + 15 = 112, lines end 162, +13 → footer 175…195 (no s_l before it):
    // 40 + 7 + 100 + 15 + 13 + 20 = 195. per = 3, gap 10 → 0, 110, 220.
    // Section 1 (empty): header 195…235, 7 + 13, footer 255…275.
    expectLayout(
      layout,
      [
        .cell(0, 0, 0, 47, 100, 50), .cell(0, 1, 110, 47, 100, 50), .cell(0, 2, 220, 47, 100, 50),
        .cell(0, 3, 0, 112, 100, 50),
        .header(0, 0, 0, 320, 40), .header(1, 0, 195, 320, 40),
        .footer(0, 0, 175, 320, 20), .footer(1, 0, 255, 320, 20),
      ])
    expectContentSize(layout, 320, 275)
  }

  @Test(
    "FLOW-16: sections stack the same way along x (horizontal)",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func sectionStacking_horizontal(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(400, 200),
      layout: flowLayout {
        $0.scrollDirection = .horizontal
        $0.itemSize = CGSize(width: 40, height: 90)
        $0.minimumLineSpacing = 12
        $0.sectionInset = EdgeInsets(top: 0, left: 5, bottom: 0, right: 15)
        $0.headerReferenceSize = CGSize(width: 30, height: 0)
        $0.footerReferenceSize = CGSize(width: 20, height: 0)
      },
      sections: [FlowSection(items: 3), FlowSection(items: 0)])
    let layout = try prepared(strategy, model)
    // A = 200, per = ⌊210/100⌋ = 2, gap 20 → y = 0, 110. Section 0: header 0…30, +5 →
    // column 1 at 35, column 2 at 35 + 40 + 12 = 87, end 127, +15 → footer 142…162.
    // Section 1 (empty): header 162…192, 5 + 15, footer 212…232.
    expectLayout(
      layout,
      [
        .cell(0, 0, 35, 0, 40, 90), .cell(0, 1, 35, 110, 40, 90), .cell(0, 2, 87, 0, 40, 90),
        .header(0, 0, 0, 30, 200), .header(1, 162, 0, 30, 200),
        .footer(0, 142, 0, 20, 200), .footer(1, 212, 0, 20, 200),
      ])
    expectContentSize(layout, 232, 200)
  }

  @Test(
    "FLOW-17: headers and footers span the line dimension, whatever the section insets (vertical)",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func supplementaryViews_spanLineDimension_vertical(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(
        320, 480, contentInset: EdgeInsets(top: 0, left: 20, bottom: 0, right: 10)),
      layout: flowLayout {
        $0.itemSize = CGSize(width: 100, height: 100)
        $0.sectionInset = EdgeInsets(top: 10, left: 30, bottom: 10, right: 30)
        $0.headerReferenceSize = CGSize(width: 0, height: 44)
        $0.footerReferenceSize = CGSize(width: 0, height: 22)
      },
      sections: [FlowSection(items: 1)])
    let layout = try prepared(strategy, model)
    // D = 290, A = 230: item centred 30 + 65 = 95 at 44 + 10. Header (0, 0, 290, 44); lines end
    // 154, +10 → footer (0, 164, 290, 22).
    expectLayout(
      layout,
      [.cell(0, 0, 95, 54, 100, 100), .header(0, 0, 0, 290, 44), .footer(0, 0, 164, 290, 22)])
    expectContentSize(layout, 290, 186)
  }

  @Test(
    "FLOW-17: headers and footers span the line dimension, whatever the section insets (horizontal)",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func supplementaryViews_spanLineDimension_horizontal(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(
        400, 240, contentInset: EdgeInsets(top: 20, left: 0, bottom: 20, right: 0)),
      layout: flowLayout {
        $0.scrollDirection = .horizontal
        $0.sectionInset = EdgeInsets(top: 30, left: 10, bottom: 30, right: 10)
        $0.headerReferenceSize = CGSize(width: 25, height: 0)
        $0.footerReferenceSize = CGSize(width: 15, height: 0)
      },
      sections: [FlowSection(items: 1)])
    let layout = try prepared(strategy, model)
    // D = 200, A = 140: item centred 30 + 45 = 75, at x = 25 + 10. Header (0, 0, 25, 200);
    // column ends 85, +10 → footer (95, 0, 15, 200).
    expectLayout(
      layout,
      [.cell(0, 0, 35, 75, 50, 50), .header(0, 0, 0, 25, 200), .footer(0, 95, 0, 15, 200)])
    expectContentSize(layout, 110, 200)
  }

  @Test(
    "FLOW-18: sections follow without a gap, in content coordinates inside the content inset",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func sectionsFollowWithoutGap_inContentCoordinates(strategy: String) throws {
    let vertical = try prepared(
      strategy,
      FlowLayoutModel(
        collectionView: screen(
          320, 480, offset: CGPoint(x: 0, y: -64),
          contentInset: EdgeInsets(top: 64, left: 0, bottom: 34, right: 0)),
        layout: flowLayout { $0.itemSize = CGSize(width: 100, height: 100) },
        sections: [FlowSection(items: 3), FlowSection(items: 1)]))
    // Section 0: one row at y = 0 (not 64): 0, 110, 220. Section 1 starts at 100, no s_l
    // between sections; its lone item centred at 110.
    expectLayout(
      vertical,
      [
        .cell(0, 0, 0, 0, 100, 100), .cell(0, 1, 110, 0, 100, 100), .cell(0, 2, 220, 0, 100, 100),
        .cell(1, 0, 110, 100, 100, 100),
      ], "vertical")
    expectContentSize(vertical, 320, 200, "vertical")

    let horizontal = try prepared(
      strategy,
      FlowLayoutModel(
        collectionView: screen(320, 100),
        layout: flowLayout { $0.scrollDirection = .horizontal },
        sections: [FlowSection(items: 2), FlowSection(items: 1)]))
    // D = 100, per = ⌊110/60⌋ = 1, centred y = 25. Section 0: x = 0, 60, ends 110; section 1
    // at 110.
    expectLayout(
      horizontal,
      [.cell(0, 0, 0, 25, 50, 50), .cell(0, 1, 60, 25, 50, 50), .cell(1, 0, 110, 25, 50, 50)],
      "horizontal")
    expectContentSize(horizontal, 160, 100, "horizontal")
  }

  @Test(
    "FLOW-19: the content size is D across and the total length along; items wider than D do not widen it",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func contentSize_neverScrollsAcross(strategy: String) throws {
    let vertical = try prepared(
      strategy,
      FlowLayoutModel(
        collectionView: screen(
          320, 480, contentInset: EdgeInsets(top: 0, left: 10, bottom: 0, right: 10)),
        sections: [sized([(500, 40), (100, 40)])]))
    // D = 300. Mixed, first item 500 > 300: empty line, item 0 at y = 10, x = 0; item 1 at
    // y = 60, left-aligned. Length 100; width stays 300.
    expectLayout(vertical, [.cell(0, 0, 0, 10, 500, 40), .cell(0, 1, 0, 60, 100, 40)], "vertical")
    expectContentSize(vertical, 300, 100, "vertical")

    let horizontal = try prepared(
      strategy,
      FlowLayoutModel(
        collectionView: screen(320, 200),
        layout: flowLayout {
          $0.scrollDirection = .horizontal
          $0.itemSize = CGSize(width: 50, height: 250)
        },
        sections: [FlowSection(items: 2)]))
    // D = 200; uniform lone items centred y = −25; columns 0, 60. Height stays 200.
    expectLayout(
      horizontal, [.cell(0, 0, 0, -25, 50, 250), .cell(0, 1, 60, -25, 50, 250)], "horizontal")
    expectContentSize(horizontal, 110, 200, "horizontal")
  }

  @Test(
    "FLOW-20: right-to-left mirrors every frame within D, so rows fill from the right (vertical)",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func rightToLeft_vertical(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(
        320, 480, contentInset: EdgeInsets(top: 0, left: 10, bottom: 0, right: 10),
        direction: .rightToLeft),
      layout: flowLayout {
        $0.itemSize = CGSize(width: 80, height: 40)
        $0.sectionInset = EdgeInsets(top: 0, left: 20, bottom: 0, right: 0)
        $0.headerReferenceSize = CGSize(width: 0, height: 30)
      },
      sections: [FlowSection(items: 4), sized([(100, 20), (60, 20)])])
    let layout = try prepared(strategy, model)
    // D = 300, A = 280. Left to right: section 0 per = ⌊290/90⌋ = 3, gap 20 → x = 20, 120, 220
    // at y = 30, item 3 at 20, y = 80; section 1 (header 120…150) mixed, left-aligned 20, 130
    // at y = 150. Mirrored x′ = 300 − x − w: 200, 100, 0; 200; 180, 110. Headers (0, _, 300, 30)
    // mirror onto themselves.
    expectLayout(
      layout,
      [
        .cell(0, 0, 200, 30, 80, 40), .cell(0, 1, 100, 30, 80, 40), .cell(0, 2, 0, 30, 80, 40),
        .cell(0, 3, 200, 80, 80, 40),
        .cell(1, 0, 180, 150, 100, 20), .cell(1, 1, 110, 150, 60, 20),
        .header(0, 0, 0, 300, 30), .header(1, 0, 120, 300, 30),
      ])
    expectContentSize(layout, 300, 170)
  }

  @Test(
    "FLOW-20: right-to-left mirrors every frame within the content width, so sections run leftwards (horizontal)",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func rightToLeft_horizontal(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(300, 100, direction: .rightToLeft),
      layout: flowLayout {
        $0.scrollDirection = .horizontal
        $0.itemSize = CGSize(width: 40, height: 40)
        $0.headerReferenceSize = CGSize(width: 20, height: 0)
      },
      sections: [FlowSection(items: 3), FlowSection(items: 1)])
    let layout = try prepared(strategy, model)
    // Left to right: D = 100, per = ⌊110/50⌋ = 2, gap 20 → y = 0, 60. Section 0: header 0…20,
    // columns at 20 and 70, ends 110; section 1: header 110…130, lone item centred y = 30 at
    // x = 130; content width 170. Mirrored x′ = 170 − x − w: header 0 → 150, column 1 → 110,
    // column 2 → 60, header 1 → 40, section 1's item → 0.
    expectLayout(
      layout,
      [
        .cell(0, 0, 110, 0, 40, 40), .cell(0, 1, 110, 60, 40, 40), .cell(0, 2, 60, 0, 40, 40),
        .cell(1, 0, 0, 30, 40, 40),
        .header(0, 150, 0, 20, 100), .header(1, 40, 0, 20, 100),
      ])
    expectContentSize(layout, 170, 100)
    // Queries see the mirrored frames: x 0…50 meets section 1's item (0…40) and header
    // (40…60), not item 2 (60…100); a zero-width rect at x = 60 touches header 1 and item 2.
    expectElements(
      layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 50, height: 100)),
      [.cell(1, 0, 0, 30, 40, 40), .header(1, 40, 0, 20, 100)], "rect x 0…50")
    expectElements(
      layout.layoutAttributesForElements(in: CGRect(x: 60, y: 0, width: 0, height: 100)),
      [.cell(0, 2, 60, 0, 40, 40), .header(1, 40, 0, 20, 100)], "rect x = 60")
  }
}
