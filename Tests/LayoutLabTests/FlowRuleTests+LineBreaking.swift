import Foundation
import LayoutLab
import Testing

// MARK: - FLOW-9…12: line breaking and which lines are complete

extension FlowRuleTests {
  @Test(
    "FLOW-9: items fill rows greedily in order; an item of exactly the remaining length fits",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func greedyFill_rows(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(320, 480),
      sections: [
        sized([(100, 20), (200, 20), (100, 20), (90, 20), (110, 20), (400, 20), (30, 20)])
      ])
    let layout = try prepared(strategy, model)
    // A = 320, s_i = 10.
    // Line 1: 100 (rem 210), 200 ≤ 210 (rem 0), 100 > 0 closes → justified, gap 20: 0, 120.
    // Line 2: 100 (rem 210), 90 (rem 110), 110 ≤ 110 fits (rem −10), 400 closes → Σ 300,
    //   gap (320 − 300)/2 = 10: 0, 110, 210.
    // Line 3: 400 alone (wider than A, not first: no empty line), 30 > −90 closes; complete,
    //   n = 1 and main > A → starts at lead 0.
    // Line 4: 30, the incomplete last line → left-aligned at 0. Rows at y = 0, 30, 60, 90.
    expectLayout(
      layout,
      [
        .cell(0, 0, 0, 0, 100, 20), .cell(0, 1, 120, 0, 200, 20),
        .cell(0, 2, 0, 30, 100, 20), .cell(0, 3, 110, 30, 90, 20), .cell(0, 4, 210, 30, 110, 20),
        .cell(0, 5, 0, 60, 400, 20), .cell(0, 6, 0, 90, 30, 20),
      ])
    expectContentSize(layout, 320, 110)
  }

  @Test(
    "FLOW-9: items fill columns greedily from top to bottom (horizontal)",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func greedyFill_columns(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(320, 200),
      layout: flowLayout { $0.scrollDirection = .horizontal },
      sections: [sized([(20, 90), (20, 100), (30, 50), (20, 150)])])
    let layout = try prepared(strategy, model)
    // A = 200, main = height. Column 1: 90 (rem 100), 100 ≤ 100 fits (rem −10), 50 closes →
    //   justified, gap 200 − 190 = 10: y = 0, 100; 20 wide at x = 0.
    // Column 2: 50 (rem 140), 150 > 140 closes → lone, centred (200 − 50)/2 = 75; x = 20 + 10.
    // Column 3: 150, incomplete last → y = 0; x = 30 + 30 + 10 = 70.
    expectLayout(
      layout,
      [
        .cell(0, 0, 0, 0, 20, 90), .cell(0, 1, 0, 100, 20, 100), .cell(0, 2, 30, 75, 30, 50),
        .cell(0, 3, 70, 0, 20, 150),
      ])
    expectContentSize(layout, 90, 200)
  }

  @Test(
    "FLOW-10: a uniform section puts max(1, ⌊(A + s_i)/(w + s_i)⌋) items on every full line",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func uniformItemsPerLine(strategy: String) throws {
    // w = 100, s_i = 10: per = ⌊330/110⌋ = 3 exactly (3·100 + 2·10 = 320); gap 10.
    let exact = try prepared(
      strategy,
      FlowLayoutModel(
        collectionView: screen(320, 480),
        layout: flowLayout { $0.itemSize = CGSize(width: 100, height: 50) },
        sections: [FlowSection(items: 7)]))
    expectLayout(
      exact,
      [
        .cell(0, 0, 0, 0, 100, 50), .cell(0, 1, 110, 0, 100, 50), .cell(0, 2, 220, 0, 100, 50),
        .cell(0, 3, 0, 60, 100, 50), .cell(0, 4, 110, 60, 100, 50), .cell(0, 5, 220, 60, 100, 50),
        .cell(0, 6, 0, 120, 100, 50),
      ], "w 100, s_i 10")
    expectContentSize(exact, 320, 170, "w 100, s_i 10")

    // w = 30, s_i = 5: per = ⌊325/35⌋ = 9; gap = (320 − 270)/8 = 6.25, pitch 36.25. Item 9
    // starts line 2 at y = 30 + 10.
    let nine = try prepared(
      strategy,
      FlowLayoutModel(
        collectionView: screen(320, 480),
        layout: flowLayout {
          $0.itemSize = CGSize(width: 30, height: 30)
          $0.minimumInteritemSpacing = 5
        },
        sections: [FlowSection(items: 10)]))
    expectLayout(
      nine,
      (0..<9).map { .cell(0, $0, 36.25 * Double($0), 0, 30, 30) } + [.cell(0, 9, 0, 40, 30, 30)],
      "w 30, s_i 5")

    // w = 100, s_i = 200: per = max(1, ⌊520/300⌋) = 1 → every item centred at 110.
    let one = try prepared(
      strategy,
      FlowLayoutModel(
        collectionView: screen(320, 480),
        layout: flowLayout {
          $0.itemSize = CGSize(width: 100, height: 50)
          $0.minimumInteritemSpacing = 200
        },
        sections: [FlowSection(items: 3)]))
    expectLayout(
      one,
      [
        .cell(0, 0, 110, 0, 100, 50), .cell(0, 1, 110, 60, 100, 50), .cell(0, 2, 110, 120, 100, 50),
      ],
      "w 100, s_i 200")
  }

  @Test(
    "FLOW-10: when w + s_i == 0 every item of the section fits on one line",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func zeroPitch_putsEveryItemOnOneLine(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(320, 480),
      layout: flowLayout {
        $0.itemSize = CGSize(width: 0, height: 20)
        $0.minimumInteritemSpacing = 0
      },
      sections: [FlowSection(items: 5)])
    let layout = try prepared(strategy, model)
    // One line, 20 thick: every item at y = 0, 0×20, inside the line; content height 20.
    // (Where along the line is not asked here.)
    let elements = layout.layoutAttributesForAllElements()
    #expect(elements.count == 5)
    for element in elements {
      #expect(element.frame.origin.y == 0, "\(element.indexPath)")
      #expect(element.frame.size == CGSize(width: 0, height: 20), "\(element.indexPath)")
      #expect((0...320).contains(element.frame.origin.x), "\(element.indexPath)")
    }
    expectContentSize(layout, 320, 20)
  }

  @Test(
    "FLOW-11: in a mixed section a first item wider than the line is preceded by an empty line",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func oversizeFirstItemOfMixedSection_startsOneLineSpacingLater(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(320, 480),
      layout: flowLayout {
        $0.minimumLineSpacing = 25
        $0.headerReferenceSize = CGSize(width: 0, height: 20)
        $0.sectionInset = EdgeInsets(top: 5, left: 8, bottom: 0, right: 0)
      },
      sections: [sized([(400, 50), (100, 30)])])
    let layout = try prepared(strategy, model)
    // A = 312 < 400. The empty line (thickness 0) sits at 20 + 5 = 25; item 0 one s_l later
    // at y = 50, at the lead x = 8 (lone, wider than A). Item 1: y = 50 + 50 + 25 = 125; the
    // last line is incomplete (the empty line holds no item, so FLOW-12a does not apply;
    // 110 ≠ 410 for FLOW-12b) → left-aligned at 8.
    expectLayout(
      layout,
      [.cell(0, 0, 8, 50, 400, 50), .cell(0, 1, 8, 125, 100, 30), .header(0, 0, 0, 320, 20)])
    expectContentSize(layout, 320, 155)
  }

  @Test(
    "FLOW-11: no empty line in a uniform section, for an item that fits exactly, or for a later item",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func emptyLine_onlyForOversizeFirstItemOfMixedSection(strategy: String) throws {
    // Uniform, 400 wide, A = 320 − 8 = 312: centred 8 + (312 − 400)/2 = −36 at y = 0, 60.
    let uniformSection = try prepared(
      strategy,
      FlowLayoutModel(
        collectionView: screen(320, 480),
        layout: flowLayout { $0.sectionInset = EdgeInsets(top: 0, left: 8, bottom: 0, right: 0) },
        sections: [uniform(2, 400, 50)]))
    expectLayout(
      uniformSection, [.cell(0, 0, -36, 0, 400, 50), .cell(0, 1, -36, 60, 400, 50)], "uniform")
    expectContentSize(uniformSection, 320, 110, "uniform")

    // Mixed, first item exactly A = 320 (fits): line 1 [320] closed by 100 → centred at 0;
    // line 2 [100], every line holds one item (FLOW-12a) → centred (320 − 100)/2 = 110.
    let exact = try prepared(
      strategy,
      FlowLayoutModel(collectionView: screen(320, 480), sections: [sized([(320, 50), (100, 50)])]))
    expectLayout(exact, [.cell(0, 0, 0, 0, 320, 50), .cell(0, 1, 110, 60, 100, 50)], "exact fit")
    expectContentSize(exact, 320, 110, "exact fit")

    // Mixed, the oversize item second: line 1 [100] closed by 400 → centred 110; line 2 [400],
    // every line holds one → complete, wider than A → at the lead 0.
    let later = try prepared(
      strategy,
      FlowLayoutModel(collectionView: screen(320, 480), sections: [sized([(100, 50), (400, 50)])]))
    expectLayout(later, [.cell(0, 0, 110, 0, 100, 50), .cell(0, 1, 0, 60, 400, 50)], "second item")
    expectContentSize(later, 320, 110, "second item")
  }

  @Test(
    "FLOW-11: the empty line also precedes an oversize first item in a column (horizontal)",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func oversizeFirstItemOfMixedSection_horizontal(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(320, 200),
      layout: flowLayout { $0.scrollDirection = .horizontal },
      sections: [sized([(50, 300), (50, 100)])])
    let layout = try prepared(strategy, model)
    // A = 200 < 300: empty column at x = 0, item 0 at x = 10, y = 0 (lead); item 1 in the next
    // column x = 10 + 50 + 10 = 70, left-aligned (top) y = 0.
    expectLayout(layout, [.cell(0, 0, 10, 0, 50, 300), .cell(0, 1, 70, 0, 50, 100)])
    expectContentSize(layout, 120, 200)
  }

  @Test(
    "FLOW-12a: when every line of a mixed section holds one item, the last line is complete (centred)",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func everyLineHoldsOneItem_lastLineIsComplete(strategy: String) throws {
    let layout = try prepared(
      strategy,
      FlowLayoutModel(
        collectionView: screen(320, 480), sections: [sized([(250, 50), (200, 30), (180, 40)])]))
    // 250 (rem 60) | 200 (rem 110) | 180: one item per line, all centred:
    // 35, 60, 70 at y = 0, 60, 100.
    expectLayout(
      layout,
      [.cell(0, 0, 35, 0, 250, 50), .cell(0, 1, 60, 60, 200, 30), .cell(0, 2, 70, 100, 180, 40)])
    expectContentSize(layout, 320, 140)
  }

  @Test(
    "FLOW-12a: with a two-item line earlier, a lone last line stays incomplete (left-aligned)",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func oneLineWithTwoItems_lastLoneLineIsIncomplete(strategy: String) throws {
    let layout = try prepared(
      strategy,
      FlowLayoutModel(
        collectionView: screen(320, 480),
        sections: [sized([(100, 40), (100, 40), (250, 40), (200, 40)])]))
    // Line 1: 100, 100 (rem 100), 250 closes → gap 120: 0, 220. Line 2: 250, 200 closes →
    // centred 35. Line 3: 200, incomplete (used 210 ≠ 260) → left-aligned 0.
    expectLayout(
      layout,
      [
        .cell(0, 0, 0, 0, 100, 40), .cell(0, 1, 220, 0, 100, 40), .cell(0, 2, 35, 50, 250, 40),
        .cell(0, 3, 0, 100, 200, 40),
      ])
  }

  @Test(
    "FLOW-12b: a last line that used exactly the length of the line before it is justified",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func lastLineOfEqualUse_isComplete(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(320, 480),
      layout: flowLayout {
        $0.minimumInteritemSpacing = 20
        $0.sectionInset = EdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
      },
      sections: [sized([(120, 30), (100, 30), (100, 30), (120, 30)])])
    let layout = try prepared(strategy, model)
    // A = 300. Line 1: 120 (rem 160), 100 (rem 40), 100 closes; used 140 + 120 = 260.
    // Line 2: 100, 120; used 120 + 140 = 260 = line 1's → complete, justified:
    // gap (300 − 220)/1 = 80 → line 1: 10, 210; line 2: 10, 190 (ends 310 = D − 10).
    expectLayout(
      layout,
      [
        .cell(0, 0, 10, 0, 120, 30), .cell(0, 1, 210, 0, 100, 30),
        .cell(0, 2, 10, 40, 100, 30), .cell(0, 3, 190, 40, 120, 30),
      ])
  }

  @Test(
    "FLOW-12b: equal Σ main with a different item count is not equal use (left-aligned)",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func lastLineOfEqualMainButMoreItems_isIncomplete(strategy: String) throws {
    let model = FlowLayoutModel(
      collectionView: screen(320, 480),
      layout: flowLayout {
        $0.minimumInteritemSpacing = 20
        $0.sectionInset = EdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
      },
      sections: [sized([(120, 30), (100, 30), (60, 30), (60, 30), (100, 30)])])
    let layout = try prepared(strategy, model)
    // Line 1 as above (used 260). Line 2: 60, 60, 100: Σ main 220 as line 1, but used
    // 80 + 80 + 120 = 280 ≠ 260 → left-aligned with s_i 20: 10, 90, 170.
    expectLayout(
      layout,
      [
        .cell(0, 0, 10, 0, 120, 30), .cell(0, 1, 210, 0, 100, 30),
        .cell(0, 2, 10, 40, 60, 30), .cell(0, 3, 90, 40, 60, 30), .cell(0, 4, 170, 40, 100, 30),
      ])
  }
}
