import Foundation

/// A layout file (docs/LayoutFileFormat.md): a collection view, a layout's properties and
/// its sections, as JSON. What `bench layout` reads and what fixtures are written in. The
/// `layout.kind` key says which layout (`flow` when absent; README, "Custom layouts").
public struct LayoutFile: Hashable, Sendable {
  /// Which layout the file describes, with its model.
  public var content: LayoutFileContent

  public init(model: FlowLayoutModel) { content = .flow(model) }

  public init(_ content: LayoutFileContent) { self.content = content }

  /// The flow layout the file describes: a flow file's model, or the flow model a column flow
  /// derives from its bounds; nil for a mosaic file (code that accepts every kind switches over
  /// `content`).
  public var flowModel: FlowLayoutModel? {
    switch content {
    case .flow(let model): model
    case .columnFlow(let model): model.flowModel
    case .mosaic: nil
    }
  }

  /// Parses and validates a layout file. Every error names the field
  /// (`sections[3].itemSizes[12].width: -4 is negative`).
  public static func decode(_ text: String) throws(LayoutError) -> LayoutFile {
    try decode(Array(text.utf8))
  }

  public static func decode(_ bytes: [UInt8]) throws(LayoutError) -> LayoutFile {
    let root = JSONField(value: try JSONParser.parse(bytes), path: "")
    let file = try root.object(knownKeys: ["collectionView", "layout", "sections"])
    let collectionView = try decodeCollectionView(try file.required("collectionView"))
    switch try decodeKind(file["layout"]) {
    case .flow: break
    case .columnFlow: return LayoutFile(.columnFlow(try decodeColumnFlow(collectionView, file)))
    case .mosaic: return LayoutFile(.mosaic(try decodeMosaic(collectionView, file)))
    }
    let layout = try file["layout"].map { (field) throws(LayoutError) in try decodeLayout(field) }
    var sections: [FlowSection] = []
    for field in try file.required("sections").array() {
      sections.append(try decodeSection(field))
    }
    let model = FlowLayoutModel(
      collectionView: collectionView, layout: layout ?? FlowLayoutConfiguration(),
      sections: sections)
    try model.validate()
    return LayoutFile(model: model)
  }

  private static func decodeCollectionView(
    _ field: JSONField
  ) throws(LayoutError) -> CollectionViewEnvironment {
    let fields = try field.object(knownKeys: [
      "size", "contentOffset", "contentInset", "safeAreaInsets", "layoutMargins", "scale",
      "layoutDirection",
    ])
    var environment = CollectionViewEnvironment(size: try fields.required("size").size())
    if let offset = fields["contentOffset"] { environment.contentOffset = try offset.point() }
    if let inset = fields["contentInset"] { environment.adjustedContentInset = try inset.insets() }
    if let safeArea = fields["safeAreaInsets"] {
      environment.safeAreaInsets = try safeArea.insets()
    }
    if let margins = fields["layoutMargins"] { environment.layoutMargins = try margins.insets() }
    if let scale = fields["scale"] { environment.displayScale = try scale.number() }
    if let direction = fields["layoutDirection"] {
      environment.layoutDirection = try direction.enumeration(LayoutDirection.self)
    }
    return environment
  }

  private static func decodeLayout(_ field: JSONField) throws(LayoutError)
    -> FlowLayoutConfiguration
  {
    let fields = try field.object(knownKeys: [
      "kind", "scrollDirection", "itemSize", "estimatedItemSize", "minimumLineSpacing",
      "minimumInteritemSpacing", "sectionInset", "headerReferenceSize", "footerReferenceSize",
      "sectionHeadersPinToVisibleBounds", "sectionFootersPinToVisibleBounds",
      "sectionInsetReference",
    ])
    var layout = FlowLayoutConfiguration()
    if let value = fields["scrollDirection"] {
      layout.scrollDirection = try value.enumeration(ScrollDirection.self)
    }
    if let value = fields["itemSize"] { layout.itemSize = try value.size() }
    if let value = fields["estimatedItemSize"] {
      if case .string(let text) = value.value {
        guard text == "automatic" else {
          throw value.error("unknown value \"\(text)\" (expected [width, height] or \"automatic\")")
        }
        layout.estimatedItemSize = .automatic
      } else {
        layout.estimatedItemSize = .size(try value.size())
      }
    }
    if let value = fields["minimumLineSpacing"] { layout.minimumLineSpacing = try value.number() }
    if let value = fields["minimumInteritemSpacing"] {
      layout.minimumInteritemSpacing = try value.number()
    }
    if let value = fields["sectionInset"] { layout.sectionInset = try value.insets() }
    if let value = fields["headerReferenceSize"] { layout.headerReferenceSize = try value.size() }
    if let value = fields["footerReferenceSize"] { layout.footerReferenceSize = try value.size() }
    if let value = fields["sectionHeadersPinToVisibleBounds"] {
      layout.sectionHeadersPinToVisibleBounds = try value.bool()
    }
    if let value = fields["sectionFootersPinToVisibleBounds"] {
      layout.sectionFootersPinToVisibleBounds = try value.bool()
    }
    if let value = fields["sectionInsetReference"] {
      layout.sectionInsetReference = try value.enumeration(SectionInsetReference.self)
    }
    return layout
  }

  static func decodeSection(_ field: JSONField) throws(LayoutError) -> FlowSection {
    let fields = try field.object(knownKeys: [
      "items", "itemSizes", "itemSize", "sectionInset", "minimumLineSpacing",
      "minimumInteritemSpacing", "headerReferenceSize", "footerReferenceSize",
    ])
    let sizing: FlowSection.ItemSizing
    switch (fields["items"], fields["itemSizes"]) {
    case (let count?, nil):
      sizing = .fixed(
        count: try count.count(limit: LayoutLimits.maximumNumberOfItems),
        itemSize: try fields["itemSize"].map { (field) throws(LayoutError) in try field.size() })
    case (nil, let sizes?):
      if fields.has("itemSize") {
        throw LayoutError(
          field: field.child("itemSize"), "cannot be combined with itemSizes (one size per item)")
      }
      let elements = try sizes.array()
      if elements.count > LayoutLimits.maximumNumberOfItems {
        throw sizes.error("more than the limit of \(LayoutLimits.maximumNumberOfItems) items")
      }
      var itemSizes = ContiguousArray<CGSize>()
      itemSizes.reserveCapacity(elements.count)
      for element in elements { itemSizes.append(try element.size()) }
      sizing = .perItem(itemSizes)
    case (.some, .some):
      throw LayoutError(field: field.child("itemSizes"), "cannot be combined with items")
    case (nil, nil):
      throw LayoutError(field: field.path, "needs items (a count) or itemSizes (one size per item)")
    }
    var section = FlowSection(itemSizing: sizing)
    if let value = fields["sectionInset"] { section.sectionInset = try value.insets() }
    if let value = fields["minimumLineSpacing"] { section.minimumLineSpacing = try value.number() }
    if let value = fields["minimumInteritemSpacing"] {
      section.minimumInteritemSpacing = try value.number()
    }
    if let value = fields["headerReferenceSize"] { section.headerReferenceSize = try value.size() }
    if let value = fields["footerReferenceSize"] { section.footerReferenceSize = try value.size() }
    return section
  }
}
