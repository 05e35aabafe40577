import Foundation
import LayoutLab
import Testing

// MARK: - FLOW-28: bad input

extension FlowRuleTests {
  /// A valid model with every field the validation looks at: section 0 sized by one item size,
  /// section 1 by per-item sizes with every override set.
  static let validModel = FlowLayoutModel(
    collectionView: screen(
      320, 480, offset: CGPoint(x: 0, y: -20), contentInset: EdgeInsets(top: 20),
      safeArea: EdgeInsets(top: 20), margins: EdgeInsets(left: 8, right: 8), scale: 2),
    layout: flowLayout {
      $0.sectionInset = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
      $0.headerReferenceSize = CGSize(width: 0, height: 10)
      $0.footerReferenceSize = CGSize(width: 0, height: 10)
      $0.estimatedItemSize = .size(CGSize(width: 40, height: 40))
    },
    sections: [
      FlowSection(items: 3, itemSize: CGSize(width: 40, height: 40)),
      FlowSection(
        itemSizing: .perItem([
          CGSize(width: 10, height: 10), CGSize(width: 20, height: 20),
          CGSize(width: 30, height: 30),
        ]),
        sectionInset: EdgeInsets(top: 1, left: 1, bottom: 1, right: 1), minimumInteritemSpacing: 4,
        minimumLineSpacing: 4, headerReferenceSize: CGSize(width: 0, height: 5),
        footerReferenceSize: CGSize(width: 0, height: 5)),
    ])

  typealias Mutation = @Sendable (inout FlowLayoutModel, CGFloat) -> Void

  /// Every length the validation must check, with the name the error must give it.
  static let lengthFields: [(field: String, set: Mutation)] = [
    ("collectionView.size.width", { $0.collectionView.bounds.size.width = $1 }),
    ("collectionView.size.height", { $0.collectionView.bounds.size.height = $1 }),
    ("collectionView.contentInset.top", { $0.collectionView.adjustedContentInset.top = $1 }),
    ("collectionView.contentInset.left", { $0.collectionView.adjustedContentInset.left = $1 }),
    ("collectionView.contentInset.bottom", { $0.collectionView.adjustedContentInset.bottom = $1 }),
    ("collectionView.contentInset.right", { $0.collectionView.adjustedContentInset.right = $1 }),
    ("collectionView.safeAreaInsets.top", { $0.collectionView.safeAreaInsets.top = $1 }),
    ("collectionView.safeAreaInsets.right", { $0.collectionView.safeAreaInsets.right = $1 }),
    ("collectionView.layoutMargins.left", { $0.collectionView.layoutMargins.left = $1 }),
    ("collectionView.layoutMargins.bottom", { $0.collectionView.layoutMargins.bottom = $1 }),
    ("collectionView.scale", { $0.collectionView.displayScale = $1 }),
    ("layout.itemSize.width", { $0.layout.itemSize.width = $1 }),
    ("layout.itemSize.height", { $0.layout.itemSize.height = $1 }),
    ("layout.minimumLineSpacing", { $0.layout.minimumLineSpacing = $1 }),
    ("layout.minimumInteritemSpacing", { $0.layout.minimumInteritemSpacing = $1 }),
    ("layout.sectionInset.top", { $0.layout.sectionInset.top = $1 }),
    ("layout.sectionInset.left", { $0.layout.sectionInset.left = $1 }),
    ("layout.sectionInset.bottom", { $0.layout.sectionInset.bottom = $1 }),
    ("layout.sectionInset.right", { $0.layout.sectionInset.right = $1 }),
    ("layout.headerReferenceSize.height", { $0.layout.headerReferenceSize.height = $1 }),
    ("layout.headerReferenceSize.width", { $0.layout.headerReferenceSize.width = $1 }),
    ("layout.footerReferenceSize.width", { $0.layout.footerReferenceSize.width = $1 }),
    ("layout.footerReferenceSize.height", { $0.layout.footerReferenceSize.height = $1 }),
    (
      "layout.estimatedItemSize.width",
      { $0.layout.estimatedItemSize = .size(CGSize(width: $1, height: 40)) }
    ),
    (
      "layout.estimatedItemSize.height",
      { $0.layout.estimatedItemSize = .size(CGSize(width: 40, height: $1)) }
    ),
    (
      "sections[0].itemSize.width",
      { $0.sections[0].itemSizing = .fixed(count: 3, itemSize: CGSize(width: $1, height: 40)) }
    ),
    (
      "sections[0].itemSize.height",
      { $0.sections[0].itemSizing = .fixed(count: 3, itemSize: CGSize(width: 40, height: $1)) }
    ),
    ("sections[1].itemSizes[2].width", { setItemSize(&$0, 2, CGSize(width: $1, height: 30)) }),
    ("sections[1].itemSizes[0].height", { setItemSize(&$0, 0, CGSize(width: 10, height: $1)) }),
    ("sections[1].sectionInset.top", { $0.sections[1].sectionInset?.top = $1 }),
    ("sections[1].sectionInset.right", { $0.sections[1].sectionInset?.right = $1 }),
    ("sections[1].minimumInteritemSpacing", { $0.sections[1].minimumInteritemSpacing = $1 }),
    ("sections[1].minimumLineSpacing", { $0.sections[1].minimumLineSpacing = $1 }),
    ("sections[1].headerReferenceSize.height", { $0.sections[1].headerReferenceSize?.height = $1 }),
    ("sections[1].footerReferenceSize.width", { $0.sections[1].footerReferenceSize?.width = $1 }),
  ]

  static func setItemSize(_ model: inout FlowLayoutModel, _ item: Int, _ size: CGSize) {
    guard case .perItem(var sizes) = model.sections[1].itemSizing else { return }
    sizes[item] = size
    model.sections[1].itemSizing = .perItem(sizes)
  }

  /// The field a model is rejected for, or nil if it is accepted.
  static func rejectedField(_ strategy: String, _ model: FlowLayoutModel) throws -> String? {
    let type = try #require(FlowStrategies.named(strategy))
    do {
      _ = try FlowStrategies.make(type, model: model)
      return nil
    } catch {
      return error.field
    }
  }

  @Test(
    "FLOW-28: a negative, NaN or infinite length is rejected with an error naming its field",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func badLengths_areRejectedByName(strategy: String) throws {
    #expect(try Self.rejectedField(strategy, Self.validModel) == nil, "the valid model")
    let badValues: [CGFloat] = [-1, -0.5, CGFloat.nan, CGFloat.infinity, -CGFloat.infinity]
    for (field, set) in Self.lengthFields {
      for value in badValues {
        var model = Self.validModel
        set(&model, value)
        #expect(
          try Self.rejectedField(strategy, model) == field, "\(field) = \(value) by the strategy")
        #expect(throws: LayoutError.self, "\(field) = \(value) by validate()") {
          try model.validate()
        }
        do {
          try model.validate()
        } catch {
          #expect(error.field == field, "\(field) = \(value) by validate()")
        }
      }
    }
  }

  @Test(
    "FLOW-28: a non-finite content offset and a negative item count are rejected by name; a negative offset is not",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func badOffsetsAndCounts_areRejectedByName(strategy: String) throws {
    for value in [CGFloat.nan, CGFloat.infinity, -CGFloat.infinity] {
      var model = Self.validModel
      model.collectionView.contentOffset.x = value
      #expect(
        try Self.rejectedField(strategy, model) == "collectionView.contentOffset.x", "x = \(value)")
      model = Self.validModel
      model.collectionView.contentOffset.y = value
      #expect(
        try Self.rejectedField(strategy, model) == "collectionView.contentOffset.y", "y = \(value)")
    }
    var negativeOffset = Self.validModel
    negativeOffset.collectionView.contentOffset = CGPoint(x: -30, y: -200)
    #expect(try Self.rejectedField(strategy, negativeOffset) == nil)

    var negativeCount = Self.validModel
    negativeCount.sections[0].itemSizing = .fixed(count: -1, itemSize: nil)
    #expect(try Self.rejectedField(strategy, negativeCount) == "sections[0].items")
  }

  @Test(
    "FLOW-28: zero sizes, spacings, insets and scale are legal; a zero-size item still takes its spacing",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func zeroValues_areLegal(strategy: String) throws {
    var zeros = Self.validModel
    for (_, set) in Self.lengthFields { set(&zeros, 0) }
    #expect(try Self.rejectedField(strategy, zeros) == nil, "every length zero")

    // Mixed row: 100 (rem 210), 0 (rem 200), 100 (rem 90) → left-aligned 0, 110, 120; the 0×0
    // item centred across the 50-thick row at y = 25.
    let mixed = try prepared(
      strategy,
      FlowLayoutModel(
        collectionView: screen(320, 480), sections: [sized([(100, 50), (0, 0), (100, 50)])]))
    expectLayout(
      mixed,
      [.cell(0, 0, 0, 0, 100, 50), .cell(0, 1, 110, 25, 0, 0), .cell(0, 2, 120, 0, 100, 50)],
      "mixed")
    expectContentSize(mixed, 320, 50, "mixed")

    // Uniform 0×0 items, s_i 10: per = ⌊330/10⌋ = 33, gap (320 − 0)/32 = 10 → x = 10k on the
    // first line; item 33 starts line 2 at y = 0 + s_l 10. Content height 10.
    let uniformZero = try prepared(
      strategy,
      FlowLayoutModel(
        collectionView: screen(320, 480), layout: flowLayout { $0.itemSize = .zero },
        sections: [FlowSection(items: 34)]))
    expectLayout(
      uniformZero,
      (0..<33).map { .cell(0, $0, 10 * Double($0), 0, 0, 0) } + [.cell(0, 33, 0, 10, 0, 0)],
      "uniform")
    expectContentSize(uniformZero, 320, 10, "uniform")
  }

  @Test(
    "FLOW-28: a rejected bounds change throws, names the field and leaves the layout as it was",
    arguments: FlowStrategies.all.map { $0.strategyName })
  func rejectedBoundsChange_keepsLastValidState(strategy: String) throws {
    let model = Self.pinnedModel(offset: 100)
    var layout = try prepared(strategy, model)
    // From the FLOW-24 test at offset 100: H0 150, H1 392, F0 372, F1 432.
    let expected = Self.pinnedCells + Self.pinnedSupplementary(h0: 150, h1: 392, f0: 372, f1: 432)
    let visible = CGRect(x: 0, y: 150, width: 320, height: 250)
    let visibleBefore = layout.layoutAttributesForElements(in: visible)

    let badBounds: [(CGRect, String)] = [
      (CGRect(x: 0, y: 100, width: -320, height: 300), "collectionView.size.width"),
      (CGRect(x: 0, y: 100, width: 320, height: -1), "collectionView.size.height"),
      (CGRect(x: 0, y: 100, width: CGFloat.infinity, height: 300), "collectionView.size.width"),
      (CGRect(x: 0, y: 100, width: 320, height: CGFloat.nan), "collectionView.size.height"),
      (CGRect(x: CGFloat.nan, y: 100, width: 320, height: 300), "collectionView.contentOffset.x"),
      (
        CGRect(x: 0, y: CGFloat.infinity, width: 320, height: 300), "collectionView.contentOffset.y"
      ),
      (
        CGRect(x: 0, y: -CGFloat.infinity, width: 320, height: 300),
        "collectionView.contentOffset.y"
      ),
    ]
    for (bounds, field) in badBounds {
      let context = "bounds \(describe(bounds))"
      var rejectedField: String?
      do {
        try layout.invalidateLayout(with: .boundsChange(bounds))
      } catch {
        rejectedField = error.field
      }
      guard let rejectedField else {
        Issue.record("\(context): accepted, expected an error naming \(field)")
        // Put the layout back so the remaining cases start from the same state.
        layout = try prepared(strategy, model)
        continue
      }
      #expect(rejectedField == field, "\(context)")
      // Exactly as it was, without preparing again …
      #expect(layout.collectionView == model.collectionView, "\(context)")
      expectLayout(layout, expected, "\(context), not prepared again")
      expectContentSize(layout, 320, 674, context)
      #expect(layout.layoutAttributesForElements(in: visible) == visibleBefore, "\(context)")
      #expect(
        !layout.shouldInvalidateLayout(forBoundsChange: model.collectionView.bounds), "\(context)")
      // … and after preparing.
      layout.prepare()
      expectLayout(layout, expected, "\(context), prepared again")
    }
    // The layout still takes valid changes: scrolling to 300 moves the pinned views as FLOW-24 says.
    try layout.invalidateLayout(with: .boundsChange(CGRect(x: 0, y: 300, width: 320, height: 300)))
    layout.prepare()
    expectLayout(
      layout, Self.pinnedCells + Self.pinnedSupplementary(h0: 332, h1: 392, f0: 372, f1: 580),
      "after a valid scroll")
  }
}
