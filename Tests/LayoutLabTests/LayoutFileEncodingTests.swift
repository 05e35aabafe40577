import Foundation
import LayoutLab
import Testing

/// `LayoutFile.encoded()` writes every member that differs from its default, from the same
/// tables the decoder reads, so a file reads back to the same model.
@Suite("Layout file encoding")
struct LayoutFileEncodingTests {
  static let environment = CollectionViewEnvironment(
    size: CGSize(width: 390, height: 844), contentOffset: CGPoint(x: 0, y: 120),
    adjustedContentInset: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4),
    safeAreaInsets: EdgeInsets(top: 5, left: 6, bottom: 7, right: 8),
    layoutMargins: EdgeInsets(top: 9, left: 10, bottom: 11, right: 12), displayScale: 2,
    layoutDirection: .rightToLeft)

  @Test("a flow file with every member changed from its default reads back the same")
  func flowRoundTrip() throws {
    var layout = FlowLayoutConfiguration()
    layout.scrollDirection = .horizontal
    layout.itemSize = CGSize(width: 40, height: 30)
    layout.estimatedItemSize = .size(CGSize(width: 41, height: 31))
    layout.minimumLineSpacing = 3.5
    layout.minimumInteritemSpacing = 0
    layout.sectionInset = EdgeInsets(top: 1, left: 0, bottom: 2, right: 0)
    layout.headerReferenceSize = CGSize(width: 0, height: 44)
    layout.footerReferenceSize = CGSize(width: 0, height: 22)
    layout.sectionHeadersPinToVisibleBounds = true
    layout.sectionFootersPinToVisibleBounds = true
    layout.sectionInsetReference = .fromLayoutMargins
    let file = LayoutFile(
      model: FlowLayoutModel(
        collectionView: Self.environment, layout: layout, sections: [FlowSection(items: 3)]))
    let text = file.encoded()
    #expect(try LayoutFile.decode(text) == file)
    for key in [
      "contentOffset", "contentInset", "safeAreaInsets", "layoutMargins", "scale",
      "layoutDirection", "scrollDirection", "itemSize", "estimatedItemSize", "minimumLineSpacing",
      "minimumInteritemSpacing", "sectionInset", "headerReferenceSize", "footerReferenceSize",
      "sectionHeadersPinToVisibleBounds", "sectionFootersPinToVisibleBounds",
      "sectionInsetReference",
    ] {
      #expect(text.contains("\"\(key)\""), "\(key) is written")
    }
    layout.estimatedItemSize = .automatic
    let automatic = LayoutFile(
      model: FlowLayoutModel(collectionView: Self.environment, layout: layout, sections: []))
    #expect(try LayoutFile.decode(automatic.encoded()) == automatic)
  }

  @Test("a section of one size with exceptions is written as its sizes per item")
  func exceptionsAreWrittenPerItem() throws {
    var layout = FlowLayoutConfiguration()
    layout.itemSize = CGSize(width: 40, height: 30)
    let exceptions: ContiguousArray<FlowSection.SizeException> = [
      .init(item: 0, size: CGSize(width: 1.5, height: 2)),
      .init(item: 3, size: CGSize(width: 400, height: 0)),
    ]
    let model = FlowLayoutModel(
      collectionView: Self.environment, layout: layout,
      sections: [
        FlowSection(
          itemSizing: .fixedWithExceptions(count: 5, itemSize: nil, exceptions: exceptions)),
        FlowSection(
          itemSizing: .fixedWithExceptions(
            count: 2, itemSize: CGSize(width: 7, height: 8), exceptions: [exceptions[0]])),
      ])
    let read = try LayoutFile.decode(LayoutFile(model: model).encoded())
    let expected = FlowLayoutModel(
      collectionView: Self.environment, layout: layout,
      sections: [
        FlowSection(itemSizes: [
          CGSize(width: 1.5, height: 2), CGSize(width: 40, height: 30),
          CGSize(width: 40, height: 30), CGSize(width: 400, height: 0),
          CGSize(width: 40, height: 30),
        ]),
        FlowSection(itemSizes: [CGSize(width: 1.5, height: 2), CGSize(width: 7, height: 8)]),
      ])
    #expect(read == LayoutFile(model: expected))
    // The same frames, to the bit, from the file as from the model.
    var written = try NaiveLinearLayout(model: model)
    written.prepare()
    var fromFile = try NaiveLinearLayout(model: expected)
    fromFile.prepare()
    #expect(written.layoutAttributesForAllElements() == fromFile.layoutAttributesForAllElements())
  }

  @Test("a flow file with default members writes none of them, nor a layout object")
  func defaultsAreNotWritten() {
    let file = LayoutFile(
      model: FlowLayoutModel(
        collectionView: CollectionViewEnvironment(size: CGSize(width: 320, height: 480)),
        sections: [FlowSection(items: 2)]))
    #expect(
      file.encoded()
        == "{\n \"collectionView\": {\"size\": [320.0, 480.0]},\n \"sections\": [\n  {\"items\": 2}\n ]\n}\n"
    )
  }
}
