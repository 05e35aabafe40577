import Foundation

extension LayoutFile {
  /// The layout file's JSON text: every field that differs from its default, so a file reads
  /// back to the same model (`decode(encoded()) == self`).
  public func encoded() -> String {
    guard case .flow(let model) = content else { return encodedCustomLayout() }
    let collectionView = Self.collectionViewFields(model.collectionView)

    let layout = model.layout
    let base = FlowLayoutConfiguration()
    var fields: [String] = []
    if layout.scrollDirection != base.scrollDirection {
      fields.append("\"scrollDirection\": \"\(layout.scrollDirection.rawValue)\"")
    }
    if layout.itemSize != base.itemSize {
      fields.append("\"itemSize\": \(JSONWriter.size(layout.itemSize))")
    }
    switch layout.estimatedItemSize {
    case .automatic: fields.append("\"estimatedItemSize\": \"automatic\"")
    case .size(let size) where size != .zero:
      fields.append("\"estimatedItemSize\": \(JSONWriter.size(size))")
    case .size: break
    }
    if layout.minimumLineSpacing != base.minimumLineSpacing {
      fields.append("\"minimumLineSpacing\": \(JSONWriter.number(layout.minimumLineSpacing))")
    }
    if layout.minimumInteritemSpacing != base.minimumInteritemSpacing {
      fields.append(
        "\"minimumInteritemSpacing\": \(JSONWriter.number(layout.minimumInteritemSpacing))")
    }
    if layout.sectionInset != base.sectionInset {
      fields.append("\"sectionInset\": \(JSONWriter.insets(layout.sectionInset))")
    }
    if layout.headerReferenceSize != base.headerReferenceSize {
      fields.append("\"headerReferenceSize\": \(JSONWriter.size(layout.headerReferenceSize))")
    }
    if layout.footerReferenceSize != base.footerReferenceSize {
      fields.append("\"footerReferenceSize\": \(JSONWriter.size(layout.footerReferenceSize))")
    }
    if layout.sectionHeadersPinToVisibleBounds {
      fields.append("\"sectionHeadersPinToVisibleBounds\": true")
    }
    if layout.sectionFootersPinToVisibleBounds {
      fields.append("\"sectionFootersPinToVisibleBounds\": true")
    }
    if layout.sectionInsetReference != base.sectionInsetReference {
      fields.append("\"sectionInsetReference\": \"\(layout.sectionInsetReference.rawValue)\"")
    }

    var out = "{\n \"collectionView\": {" + collectionView.joined(separator: ", ") + "},\n"
    if !fields.isEmpty { out += " \"layout\": {" + fields.joined(separator: ", ") + "},\n" }
    out += " \"sections\": ["
    for (index, section) in model.sections.enumerated() {
      out += (index == 0 ? "\n  " : ",\n  ") + Self.encode(section)
    }
    return out + (model.sections.isEmpty ? "]\n}\n" : "\n ]\n}\n")
  }

  /// The members of `"collectionView"`: the size, then every field that differs from its
  /// default.
  static func collectionViewFields(_ environment: CollectionViewEnvironment) -> [String] {
    let defaults = CollectionViewEnvironment(size: .zero)
    var collectionView = ["\"size\": \(JSONWriter.size(environment.bounds.size))"]
    if environment.contentOffset != .zero {
      collectionView.append(
        "\"contentOffset\": \(JSONWriter.numbers([environment.contentOffset.x, environment.contentOffset.y]))"
      )
    }
    if environment.adjustedContentInset != .zero {
      collectionView.append(
        "\"contentInset\": \(JSONWriter.insets(environment.adjustedContentInset))")
    }
    if environment.safeAreaInsets != .zero {
      collectionView.append("\"safeAreaInsets\": \(JSONWriter.insets(environment.safeAreaInsets))")
    }
    if environment.layoutMargins != .zero {
      collectionView.append("\"layoutMargins\": \(JSONWriter.insets(environment.layoutMargins))")
    }
    if environment.displayScale != defaults.displayScale {
      collectionView.append("\"scale\": \(JSONWriter.number(environment.displayScale))")
    }
    if environment.layoutDirection != defaults.layoutDirection {
      collectionView.append("\"layoutDirection\": \"\(environment.layoutDirection.rawValue)\"")
    }
    return collectionView
  }

  static func encode(_ section: FlowSection) -> String {
    var fields: [String] = []
    switch section.itemSizing {
    case .fixed(let count, let itemSize):
      fields.append("\"items\": \(count)")
      if let itemSize { fields.append("\"itemSize\": \(JSONWriter.size(itemSize))") }
    case .perItem(let sizes):
      fields.append("\"itemSizes\": [" + sizes.map(JSONWriter.size).joined(separator: ", ") + "]")
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
