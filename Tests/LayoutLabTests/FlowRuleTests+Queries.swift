import Foundation
import LayoutLab
import Testing

// MARK: - FLOW-22: elements in a rect; FLOW-23: lookups and zIndex

extension FlowRuleTests {
  /// Items 100×100 (per = 3, gap 10), header 50, footer 30:
  /// section 0 (4 items): header 0…50, row 1 at y = 50 (x = 0, 110, 220), row 2 at y = 160
  ///   (x = 0), footer 260…290;
  /// section 1 (3 items): header 290…340, row at y = 340, footer 440…470;
  /// section 2 (empty, header overridden to none): footer 470…500.
  static let queryModel = FlowLayoutModel(
    collectionView: screen(320, 480),
    layout: flowLayout {
      $0.itemSize = CGSize(width: 100, height: 100)
      $0.headerReferenceSize = CGSize(width: 0, height: 50)
      $0.footerReferenceSize = CGSize(width: 0, height: 30)
    },
    sections: [
      FlowSection(items: 4), FlowSection(items: 3),
      FlowSection(itemSizing: .fixed(count: 0, itemSize: nil), headerReferenceSize: .zero),
    ])

  static let c00 = ExpectedElement.cell(0, 0, 0, 50, 100, 100)
  static let c01 = ExpectedElement.cell(0, 1, 110, 50, 100, 100)
  static let c02 = ExpectedElement.cell(0, 2, 220, 50, 100, 100)
  static let c03 = ExpectedElement.cell(0, 3, 0, 160, 100, 100)
  static let c10 = ExpectedElement.cell(1, 0, 0, 340, 100, 100)
  static let c11 = ExpectedElement.cell(1, 1, 110, 340, 100, 100)
  static let c12 = ExpectedElement.cell(1, 2, 220, 340, 100, 100)
  static let h0 = ExpectedElement.header(0, 0, 0, 320, 50)
  static let h1 = ExpectedElement.header(1, 0, 290, 320, 50)
  static let f0 = ExpectedElement.footer(0, 0, 260, 320, 30)
  static let f1 = ExpectedElement.footer(1, 0, 440, 320, 30)
  static let f2 = ExpectedElement.footer(2, 0, 470, 320, 30)

  @Test(
    "FLOW-22: the whole layout, in order: cells by section and item, then headers, then footers",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func allElements_inFlowOrder(strategy: String) throws {
    let layout = try prepared(strategy, Self.queryModel)
    expectLayout(
      layout,
      [
        Self.c00, Self.c01, Self.c02, Self.c03, Self.c10, Self.c11, Self.c12, Self.h0, Self.h1,
        Self.f0, Self.f1, Self.f2,
      ])
    expectContentSize(layout, 320, 500)
  }

  @Test(
    "FLOW-22: frames that touch the rect along an edge intersect it",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func touchingEdges_intersect(strategy: String) throws {
    let layout = try prepared(strategy, Self.queryModel)
    // y 150…160 is the gap between rows 1 (ends at 150) and 2 (starts at 160).
    expectElements(
      layout.layoutAttributesForElements(in: CGRect(x: 0, y: 150, width: 320, height: 10)),
      [Self.c00, Self.c01, Self.c02, Self.c03], "row gap")
    // A zero-height rect on y = 290: footer 0 ends and header 1 starts there.
    expectElements(
      layout.layoutAttributesForElements(in: CGRect(x: 0, y: 290, width: 320, height: 0)),
      [Self.h1, Self.f0], "section boundary")
    // x −50…0, y 0…480 touches everything whose left edge is 0 (footer 2 starts at 470).
    expectElements(
      layout.layoutAttributesForElements(in: CGRect(x: -50, y: 0, width: 50, height: 480)),
      [Self.c00, Self.c03, Self.c10, Self.h0, Self.h1, Self.f0, Self.f1, Self.f2], "left edge")
  }

  @Test(
    "FLOW-22: frames that touch the rect only at a corner intersect it; rects in gaps meet nothing",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func touchingCorners_intersect(strategy: String) throws {
    let layout = try prepared(strategy, Self.queryModel)
    // (100…110, 150…160) is the gap between items 0, 1 and 3: it touches item 0 at (100, 150),
    // item 1 at (110, 150) and item 3 at (100, 160).
    expectElements(
      layout.layoutAttributesForElements(in: CGRect(x: 100, y: 150, width: 10, height: 10)),
      [Self.c00, Self.c01, Self.c03], "gap square")
    // The point (100, 150) is item 0's bottom-right corner.
    expectElements(
      layout.layoutAttributesForElements(in: CGRect(x: 100, y: 150, width: 0, height: 0)),
      [Self.c00], "corner point")
    expectElements(
      layout.layoutAttributesForElements(in: CGRect(x: 101, y: 151, width: 8, height: 8)), [],
      "strictly inside the gap")
    expectElements(
      layout.layoutAttributesForElements(in: CGRect(x: 0, y: 501, width: 320, height: 100)), [],
      "past the content")
  }

  @Test(
    "FLOW-22: results across sections keep the order cells, headers, footers",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func resultOrder_acrossSections(strategy: String) throws {
    let layout = try prepared(strategy, Self.queryModel)
    // y 200…400: item 3 (160…260), footer 0 (260…290), header 1 (290…340), section 1's row
    // (340…440). Footer 0 comes after header 1: all headers before all footers.
    let rect = CGRect(x: 0, y: 200, width: 320, height: 200)
    expectElements(
      layout.layoutAttributesForElements(in: rect),
      [Self.c03, Self.c10, Self.c11, Self.c12, Self.h1, Self.f0])
    // A rect given with negative sizes is standardized first (the protocol's contract).
    expectElements(
      layout.layoutAttributesForElements(in: CGRect(x: 320, y: 400, width: -320, height: -200)),
      [Self.c03, Self.c10, Self.c11, Self.c12, Self.h1, Self.f0], "negative-size rect")
  }

  @Test(
    "FLOW-22: a zero-size frame on the rect's boundary intersects it",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func zeroSizeFrameOnBoundary_intersects(strategy: String) throws {
    let layout = try prepared(
      strategy,
      FlowLayoutModel(
        collectionView: screen(320, 480), sections: [sized([(100, 100), (0, 0), (100, 100)])]))
    // One mixed, incomplete row: x = 0, 0 + 100 + 10 = 110, 110 + 0 + 10 = 120; the 0×0 item
    // centred across the 100-thick row at y = 50.
    let zero = ExpectedElement.cell(0, 1, 110, 50, 0, 0)
    expectLayout(
      layout, [.cell(0, 0, 0, 0, 100, 100), zero, .cell(0, 2, 120, 0, 100, 100)], "layout")
    expectElements(
      layout.layoutAttributesForElements(in: CGRect(x: 105, y: 0, width: 10, height: 50)), [zero],
      "on the bottom edge")
    expectElements(
      layout.layoutAttributesForElements(in: CGRect(x: 110, y: 0, width: 5, height: 50)), [zero],
      "on the bottom-left corner")
    expectElements(
      layout.layoutAttributesForElements(in: CGRect(x: 110, y: 50, width: 0, height: 0)), [zero],
      "zero-size rect on it")
    expectElements(
      layout.layoutAttributesForElements(in: CGRect(x: 111, y: 0, width: 10, height: 50)),
      [.cell(0, 2, 120, 0, 100, 100)], "just past it")
  }

  @Test(
    "FLOW-22: touching edges and corners intersect in horizontal layouts too",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func touching_horizontal(strategy: String) throws {
    let layout = try prepared(
      strategy,
      FlowLayoutModel(
        collectionView: screen(320, 200),
        layout: flowLayout {
          $0.scrollDirection = .horizontal
          $0.headerReferenceSize = CGSize(width: 30, height: 0)
        },
        sections: [FlowSection(items: 6), FlowSection(items: 3)]))
    // D = 200, per 3, gap 25 → y = 0, 75, 150. Section 0: header 0…30, columns x = 30, 90,
    // ends 140; section 1: header 140…170, column 170.
    // The rect (80…90, 50…75) touches items 0, 1 (column 30…80) and 3, 4 (column 90…140) at
    // their corners.
    expectElements(
      layout.layoutAttributesForElements(in: CGRect(x: 80, y: 50, width: 10, height: 25)),
      [
        .cell(0, 0, 30, 0, 50, 50), .cell(0, 1, 30, 75, 50, 50), .cell(0, 3, 90, 0, 50, 50),
        .cell(0, 4, 90, 75, 50, 50),
      ], "corners")
    // The point (140, 0): item 3's top-right corner and header 1's top-left corner.
    expectElements(
      layout.layoutAttributesForElements(in: CGRect(x: 140, y: 0, width: 0, height: 0)),
      [.cell(0, 3, 90, 0, 50, 50), .header(1, 140, 0, 30, 200)], "point")
  }

  @Test(
    "FLOW-23: cells have zIndex 0, headers and footers 10, in queries and lookups",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func zIndex_cellsBelowSupplementaryViews(strategy: String) throws {
    let layout = try prepared(strategy, Self.queryModel)
    let elements = layout.layoutAttributesForAllElements()
    #expect(elements.count == 12)
    for element in elements {
      #expect(
        element.zIndex == (element.kind == .cell ? 0 : 10), "\(element.kind) \(element.indexPath)")
    }
    #expect(layout.layoutAttributesForItem(at: .init(item: 2, section: 1))?.zIndex == 0)
    #expect(
      layout.layoutAttributesForSupplementaryView(ofKind: .header, at: .init(item: 0, section: 1))?
        .zIndex == 10)
    #expect(
      layout.layoutAttributesForSupplementaryView(ofKind: .footer, at: .init(item: 0, section: 2))?
        .zIndex == 10)
  }

  @Test(
    "FLOW-23: lookups of existing elements give their frames",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func lookups_findExistingElements(strategy: String) throws {
    let layout = try prepared(strategy, Self.queryModel)
    expectElement(layout.layoutAttributesForItem(at: .init(item: 0, section: 0)), Self.c00)
    expectElement(layout.layoutAttributesForItem(at: .init(item: 3, section: 0)), Self.c03)
    expectElement(layout.layoutAttributesForItem(at: .init(item: 2, section: 1)), Self.c12)
    let header = { (section: Int) in
      layout.layoutAttributesForSupplementaryView(
        ofKind: .header, at: .init(item: 0, section: section))
    }
    let footer = { (section: Int) in
      layout.layoutAttributesForSupplementaryView(
        ofKind: .footer, at: .init(item: 0, section: section))
    }
    expectElement(header(0), Self.h0)
    expectElement(header(1), Self.h1)
    expectElement(footer(0), Self.f0)
    expectElement(footer(1), Self.f1)
    expectElement(footer(2), Self.f2)  // an empty section keeps its footer
  }

  @Test(
    "FLOW-23: lookups of missing items, sections and kinds return nil, negative indexes included",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func lookups_returnNilForMissingElements(strategy: String) throws {
    let layout = try prepared(strategy, Self.queryModel)
    let missingItems: [LayoutIndexPath] = [
      .init(item: 4, section: 0), .init(item: 3, section: 1), .init(item: 0, section: 2),
      .init(item: -1, section: 0), .init(item: 0, section: -1), .init(item: -1, section: -1),
      .init(item: 0, section: 3), .init(item: Int.max, section: 0),
      .init(item: 0, section: Int.min),
    ]
    for indexPath in missingItems {
      #expect(layout.layoutAttributesForItem(at: indexPath) == nil, "item \(indexPath)")
    }
    let missingSupplementary: [(ElementKind, LayoutIndexPath)] = [
      (.header, .init(item: 0, section: 2)),  // header size overridden to zero
      (.header, .init(item: 0, section: 3)), (.footer, .init(item: 0, section: 3)),
      (.header, .init(item: 0, section: -1)), (.footer, .init(item: 0, section: -1)),
      (.header, .init(item: -1, section: 0)), (.footer, .init(item: -1, section: 1)),
      (.header, .init(item: 1, section: 0)),  // supplementary views live at item 0
      (.cell, .init(item: 0, section: 0)),  // not a supplementary kind
    ]
    for (kind, indexPath) in missingSupplementary {
      #expect(
        layout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath) == nil,
        "\(kind) \(indexPath)")
    }
    // A layout with no footers at all.
    let noFooters = try prepared(
      strategy, FlowLayoutModel(collectionView: screen(320, 480), sections: [FlowSection(items: 2)])
    )
    #expect(
      noFooters.layoutAttributesForSupplementaryView(
        ofKind: .footer, at: .init(item: 0, section: 0))
        == nil)
    #expect(
      noFooters.layoutAttributesForSupplementaryView(
        ofKind: .header, at: .init(item: 0, section: 0))
        == nil)
  }
}
