/// The layouts other than the flow layout, from what `readLayoutFile` read:
/// `"layout": {"kind": …}` (README, "Custom layouts").
extension JSONScanner {
  /// A `columnFlow` file: the column properties, and sections of item counts.
  static func columnFlowModel(
    _ collectionView: CollectionViewEnvironment, layout: JSONObjectFields?,
    sections: FlowSectionsRead?
  ) throws(LayoutError) -> ColumnFlowLayoutModel {
    var configuration = ColumnFlowConfiguration()
    if let fields = layout {
      try fields.check(allowed: columnFlowLayoutKeys, at: "layout")
      try fields.read(LayoutField.columnFlowLayout, into: &configuration, at: "layout")
    }
    guard let sections else { throw LayoutError(field: "sections", "is required") }
    // Rejects what a column flow derives (item sizes, section insets) by field, then the rest.
    let model = ColumnFlowLayoutModel(
      collectionView: collectionView, layout: configuration, sections: try sections.flowSections())
    try model.validate()
    return model
  }

  /// A `mosaic` file: `"layout": {"kind": "mosaic"}` and exactly one section with `items`.
  static func mosaicModel(
    _ collectionView: CollectionViewEnvironment, layout: JSONObjectFields?,
    sections: FlowSectionsRead?
  ) throws(LayoutError) -> MosaicLayoutModel {
    try layout?.check(allowed: mosaicLayoutKeys, at: "layout")
    guard let sections else { throw LayoutError(field: "sections", "is required") }
    guard sections.kind == .array else {
      throw LayoutError(
        field: "sections", "expected an array, found \(sections.kind.typeDescription)")
    }
    guard sections.count == 1, let section = sections.first else {
      throw LayoutError(
        field: "sections", "a mosaic layout has exactly one section, found \(sections.count)")
    }
    guard section.kind == .object else {
      throw LayoutError(
        field: "sections[0]", "expected an object, found \(section.kind.typeDescription)")
    }
    if let key = section.firstKeyOtherThanItems {
      throw mosaicSectionKeys.unknownKeyError(key, in: "sections[0]")
    }
    guard let items = section.items else {
      throw LayoutError(field: "sections[0].items", "is required")
    }
    let count = try items.get()
    let model = MosaicLayoutModel(collectionView: collectionView, numberOfItems: count)
    try model.validate()
    return model
  }

  private static let mosaicSectionKeys = JSONKeys(["items"])
}
