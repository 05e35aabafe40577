import Foundation

/// Writing the layouts other than the flow layout: `"layout": {"kind": …}` (README, "Custom
/// layouts"); `JSONScanner+CustomLayouts.swift` reads them.
extension LayoutFile {
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
