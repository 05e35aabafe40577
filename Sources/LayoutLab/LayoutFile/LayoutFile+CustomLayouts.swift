import Foundation

/// Reading and writing the layouts other than the flow layout: `"layout": {"kind": …}`
/// (README, "Custom layouts").
extension LayoutFile {
  /// The file's `layout.kind`; `flow` without a `layout` or without a `kind`.
  ///
  /// - Complexity: O(k), k the keys of `layout`.
  static func decodeKind(_ layout: JSONField?) throws(LayoutError) -> LayoutKind {
    guard let layout else { return .flow }
    guard case .object(let members) = layout.value else {
      throw layout.typeError(expected: "an object")
    }
    guard let kind = JSONObjectFields(members: members, path: layout.path)["kind"] else {
      return .flow
    }
    return try kind.enumeration(LayoutKind.self)
  }

  /// A `columnFlow` file: the column properties, and sections of item counts.
  ///
  /// - Complexity: O(n) in the size of the file.
  static func decodeColumnFlow(
    _ collectionView: CollectionViewEnvironment, _ file: JSONObjectFields
  ) throws(LayoutError) -> ColumnFlowLayoutModel {
    var layout = ColumnFlowConfiguration()
    if let field = file["layout"] {
      let fields = try field.object(knownKeys: [
        "kind", "minimumColumnWidth", "cellHeight", "minimumLineSpacing",
        "minimumInteritemSpacing", "headerReferenceSize", "footerReferenceSize",
        "sectionHeadersPinToVisibleBounds", "sectionFootersPinToVisibleBounds",
      ])
      if let value = fields["minimumColumnWidth"] { layout.minimumColumnWidth = try value.number() }
      if let value = fields["cellHeight"] { layout.cellHeight = try value.number() }
      if let value = fields["minimumLineSpacing"] { layout.minimumLineSpacing = try value.number() }
      if let value = fields["minimumInteritemSpacing"] {
        layout.minimumInteritemSpacing = try value.number()
      }
      if let value = fields["headerReferenceSize"] { layout.headerReferenceSize = try value.size() }
      if let value = fields["footerReferenceSize"] { layout.footerReferenceSize = try value.size() }
      if let value = fields["sectionHeadersPinToVisibleBounds"] {
        layout.sectionHeadersPinToVisibleBounds = try value.bool()
      }
      if let value = fields["sectionFootersPinToVisibleBounds"] {
        layout.sectionFootersPinToVisibleBounds = try value.bool()
      }
    }
    var sections: [FlowSection] = []
    for field in try file.required("sections").array() {
      sections.append(try decodeSection(field))
    }
    // Rejects what a column flow derives (item sizes, section insets) by field, then the rest.
    let model = ColumnFlowLayoutModel(
      collectionView: collectionView, layout: layout, sections: sections)
    try model.validate()
    return model
  }

  /// A `mosaic` file: `"layout": {"kind": "mosaic"}` and exactly one section with `items`.
  ///
  /// - Complexity: O(1) beyond parsing.
  static func decodeMosaic(
    _ collectionView: CollectionViewEnvironment, _ file: JSONObjectFields
  ) throws(LayoutError) -> MosaicLayoutModel {
    if let field = file["layout"] { _ = try field.object(knownKeys: ["kind"]) }
    let sectionsField = try file.required("sections")
    let sections = try sectionsField.array()
    guard sections.count == 1 else {
      throw sectionsField.error(
        "a mosaic layout has exactly one section, found \(sections.count)")
    }
    let fields = try sections[0].object(knownKeys: ["items"])
    let count = try fields.required("items").count(limit: LayoutLimits.maximumNumberOfItems)
    let model = MosaicLayoutModel(collectionView: collectionView, numberOfItems: count)
    try model.validate()
    return model
  }

  /// `encoded()` for every kind but `flow`: the same shape, with `layout.kind` first.
  ///
  /// - Complexity: O(s) for a column flow; O(1) for a mosaic.
  func encodedCustomLayout() -> String {
    var layoutFields = ["\"kind\": \"\(content.kind.rawValue)\""]
    var sections: [String] = []
    switch content {
    case .flow:
      preconditionFailure("flow files are encoded by encoded()")
    case .columnFlow(let model):
      let layout = model.layout
      let base = ColumnFlowConfiguration()
      if layout.minimumColumnWidth != base.minimumColumnWidth {
        layoutFields.append(
          "\"minimumColumnWidth\": \(JSONWriter.number(layout.minimumColumnWidth))")
      }
      if layout.cellHeight != base.cellHeight {
        layoutFields.append("\"cellHeight\": \(JSONWriter.number(layout.cellHeight))")
      }
      if layout.minimumLineSpacing != base.minimumLineSpacing {
        layoutFields.append(
          "\"minimumLineSpacing\": \(JSONWriter.number(layout.minimumLineSpacing))")
      }
      if layout.minimumInteritemSpacing != base.minimumInteritemSpacing {
        layoutFields.append(
          "\"minimumInteritemSpacing\": \(JSONWriter.number(layout.minimumInteritemSpacing))")
      }
      if layout.headerReferenceSize != base.headerReferenceSize {
        layoutFields.append(
          "\"headerReferenceSize\": \(JSONWriter.size(layout.headerReferenceSize))")
      }
      if layout.footerReferenceSize != base.footerReferenceSize {
        layoutFields.append(
          "\"footerReferenceSize\": \(JSONWriter.size(layout.footerReferenceSize))")
      }
      if layout.sectionHeadersPinToVisibleBounds {
        layoutFields.append("\"sectionHeadersPinToVisibleBounds\": true")
      }
      if layout.sectionFootersPinToVisibleBounds {
        layoutFields.append("\"sectionFootersPinToVisibleBounds\": true")
      }
      sections = model.sections.map(Self.encode)
    case .mosaic(let model):
      sections = ["{\"items\": \(model.numberOfItems)}"]
    }
    var out = "{\n \"collectionView\": {"
    out += Self.collectionViewFields(content.collectionView).joined(separator: ", ") + "},\n"
    out += " \"layout\": {" + layoutFields.joined(separator: ", ") + "},\n"
    out += " \"sections\": ["
    for (index, section) in sections.enumerated() {
      out += (index == 0 ? "\n  " : ",\n  ") + section
    }
    return out + (sections.isEmpty ? "]\n}\n" : "\n ]\n}\n")
  }
}
