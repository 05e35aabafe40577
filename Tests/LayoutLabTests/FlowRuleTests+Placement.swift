import Foundation
import LayoutLab
import Testing

// MARK: - FLOW-13…15: placement along and across a line

extension FlowRuleTests {
  @Test(
    "FLOW-13: a complete line is justified to the insets; a complete lone item is centred",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func completeLines_areJustified(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(320, 480),
      layout: flowLayout { $0.sectionInset = EdgeInsets(top: 0, left: 12, bottom: 0, right: 8) },
      sections: [sized([(90, 20), (60, 20), (70, 20), (200, 20), (150, 20)])])
    let layout = try prepared(strategy, model)
    // A = 300. Line 1: 90, 60, 70 (rem 50), 200 closes → gap (300 − 220)/2 = 40:
    //   12, 142, 242; the last ends at 312 = D − trail.
    // Line 2: 200 (rem 90), 150 closes → lone: 12 + (300 − 200)/2 = 62.
    // Line 3: 150, incomplete (used 160 ≠ 210) → 12.
    expectLayout(
      layout,
      [
        .cell(0, 0, 12, 0, 90, 20), .cell(0, 1, 142, 0, 60, 20), .cell(0, 2, 242, 0, 70, 20),
        .cell(0, 3, 62, 30, 200, 20), .cell(0, 4, 12, 60, 150, 20),
      ])
    expectContentSize(layout, 320, 80)
  }

  @Test(
    "FLOW-13: in a mixed section a complete lone item wider than the line starts at the lead inset",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func mixedLoneOversizeItem_startsAtLead(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(320, 480),
      layout: flowLayout { $0.sectionInset = EdgeInsets(top: 0, left: 12, bottom: 0, right: 8) },
      sections: [sized([(100, 20), (500, 20), (100, 20)])])
    let layout = try prepared(strategy, model)
    // A = 300. [100] closed by 500 → centred 12 + 100 = 112. [500] closed by 100 → wider than
    // A → 12. [100] last, every line held one item (FLOW-12a) → centred 112.
    expectLayout(
      layout,
      [.cell(0, 0, 112, 0, 100, 20), .cell(0, 1, 12, 30, 500, 20), .cell(0, 2, 112, 60, 100, 20)])
  }

  @Test(
    "FLOW-13: in a uniform section a lone item wider than the line is centred (negative position)",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func uniformLoneOversizeItem_isCentred(strategy: String) throws {
    let vertical = try prepared(
      strategy,
      FlowLayoutModel(
        collectionView: screen(320, 480),
        layout: flowLayout {
          $0.itemSize = CGSize(width: 400, height: 50)
          $0.sectionInset = EdgeInsets(top: 0, left: 10, bottom: 0, right: 30)
        },
        sections: [FlowSection(items: 2)]))
    // A = 280: x = 10 + (280 − 400)/2 = −50; rows at 0, 60.
    expectLayout(
      vertical, [.cell(0, 0, -50, 0, 400, 50), .cell(0, 1, -50, 60, 400, 50)], "vertical")
    expectContentSize(vertical, 320, 110, "vertical")

    let horizontal = try prepared(
      strategy,
      FlowLayoutModel(
        collectionView: screen(320, 200),
        layout: flowLayout {
          $0.scrollDirection = .horizontal
          $0.itemSize = CGSize(width: 100, height: 260)
        },
        sections: [FlowSection(items: 2)]))
    // A = 200, main 260: y = (200 − 260)/2 = −30; columns at 0, 110.
    expectLayout(
      horizontal, [.cell(0, 0, 0, -30, 100, 260), .cell(0, 1, 110, -30, 100, 260)], "horizontal")
    expectContentSize(horizontal, 210, 200, "horizontal")
  }

  @Test(
    "FLOW-14: the last line of a mixed section is left-aligned with exactly s_i between items",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func lastLineOfMixedSection_isLeftAligned(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(320, 480),
      layout: flowLayout {
        $0.minimumInteritemSpacing = 7
        $0.sectionInset = EdgeInsets(top: 0, left: 15, bottom: 0, right: 0)
      },
      sections: [sized([(100, 30), (100, 30), (100, 30), (40, 30), (60, 20)])])
    let layout = try prepared(strategy, model)
    // A = 305. Line 1: 100 (rem 198), 100 (rem 91), 100 closes → gap 305 − 200 = 105: 15, 220.
    // Line 2: 100, 40, 60; used 107 + 47 + 67 = 221 ≠ 214 → left-aligned: 15, 122, 169 at
    // y = 40 (the 20-high item at 45).
    expectLayout(
      layout,
      [
        .cell(0, 0, 15, 0, 100, 30), .cell(0, 1, 220, 0, 100, 30),
        .cell(0, 2, 15, 40, 100, 30), .cell(0, 3, 122, 40, 40, 30), .cell(0, 4, 169, 45, 60, 20),
      ])
    expectContentSize(layout, 320, 70)
  }

  @Test(
    "FLOW-14: the last column of a mixed section starts at the top (horizontal)",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func lastColumnOfMixedSection_isTopAligned(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(320, 200),
      layout: flowLayout { $0.scrollDirection = .horizontal },
      sections: [sized([(30, 80), (30, 80), (30, 60), (40, 20)])])
    let layout = try prepared(strategy, model)
    // A = 200. Column 1: 80 (rem 110), 80 (rem 20), 60 closes → gap 40: y = 0, 120.
    // Column 2 at x = 40: 60, 20; incomplete → y = 0, 70; 40 wide, so the 30-wide item is
    // centred at 40 + 5.
    expectLayout(
      layout,
      [
        .cell(0, 0, 0, 0, 30, 80), .cell(0, 1, 0, 120, 30, 80), .cell(0, 2, 45, 0, 30, 60),
        .cell(0, 3, 40, 70, 40, 20),
      ])
    expectContentSize(layout, 80, 200)
  }

  @Test(
    "FLOW-14: the last line of a uniform section keeps the columns of the full lines",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func lastLineOfUniformSection_keepsColumns(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(320, 480),
      layout: flowLayout {
        $0.itemSize = CGSize(width: 80, height: 40)
        $0.sectionInset = EdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
      },
      sections: [FlowSection(items: 5)])
    let layout = try prepared(strategy, model)
    // A = 300, per = ⌊310/90⌋ = 3, gap (300 − 240)/2 = 30 → columns 10, 120, 230; the last line
    // uses columns 10 and 120 (not 10, 100).
    expectLayout(
      layout,
      [
        .cell(0, 0, 10, 0, 80, 40), .cell(0, 1, 120, 0, 80, 40), .cell(0, 2, 230, 0, 80, 40),
        .cell(0, 3, 10, 50, 80, 40), .cell(0, 4, 120, 50, 80, 40),
      ])
  }

  @Test(
    "FLOW-14: a uniform section's only, incomplete line uses the columns a full line would have",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func onlyLineOfUniformSection_usesFullLineColumns(strategy: String) throws {
    let layout = try prepared(
      strategy, FlowLayoutModel(collectionView: screen(320, 480), sections: [FlowSection(items: 3)])
    )
    // 50×50 defaults: per = ⌊330/60⌋ = 5, so a full line has gap (320 − 250)/4 = 17.5. The one
    // line holds 3 < 5 items: incomplete (not closed by a non-fitting item; FLOW-12a/b do not
    // apply), so FLOW-14 puts them in the full-line columns 0, 67.5, 135.
    expectLayout(
      layout,
      [.cell(0, 0, 0, 0, 50, 50), .cell(0, 1, 67.5, 0, 50, 50), .cell(0, 2, 135, 0, 50, 50)])
  }

  @Test(
    "FLOW-14: a uniform section with one item per line centres every line, the last included",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func uniformOnePerLine_centresLastLine(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(320, 480),
      layout: flowLayout {
        $0.itemSize = CGSize(width: 200, height: 50)
        $0.sectionInset = EdgeInsets(top: 0, left: 20, bottom: 0, right: 0)
      },
      sections: [FlowSection(items: 3)])
    let layout = try prepared(strategy, model)
    // A = 300, per = ⌊310/210⌋ = 1 → x = 20 + (300 − 200)/2 = 70 on every line.
    expectLayout(
      layout,
      [.cell(0, 0, 70, 0, 200, 50), .cell(0, 1, 70, 60, 200, 50), .cell(0, 2, 70, 120, 200, 50)])
  }

  @Test(
    "FLOW-14: the last column of a uniform section keeps the rows of the full columns (horizontal)",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func lastColumnOfUniformSection_keepsRows(strategy: String) throws {
    let layout = try prepared(
      strategy,
      FlowLayoutModel(
        collectionView: screen(320, 200),
        layout: flowLayout { $0.scrollDirection = .horizontal },
        sections: [FlowSection(items: 5)]))
    // A = 200, per = ⌊210/60⌋ = 3, gap 25 → rows 0, 75, 150; column 2 at x = 60 uses 0, 75.
    expectLayout(
      layout,
      [
        .cell(0, 0, 0, 0, 50, 50), .cell(0, 1, 0, 75, 50, 50), .cell(0, 2, 0, 150, 50, 50),
        .cell(0, 3, 60, 0, 50, 50), .cell(0, 4, 60, 75, 50, 50),
      ])
    expectContentSize(layout, 110, 200)
  }

  @Test(
    "FLOW-15: items are centred across their row",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func itemsAreCentredAcrossTheirRow(strategy: String) throws {
    let layout = try prepared(
      strategy,
      FlowLayoutModel(
        collectionView: screen(320, 480), sections: [sized([(100, 50), (100, 80), (50, 20)])]))
    // One (incomplete) row, 80 thick, left-aligned 0, 110, 220; y = (80 − h)/2 = 15, 0, 30.
    expectLayout(
      layout,
      [.cell(0, 0, 0, 15, 100, 50), .cell(0, 1, 110, 0, 100, 80), .cell(0, 2, 220, 30, 50, 20)])
    expectContentSize(layout, 320, 80)
  }

  @Test(
    "FLOW-15: items are centred across their column (horizontal)",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func itemsAreCentredAcrossTheirColumn(strategy: String) throws {
    let layout = try prepared(
      strategy,
      FlowLayoutModel(
        collectionView: screen(320, 200),
        layout: flowLayout { $0.scrollDirection = .horizontal },
        sections: [sized([(60, 50), (30, 50), (40, 80), (20, 30)])]))
    // Column 1: 50, 50, 80 (= remaining 80, fits), 30 closes → Σ 180, gap 10: y = 0, 60, 120;
    // 60 wide: x = 0, (60 − 30)/2 = 15, (60 − 40)/2 = 10. Column 2 at x = 70: the 20-wide
    // item alone, incomplete → y = 0.
    expectLayout(
      layout,
      [
        .cell(0, 0, 0, 0, 60, 50), .cell(0, 1, 15, 60, 30, 50), .cell(0, 2, 10, 120, 40, 80),
        .cell(0, 3, 70, 0, 20, 30),
      ])
    expectContentSize(layout, 90, 200)
  }
}
