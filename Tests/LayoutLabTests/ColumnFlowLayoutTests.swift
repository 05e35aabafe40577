import Foundation
import LayoutLab
import Testing

/// The column flow layout of Apple's "Customizing collection view layouts" sample: the item
/// size follows the bounds (available = width − layout margins; columns = ⌊available / 300⌋,
/// at least 1; cell width = ⌊available / columns⌋; cells 70 tall), the section's top inset is
/// the inter-item spacing (10), insets are measured from the safe area, and the flow engine
/// does the rest — so frames below follow the FLOW rules with those derived values.
@Suite("Column flow layout")
struct ColumnFlowLayoutTests {
  static func environment(
    _ width: Double, _ height: Double, safeArea: EdgeInsets = .zero, margins: EdgeInsets = .zero
  ) -> CollectionViewEnvironment {
    CollectionViewEnvironment(
      size: CGSize(width: width, height: height), safeAreaInsets: safeArea, layoutMargins: margins)
  }

  static func layout<Strategy: FlowLayoutStrategy>(
    _ environment: CollectionViewEnvironment, items: Int,
    configure: (inout ColumnFlowConfiguration) -> Void = { _ in },
    strategy: Strategy.Type = BinarySearchLayout.self
  ) throws -> ColumnFlowLayout<Strategy> {
    var configuration = ColumnFlowConfiguration()
    configure(&configuration)
    var layout = try ColumnFlowLayout<Strategy>(
      model: ColumnFlowLayoutModel(
        collectionView: environment, layout: configuration, sections: [FlowSection(items: items)]))
    layout.prepare()
    return layout
  }

  static func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> CGRect {
    CGRect(x: x, y: y, width: width, height: height)
  }

  /// Runs `check` on a prepared layout by every flow strategy: they must all agree.
  static func forEveryStrategy(
    _ environment: CollectionViewEnvironment, items: Int,
    _ check: (any CollectionViewLayout, String) throws -> Void
  ) throws {
    try check(layout(environment, items: items, strategy: NaiveLinearLayout.self), "naive-linear")
    try check(
      layout(environment, items: items, strategy: CachedAttributesLayout.self), "cached-attributes")
    try check(layout(environment, items: items, strategy: BinarySearchLayout.self), "binary-search")
  }

  @Test("too narrow for one column: clamped to one full-width column, centred (0 → 1 column)")
  func zeroColumnsClampToOne() throws {
    // 250 wide, margins 8 + 8: available 234 < 300 → ⌊234 / 300⌋ = 0 → 1 column, 234 wide.
    // Flow: D = 250, safe-area left/right 0 → A = 250; per line max(1, ⌊260 / 244⌋) = 1, so
    // each item is centred (FLOW-13/14): x = (250 − 234) / 2 = 8. Safe area top 20 pads
    // before the section (FLOW-7), the top inset 10 follows: y = 30, 30 + 80, 30 + 160.
    let environment = Self.environment(
      250, 500, safeArea: EdgeInsets(top: 20, bottom: 34), margins: EdgeInsets(left: 8, right: 8))
    try Self.forEveryStrategy(environment, items: 3) { layout, name in
      #expect(
        layout.layoutAttributesForAllElements().map(\.frame) == [
          Self.rect(8, 30, 234, 70), Self.rect(8, 110, 234, 70), Self.rect(8, 190, 234, 70),
        ], "\(name)")
      // 20 + 10 + 3 × 70 + 2 × 10 + 34 (safe area bottom, FLOW-7) = 294.
      #expect(layout.collectionViewContentSize == CGSize(width: 250, height: 294))
    }
    let model = ColumnFlowLayoutModel(
      collectionView: environment, sections: [FlowSection(items: 3)])
    #expect(model.numberOfColumns == 1)
    #expect(model.flowModel.layout.itemSize == CGSize(width: 234, height: 70))
  }

  @Test("a phone in portrait: one column inside the margins")
  func oneColumn() throws {
    // 390 wide, margins 16 + 16: available 358 → ⌊358 / 300⌋ = 1 column, 358 wide. A = 390;
    // ⌊400 / 368⌋ = 1 per line, centred at (390 − 358) / 2 = 16. Safe area top 47 + inset 10:
    // y = 57, 137, 217.
    let environment = Self.environment(
      390, 844, safeArea: EdgeInsets(top: 47, bottom: 34), margins: EdgeInsets(left: 16, right: 16))
    try Self.forEveryStrategy(environment, items: 3) { layout, name in
      #expect(
        layout.layoutAttributesForAllElements().map(\.frame) == [
          Self.rect(16, 57, 358, 70), Self.rect(16, 137, 358, 70), Self.rect(16, 217, 358, 70),
        ], "\(name)")
      // 47 + 10 + 210 + 20 + 34 = 321.
      #expect(layout.collectionViewContentSize == CGSize(width: 390, height: 321))
    }
  }

  @Test("a phone in landscape: two columns between the safe-area insets")
  func twoColumns() throws {
    // 844 wide, margins 67 + 67: available 710 → ⌊710 / 300⌋ = 2 columns of ⌊710 / 2⌋ = 355.
    // Safe area left/right 47 become the section's side insets (FLOW-7): A = 844 − 94 = 750;
    // ⌊760 / 365⌋ = 2 per line, justified: gap (750 − 710) / 1 = 40 → x = 47 and 47 + 355 + 40
    // = 442. The last line's lone item stays in the first column (FLOW-14). No safe area on
    // top: y = 10, 90, 170.
    let environment = Self.environment(
      844, 390, safeArea: EdgeInsets(top: 0, left: 47, bottom: 21, right: 47),
      margins: EdgeInsets(top: 0, left: 67, bottom: 21, right: 67))
    try Self.forEveryStrategy(environment, items: 5) { layout, name in
      #expect(
        layout.layoutAttributesForAllElements().map(\.frame) == [
          Self.rect(47, 10, 355, 70), Self.rect(442, 10, 355, 70),
          Self.rect(47, 90, 355, 70), Self.rect(442, 90, 355, 70),
          Self.rect(47, 170, 355, 70),
        ], "\(name)")
      // 10 + 3 × 70 + 2 × 10 + 21 = 261.
      #expect(layout.collectionViewContentSize == CGSize(width: 844, height: 261))
    }
  }

  @Test("a tablet in landscape: a grid of three columns")
  func threeColumns() throws {
    // 1024 wide, margins 20 + 20: available 984 → ⌊3.28⌋ = 3 columns of 328. A = 1024;
    // ⌊1034 / 338⌋ = 3 per line; gap (1024 − 984) / 2 = 20 → x = 0, 348, 696. Safe area top
    // 24 + inset 10: y = 34, 114, 194.
    let environment = Self.environment(
      1024, 768, safeArea: EdgeInsets(top: 24, bottom: 20), margins: EdgeInsets(left: 20, right: 20)
    )
    try Self.forEveryStrategy(environment, items: 7) { layout, name in
      #expect(
        layout.layoutAttributesForAllElements().map(\.frame) == [
          Self.rect(0, 34, 328, 70), Self.rect(348, 34, 328, 70), Self.rect(696, 34, 328, 70),
          Self.rect(0, 114, 328, 70), Self.rect(348, 114, 328, 70), Self.rect(696, 114, 328, 70),
          Self.rect(0, 194, 328, 70),
        ], "\(name)")
      // 24 + 10 + 210 + 20 + 20 = 284.
      #expect(layout.collectionViewContentSize == CGSize(width: 1024, height: 284))
    }
    let model = ColumnFlowLayoutModel(collectionView: environment, sections: [])
    #expect(model.numberOfColumns == 3)
  }

  @Test("without margins to absorb the spacing, three 333-point columns fit two to a line")
  func columnsWithoutMarginsLoseOneToSpacing() throws {
    // 1000 wide, no margins: 3 columns of ⌊1000 / 3⌋ = 333, but 3 × 333 + 2 × 10 = 1019 > 1000:
    // ⌊1010 / 343⌋ = 2 per line, as UIKit would do with the sample's arithmetic. Justified:
    // gap 1000 − 666 = 334 → x = 0 and 667.
    let layout = try Self.layout(Self.environment(1000, 700), items: 3)
    #expect(
      layout.layoutAttributesForAllElements().map(\.frame) == [
        Self.rect(0, 10, 333, 70), Self.rect(667, 10, 333, 70), Self.rect(0, 90, 333, 70),
      ])
  }

  @Test("the derived flow model: item size, top inset = inter-item spacing, from the safe area")
  func derivedFlowModel() throws {
    let layout = try Self.layout(
      Self.environment(700, 500), items: 4,
      configure: {
        $0.minimumColumnWidth = 200
        $0.cellHeight = 44
        $0.minimumInteritemSpacing = 6
        $0.minimumLineSpacing = 3
        $0.headerReferenceSize = CGSize(width: 0, height: 30)
      })
    // 700 / 200 → 3 columns of ⌊700 / 3⌋ = 233.
    let flow = layout.flowModel.layout
    #expect(flow.itemSize == CGSize(width: 233, height: 44))
    #expect(flow.sectionInset == EdgeInsets(top: 6, left: 0, bottom: 0, right: 0))
    #expect(flow.sectionInsetReference == .fromSafeArea)
    #expect(flow.minimumInteritemSpacing == 6 && flow.minimumLineSpacing == 3)
    #expect(flow.headerReferenceSize == CGSize(width: 0, height: 30))
    #expect(flow.scrollDirection == .vertical)
    #expect(layout.name == "binary-search")
    // Defaults as in the sample.
    #expect(ColumnFlowConfiguration().minimumColumnWidth == 300)
    #expect(ColumnFlowConfiguration().cellHeight == 70)
  }

  @Test("a width change derives the item size again; a scroll keeps everything")
  func boundsWidthChange() throws {
    let portrait = Self.environment(
      390, 844, safeArea: EdgeInsets(top: 47, bottom: 34), margins: EdgeInsets(left: 16, right: 16))
    var layout = try Self.layout(portrait, items: 3)
    // A scroll: nothing to recompute for a flow layout without pinning.
    let scrolled = Self.rect(0, 200, 390, 844)
    #expect(!layout.shouldInvalidateLayout(forBoundsChange: scrolled))
    try layout.invalidateLayout(with: .boundsChange(scrolled))
    layout.prepare()
    #expect(layout.flowModel.layout.itemSize == CGSize(width: 358, height: 70))
    #expect(layout.layoutAttributesForAllElements().first?.frame == Self.rect(16, 57, 358, 70))

    // Rotate to 844 wide (same margins and safe area): available 812 → 2 columns of 406.
    // A = 844; ⌊854 / 416⌋ = 2 per line; gap 844 − 812 = 32 → x = 0 and 438; y = 57, 57, 137.
    let landscape = Self.rect(0, 0, 844, 390)
    #expect(layout.shouldInvalidateLayout(forBoundsChange: landscape))
    try layout.invalidateLayout(with: .boundsChange(landscape))
    layout.prepare()
    #expect(layout.flowModel.layout.itemSize == CGSize(width: 406, height: 70))
    #expect(layout.model.numberOfColumns == 2)
    #expect(
      layout.layoutAttributesForAllElements().map(\.frame) == [
        Self.rect(0, 57, 406, 70), Self.rect(438, 57, 406, 70), Self.rect(0, 137, 406, 70),
      ])
    #expect(layout.collectionView.bounds == landscape)
    // 47 + 10 + 2 × 70 + 10 + 34 = 241.
    #expect(layout.collectionViewContentSize == CGSize(width: 844, height: 241))

    // Bad bounds change nothing.
    #expect(throws: LayoutError.self) {
      try layout.invalidateLayout(with: .boundsChange(Self.rect(0, 0, .nan, 390)))
    }
    #expect(layout.collectionView.bounds == landscape)
    #expect(layout.flowModel.layout.itemSize == CGSize(width: 406, height: 70))
  }

  @Test("column arithmetic at the edges: no division by zero, no negative width")
  func columnArithmeticEdges() {
    var configuration = ColumnFlowConfiguration()
    // Margins wider than the bounds: available 0 → 1 column of width 0.
    let squeezed = Self.environment(20, 100, margins: EdgeInsets(left: 16, right: 16))
    #expect(configuration.columns(in: squeezed).count == 1)
    #expect(configuration.columns(in: squeezed).cellWidth == 0)
    // Exactly 2 columns: 600 / 300.
    #expect(configuration.columns(in: Self.environment(600, 100)) == (2, 300))
    // An absurd ratio stays finite in Int.
    configuration.minimumColumnWidth = 1e-300
    let model = ColumnFlowLayoutModel(
      collectionView: Self.environment(1e300, 100), layout: configuration, sections: [])
    #expect(model.numberOfColumns == 1_000_000_000_000_000)
    #expect(model.flowModel.layout.itemSize.width == 0)
  }

  @Test("bad input names the field")
  func badInput() {
    func field(_ body: () throws -> Void) -> String? {
      do { try body() } catch let error as LayoutError { return error.field } catch {
        return "not a LayoutError: \(error)"
      }
      return nil
    }
    func make(_ configure: (inout ColumnFlowConfiguration) -> Void, sections: [FlowSection] = [])
      throws
    {
      var configuration = ColumnFlowConfiguration()
      configure(&configuration)
      _ = try ColumnFlowLayout<BinarySearchLayout>(
        model: ColumnFlowLayoutModel(
          collectionView: Self.environment(390, 844), layout: configuration, sections: sections))
    }
    #expect(field { try make { $0.minimumColumnWidth = -4 } } == "layout.minimumColumnWidth")
    #expect(field { try make { $0.minimumColumnWidth = 0 } } == "layout.minimumColumnWidth")
    #expect(field { try make { $0.minimumColumnWidth = .infinity } } == "layout.minimumColumnWidth")
    #expect(field { try make { $0.cellHeight = .nan } } == "layout.cellHeight")
    #expect(
      field { try make { $0.minimumInteritemSpacing = -1 } } == "layout.minimumInteritemSpacing")
    #expect(
      field {
        try make({ _ in }, sections: [FlowSection(items: 2, itemSize: CGSize(width: 5, height: 5))])
      }
        == "sections[0].itemSize")
    #expect(
      field {
        try make({ _ in }, sections: [FlowSection(items: 1), FlowSection(itemSizes: [.zero])])
      }
        == "sections[1].itemSizes")
    #expect(field { try make({ _ in }, sections: [FlowSection(items: -2)]) } == "sections[0].items")

    let negative =
      #"{"collectionView": {"size": [390, 844]}, "layout": {"kind": "columnFlow", "minimumColumnWidth": -4}, "sections": [{"items": 3}]}"#
    #expect(field { _ = try LayoutFile.decode(negative) } == "layout.minimumColumnWidth")
    let flowKey =
      #"{"collectionView": {"size": [390, 844]}, "layout": {"kind": "columnFlow", "itemSize": [10, 10]}, "sections": [{"items": 3}]}"#
    #expect(field { _ = try LayoutFile.decode(flowKey) } == "layout.itemSize")
    let inset =
      #"{"collectionView": {"size": [390, 844]}, "layout": {"kind": "columnFlow"}, "sections": [{"items": 3, "sectionInset": [1, 1, 1, 1]}]}"#
    #expect(field { _ = try LayoutFile.decode(inset) } == "sections[0].sectionInset")
  }

  @Test("a columnFlow layout file decodes, encodes back, and its flow model is the derived one")
  func layoutFileRoundTrip() throws {
    let text = #"""
      {"collectionView": {"size": [844, 390], "safeAreaInsets": [0, 47, 21, 47], "layoutMargins": [0, 67, 21, 67]},
       "layout": {"kind": "columnFlow", "minimumColumnWidth": 250, "cellHeight": 44, "minimumLineSpacing": 4,
                  "headerReferenceSize": [0, 30], "sectionHeadersPinToVisibleBounds": true},
       "sections": [{"items": 5}, {"items": 2, "minimumInteritemSpacing": 2}]}
      """#
    let file = try LayoutFile.decode(text)
    guard case .columnFlow(let model) = file.content else {
      Issue.record("expected a column flow, got \(file.content.kind)")
      return
    }
    #expect(model.layout.minimumColumnWidth == 250 && model.layout.cellHeight == 44)
    #expect(model.layout.minimumLineSpacing == 4 && model.layout.sectionHeadersPinToVisibleBounds)
    #expect(
      model.sections == [
        FlowSection(items: 5),
        FlowSection(itemSizing: .fixed(count: 2, itemSize: nil), minimumInteritemSpacing: 2),
      ])
    // 710 available → ⌊710 / 250⌋ = 2 columns of 355.
    #expect(file.flowModel?.layout.itemSize == CGSize(width: 355, height: 44))
    #expect(file.flowModel == model.flowModel)
    #expect(try LayoutFile.decode(file.encoded()) == file)
    // A flow file says nothing about its kind, or says "flow".
    let flow = try LayoutFile.decode(
      #"{"collectionView": {"size": [390, 844]}, "layout": {"kind": "flow"}, "sections": []}"#)
    #expect(flow.content.kind == .flow)
  }
}
