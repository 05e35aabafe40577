import Foundation

extension LayoutFile {
  /// The layout file's JSON text: every field that differs from its default, so a file reads
  /// back to the same model (`decode(encoded()) == self`).
  public func encoded() -> String {
    var layout: [String]
    var sections: [String]
    switch content {
    case .flow(let model):
      layout = JSONWriter.members(
        LayoutField.flowLayout, of: model.layout, defaults: FlowLayoutConfiguration())
      sections = model.sections.map { Self.encode($0, layout: model.layout) }
    case .columnFlow(let model):
      layout = JSONWriter.members(
        LayoutField.columnFlowLayout, of: model.layout, defaults: ColumnFlowConfiguration())
      let flowLayout = model.flowModel.layout
      sections = model.sections.map { Self.encode($0, layout: flowLayout) }
    case .mosaic(let model):
      layout = []
      sections = ["{\"items\": \(model.numberOfItems)}"]
    }
    // A flow file without a `layout` is a flow file; every other kind names itself first.
    if content.kind != .flow { layout.insert("\"kind\": \"\(content.kind.rawValue)\"", at: 0) }
    let environment = content.collectionView
    let collectionView =
      ["\"size\": \(JSONWriter.size(environment.bounds.size))"]
      + JSONWriter.members(
        LayoutField.collectionView, of: environment,
        defaults: CollectionViewEnvironment(size: .zero))
    var out = "{\n \"collectionView\": {" + collectionView.joined(separator: ", ") + "},\n"
    if !layout.isEmpty { out += " \"layout\": {" + layout.joined(separator: ", ") + "},\n" }
    out += " \"sections\": ["
    for (index, section) in sections.enumerated() {
      out += (index == 0 ? "\n  " : ",\n  ") + section
    }
    return out + (sections.isEmpty ? "]\n}\n" : "\n ]\n}\n")
  }

  /// A section as a file gives it; `layout` gives the size of items that take the layout's.
  static func encode(_ section: FlowSection, layout: FlowLayoutConfiguration) -> String {
    var fields: [String] = []
    switch section.itemSizing {
    case .fixed(let count, let itemSize):
      fields.append("\"items\": \(count)")
      if let itemSize { fields.append("\"itemSize\": \(JSONWriter.size(itemSize))") }
    case .perItem(let sizes):
      fields.append("\"itemSizes\": [" + sizes.map(JSONWriter.size).joined(separator: ", ") + "]")
    case .fixedWithExceptions(let count, _, _):
      // A file has no exceptions: the sizes they stand for, one per item.
      let sizes = (0..<count).lazy.map {
        JSONWriter.size(section.itemSize(at: $0, layout: layout))
      }
      fields.append("\"itemSizes\": [" + sizes.joined(separator: ", ") + "]")
    }
    if let inset = section.sectionInset {
      fields.append("\"sectionInset\": \(JSONWriter.insets(inset))")
    }
    if let spacing = section.minimumLineSpacing {
      fields.append("\"minimumLineSpacing\": \(JSONWriter.number(spacing))")
    }
    if let spacing = section.minimumInteritemSpacing {
      fields.append("\"minimumInteritemSpacing\": \(JSONWriter.number(spacing))")
    }
    if let size = section.headerReferenceSize {
      fields.append("\"headerReferenceSize\": \(JSONWriter.size(size))")
    }
    if let size = section.footerReferenceSize {
      fields.append("\"footerReferenceSize\": \(JSONWriter.size(size))")
    }
    return "{" + fields.joined(separator: ", ") + "}"
  }
}
