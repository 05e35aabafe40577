import Foundation
import LayoutLab
import Testing

// MARK: - FLOW-24: pinned headers and footers; FLOW-25: bounds changes

extension FlowRuleTests {
  /// Vertical, 320×300, top content inset 50; items 320×100 (one per row, x = 0), s_l 10,
  /// section inset top 5 / bottom 7, header 40, footer 20:
  /// section 0 (3 items) = 0…392: header 0…40, rows 45, 155, 265, footer 372…392;
  /// section 1 (2 items) = 392…674: header 392…432, rows 437, 547, footer 654…674.
  /// V = (0, offset + 50, 320, 250).
  static func pinnedModel(
    offset: CGFloat, headers: Bool = true, footers: Bool = true
  ) -> FlowLayoutModel {
    FlowLayoutModel(
      collectionView: screen(
        320, 300, offset: CGPoint(x: 0, y: offset), contentInset: EdgeInsets(top: 50)),
      layout: flowLayout {
        $0.itemSize = CGSize(width: 320, height: 100)
        $0.sectionInset = EdgeInsets(top: 5, left: 0, bottom: 7, right: 0)
        $0.headerReferenceSize = CGSize(width: 0, height: 40)
        $0.footerReferenceSize = CGSize(width: 0, height: 20)
        $0.sectionHeadersPinToVisibleBounds = headers
        $0.sectionFootersPinToVisibleBounds = footers
      },
      sections: [FlowSection(items: 3), FlowSection(items: 2)])
  }

  static let pinnedCells: [ExpectedElement] = [
    .cell(0, 0, 0, 45, 320, 100), .cell(0, 1, 0, 155, 320, 100), .cell(0, 2, 0, 265, 320, 100),
    .cell(1, 0, 0, 437, 320, 100), .cell(1, 1, 0, 547, 320, 100),
  ]

  /// The four supplementary views of `pinnedModel` at header/footer positions y.
  static func pinnedSupplementary(h0: Double, h1: Double, f0: Double, f1: Double)
    -> [ExpectedElement]
  {
    [
      .header(0, 0, h0, 320, 40), .header(1, 0, h1, 320, 40),
      .footer(0, 0, f0, 320, 20), .footer(1, 0, f1, 320, 20),
    ]
  }

  static func supplementaryLookups(_ layout: some CollectionViewLayout) -> [LayoutAttributes?] {
    [
      layout.layoutAttributesForSupplementaryView(ofKind: .header, at: .init(item: 0, section: 0)),
      layout.layoutAttributesForSupplementaryView(ofKind: .header, at: .init(item: 0, section: 1)),
      layout.layoutAttributesForSupplementaryView(ofKind: .footer, at: .init(item: 0, section: 0)),
      layout.layoutAttributesForSupplementaryView(ofKind: .footer, at: .init(item: 0, section: 1)),
    ]
  }

  static func expectSupplementary(
    _ layout: some CollectionViewLayout, _ expected: [ExpectedElement], _ context: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for (actual, want) in zip(supplementaryLookups(layout), expected) {
      expectElement(actual, want, context, sourceLocation: sourceLocation)
    }
  }

  @Test(
    "FLOW-24: pinned headers stick to the top of V, stop on their footer at the section end; pinned footers stick to the bottom, never above their header",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func pinnedHeadersAndFooters_vertical(strategy: String) throws {
    typealias Case = (offset: CGFloat, h0: Double, h1: Double, f0: Double, f1: Double)
    let cases: [Case] = [
      // V 0…250. H0 max(0, 0) = 0; H1 392. F0 250 < 392 → 230 (230 − 40 ≥ 0). F1 250 < 674 →
      // 230, but 230 − 40 < 392 → rise limit 392 + 40 = 432.
      (-50, 0, 392, 230, 432),
      // V 150…400. H0 150 (210 ≤ 392). F0: 400 ≥ 392 → natural 372. F1: 380 → limit 432.
      (100, 150, 392, 372, 432),
      // V 350…600. H0 350 + 60 > 392 → 392 − 20 − 40 = 332 (on top of its footer). H1 392.
      // F1: 600 < 674 → 580.
      (300, 332, 392, 372, 580),
      // V 550…800. H0 332. H1 550 (610 ≤ 674). F1 natural 654.
      (500, 332, 550, 372, 654),
      // V 650…900. H1 650 + 60 > 674 → 674 − 60 = 614.
      (600, 332, 614, 372, 654),
    ]
    for c in cases {
      let layout = try prepared(strategy, Self.pinnedModel(offset: c.offset))
      let context = "offset \(c.offset)"
      Self.expectSupplementary(
        layout, Self.pinnedSupplementary(h0: c.h0, h1: c.h1, f0: c.f0, f1: c.f1), context)
      // Cells never move.
      expectElements(
        layout.layoutAttributesForAllElements().filter { $0.kind == .cell }, Self.pinnedCells,
        context)
    }
  }

  @Test(
    "FLOW-24: a rect query returns pinned elements at their pinned frames, when they meet the rect",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func pinnedElements_inRectQueries(strategy: String) throws {
    let cells = Self.pinnedCells
    let cases: [(offset: CGFloat, expected: [ExpectedElement])] = [
      // V 0…250: rows 45…145, 155…255 (touches 250); H0 0…40, F0 230…250; H1 (392) and F1
      // (432) lie outside.
      (-50, [cells[0], cells[1], .header(0, 0, 0, 320, 40), .footer(0, 0, 230, 320, 20)]),
      // V 150…400: rows 155, 265; H0 150…190; H1 392…432 touches 400; F0 372…392; F1 432 out.
      (
        100,
        [
          cells[1], cells[2], .header(0, 0, 150, 320, 40), .header(1, 0, 392, 320, 40),
          .footer(0, 0, 372, 320, 20),
        ]
      ),
      // V 350…600: everything from row 265…365 on.
      (
        300,
        [cells[2], cells[3], cells[4]]
          + Self.pinnedSupplementary(h0: 332, h1: 392, f0: 372, f1: 580)
      ),
      // V 550…800: section 0's header (332…372) and footer (372…392) lie above V.
      (500, [cells[4], .header(1, 0, 550, 320, 40), .footer(1, 0, 654, 320, 20)]),
      // V 650…900: row 547…647 ends above V; H1 614…654, F1 654…674.
      (600, [.header(1, 0, 614, 320, 40), .footer(1, 0, 654, 320, 20)]),
    ]
    for c in cases {
      let layout = try prepared(strategy, Self.pinnedModel(offset: c.offset))
      let visible = CGRect(x: 0, y: c.offset + 50, width: 320, height: 250)
      expectElements(
        layout.layoutAttributesForElements(in: visible), c.expected, "offset \(c.offset)")
    }
  }

  @Test(
    "FLOW-24: pinning headers leaves footers at their natural place, and the other way round",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func pinningHeadersOrFootersOnly(strategy: String) throws {
    // Offset 100 (V 150…400): pinned H0 150, F1 432; natural H0 0, F0 372, H1 392, F1 654.
    let headersOnly = try prepared(strategy, Self.pinnedModel(offset: 100, footers: false))
    Self.expectSupplementary(
      headersOnly, Self.pinnedSupplementary(h0: 150, h1: 392, f0: 372, f1: 654), "headers only")
    let footersOnly = try prepared(strategy, Self.pinnedModel(offset: 100, headers: false))
    Self.expectSupplementary(
      footersOnly, Self.pinnedSupplementary(h0: 0, h1: 392, f0: 372, f1: 432), "footers only")
    // Offset −50 (V 0…250): pinned F0 230, F1 432.
    let footersAtRest = try prepared(strategy, Self.pinnedModel(offset: -50, headers: false))
    Self.expectSupplementary(
      footersAtRest, Self.pinnedSupplementary(h0: 0, h1: 392, f0: 230, f1: 432),
      "footers only, at rest")
  }

  /// Horizontal, 300×200, left content inset 20; items 100×200 (one per column, y = 0), s_l 10,
  /// header 30 wide, footer 15 wide:
  /// section 0 (2 items) = 0…255: header 0…30, columns 30, 140, footer 240…255;
  /// section 1 (1 item) = 255…400: header 255…285, column 285, footer 385…400.
  /// V = (offset + 20)…(offset + 300) along x.
  static func pinnedHorizontalModel(offset: CGFloat) -> FlowLayoutModel {
    FlowLayoutModel(
      collectionView: screen(
        300, 200, offset: CGPoint(x: offset, y: 0), contentInset: EdgeInsets(left: 20)),
      layout: flowLayout {
        $0.scrollDirection = .horizontal
        $0.itemSize = CGSize(width: 100, height: 200)
        $0.headerReferenceSize = CGSize(width: 30, height: 0)
        $0.footerReferenceSize = CGSize(width: 15, height: 0)
        $0.sectionHeadersPinToVisibleBounds = true
        $0.sectionFootersPinToVisibleBounds = true
      },
      sections: [FlowSection(items: 2), FlowSection(items: 1)])
  }

  static func horizontalSupplementary(h0: Double, h1: Double, f0: Double, f1: Double)
    -> [ExpectedElement]
  {
    [
      .header(0, h0, 0, 30, 200), .header(1, h1, 0, 30, 200),
      .footer(0, f0, 0, 15, 200), .footer(1, f1, 0, 15, 200),
    ]
  }

  @Test(
    "FLOW-24: pinned headers and footers stick to the left and right of V (horizontal)",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func pinnedHeadersAndFooters_horizontal(strategy: String) throws {
    let cases: [(offset: CGFloat, h0: Double, h1: Double, f0: Double, f1: Double)] = [
      // V −80…200: H0 0. F0 200 < 255 → 185 (185 − 30 ≥ 0). F1 185 → limit 255 + 30 = 285.
      (-100, 0, 255, 185, 285),
      // V 0…280: F0 natural 240 (280 ≥ 255). F1 265 → limit 285.
      (-20, 0, 255, 240, 285),
      // V 120…400: H0 120 (165 ≤ 255). F1 natural 385 (400 is not < 400).
      (100, 120, 255, 240, 385),
      // V 220…500: H0 220 + 45 > 255 → 255 − 15 − 30 = 210.
      (200, 210, 255, 240, 385),
      // V 320…600: H1 320 (365 ≤ 400).
      (300, 210, 320, 240, 385),
    ]
    let cells: [ExpectedElement] = [
      .cell(0, 0, 30, 0, 100, 200), .cell(0, 1, 140, 0, 100, 200), .cell(1, 0, 285, 0, 100, 200),
    ]
    for c in cases {
      let layout = try prepared(strategy, Self.pinnedHorizontalModel(offset: c.offset))
      let context = "offset \(c.offset)"
      Self.expectSupplementary(
        layout, Self.horizontalSupplementary(h0: c.h0, h1: c.h1, f0: c.f0, f1: c.f1), context)
      expectElements(
        layout.layoutAttributesForAllElements().filter { $0.kind == .cell }, cells, context)
    }
    // Query V at offset 200 (x 220…500): item 0 (30…130) is out; everything else meets it.
    let layout = try prepared(strategy, Self.pinnedHorizontalModel(offset: 200))
    expectElements(
      layout.layoutAttributesForElements(in: CGRect(x: 220, y: 0, width: 280, height: 200)),
      [cells[1], cells[2]] + Self.horizontalSupplementary(h0: 210, h1: 255, f0: 240, f1: 385),
      "query at offset 200")
  }

  @Test(
    "FLOW-25: only a cross-axis change, or a scroll with pinned views, requires invalidation (vertical)",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func shouldInvalidate_vertical(strategy: String) throws {
    let plain = try prepared(
      strategy, FlowLayoutModel(collectionView: screen(320, 480), sections: [FlowSection(items: 9)])
    )
    #expect(
      !plain.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 0, width: 320, height: 480)))
    #expect(
      !plain.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 200, width: 320, height: 480)))
    #expect(
      !plain.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 0, width: 320, height: 600)))
    #expect(
      plain.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 0, width: 375, height: 480)))
    #expect(
      plain.shouldInvalidateLayout(forBoundsChange: CGRect(x: 10, y: 0, width: 320, height: 480)))
    // Empty bounds lay out nothing (FLOW-5): every frame changes.
    #expect(
      plain.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 0, width: 320, height: 0)))

    let pinned = try prepared(strategy, Self.pinnedModel(offset: -50))
    #expect(
      !pinned.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: -50, width: 320, height: 300))
    )
    #expect(
      pinned.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 100, width: 320, height: 300)))
    #expect(
      pinned.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: -50, width: 200, height: 300)))
  }

  @Test(
    "FLOW-25: only a cross-axis change, or a scroll with pinned views, requires invalidation (horizontal)",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func shouldInvalidate_horizontal(strategy: String) throws {
    let plain = try prepared(
      strategy,
      FlowLayoutModel(
        collectionView: screen(320, 200),
        layout: flowLayout { $0.scrollDirection = .horizontal },
        sections: [FlowSection(items: 9)]))
    #expect(
      !plain.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 0, width: 320, height: 200)))
    #expect(
      !plain.shouldInvalidateLayout(forBoundsChange: CGRect(x: 150, y: 0, width: 320, height: 200)))
    #expect(
      !plain.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 0, width: 500, height: 200)))
    #expect(
      plain.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 0, width: 320, height: 150)))
    #expect(
      plain.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 10, width: 320, height: 200)))

    let pinned = try prepared(strategy, Self.pinnedHorizontalModel(offset: 100))
    #expect(
      pinned.shouldInvalidateLayout(forBoundsChange: CGRect(x: 200, y: 0, width: 300, height: 200)))
    #expect(
      !pinned.shouldInvalidateLayout(forBoundsChange: CGRect(x: 100, y: 0, width: 300, height: 200))
    )
  }

  @Test(
    "FLOW-25: after a pure scroll is applied, only pinned headers and footers have moved",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func pureScroll_movesOnlyPinnedElements(strategy: String) throws {
    var layout = try prepared(strategy, Self.pinnedModel(offset: -50))
    expectLayout(
      layout, Self.pinnedCells + Self.pinnedSupplementary(h0: 0, h1: 392, f0: 230, f1: 432),
      "before")

    let scrolled = CGRect(x: 0, y: 300, width: 320, height: 300)
    try layout.invalidateLayout(with: .boundsChange(scrolled))
    layout.prepare()
    #expect(layout.collectionView.bounds == scrolled)
    // Same cells; pinned views as computed for offset 300 in the FLOW-24 test.
    expectLayout(
      layout, Self.pinnedCells + Self.pinnedSupplementary(h0: 332, h1: 392, f0: 372, f1: 580),
      "after scrolling to 300")
    expectContentSize(layout, 320, 674, "after scrolling to 300")

    try layout.invalidateLayout(with: .boundsChange(CGRect(x: 0, y: 600, width: 320, height: 300)))
    layout.prepare()
    expectLayout(
      layout, Self.pinnedCells + Self.pinnedSupplementary(h0: 332, h1: 614, f0: 372, f1: 654),
      "after scrolling to 600")

    // Horizontal: from offset 100 to 200, only header 0 moves (120 → 210).
    var horizontal = try prepared(strategy, Self.pinnedHorizontalModel(offset: 100))
    try horizontal.invalidateLayout(
      with: .boundsChange(CGRect(x: 200, y: 0, width: 300, height: 200)))
    horizontal.prepare()
    expectLayout(
      horizontal,
      [.cell(0, 0, 30, 0, 100, 200), .cell(0, 1, 140, 0, 100, 200), .cell(1, 0, 285, 0, 100, 200)]
        + Self.horizontalSupplementary(h0: 210, h1: 255, f0: 240, f1: 385),
      "horizontal, after scrolling to 200")
  }

  @Test(
    "FLOW-25: a scroll without pinning changes no frame; a cross-axis change lays everything out again",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func boundsChanges_relayoutOnlyForCrossAxis(strategy: String) throws {
    var layout = try prepared(
      strategy,
      FlowLayoutModel(
        collectionView: screen(320, 480),
        layout: flowLayout { $0.itemSize = CGSize(width: 100, height: 100) },
        sections: [FlowSection(items: 4)]))
    // per = 3: 0, 110, 220; item 3 at (0, 110).
    let wide: [ExpectedElement] = [
      .cell(0, 0, 0, 0, 100, 100), .cell(0, 1, 110, 0, 100, 100), .cell(0, 2, 220, 0, 100, 100),
      .cell(0, 3, 0, 110, 100, 100),
    ]
    expectLayout(layout, wide, "320 wide")
    try layout.invalidateLayout(with: .boundsChange(CGRect(x: 0, y: 250, width: 320, height: 480)))
    layout.prepare()
    expectLayout(layout, wide, "scrolled")

    // Width 210: per = ⌊220/110⌋ = 2, gap 210 − 200 = 10 → 0, 110 on two rows.
    try layout.invalidateLayout(with: .boundsChange(CGRect(x: 0, y: 0, width: 210, height: 480)))
    layout.prepare()
    expectLayout(
      layout,
      [
        .cell(0, 0, 0, 0, 100, 100), .cell(0, 1, 110, 0, 100, 100),
        .cell(0, 2, 0, 110, 100, 100), .cell(0, 3, 110, 110, 100, 100),
      ], "210 wide")
    expectContentSize(layout, 210, 210, "210 wide")

    // Horizontal, height 200 → 110: per = ⌊120/60⌋ = 2, gap 10 → y = 0, 60; columns 0, 60.
    var horizontal = try prepared(
      strategy,
      FlowLayoutModel(
        collectionView: screen(320, 200),
        layout: flowLayout { $0.scrollDirection = .horizontal },
        sections: [FlowSection(items: 4)]))
    try horizontal.invalidateLayout(
      with: .boundsChange(CGRect(x: 0, y: 0, width: 320, height: 110)))
    horizontal.prepare()
    expectLayout(
      horizontal,
      [
        .cell(0, 0, 0, 0, 50, 50), .cell(0, 1, 0, 60, 50, 50), .cell(0, 2, 60, 0, 50, 50),
        .cell(0, 3, 60, 60, 50, 50),
      ], "110 high")
    expectContentSize(horizontal, 110, 110, "110 high")
  }
}
