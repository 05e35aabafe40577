extension JSONScanner {
  static let rootKeys = JSONKeys(["collectionView", "layout", "sections"])
  static let collectionViewKeys = JSONKeys(
    ["size"] + LayoutField<CollectionViewEnvironment>.collectionView.map(\.key))
  static let flowLayoutKeys = JSONKeys(
    ["kind"] + LayoutField<FlowLayoutConfiguration>.flowLayout.map(\.key))
  static let columnFlowLayoutKeys = JSONKeys(
    ["kind"] + LayoutField<ColumnFlowConfiguration>.columnFlowLayout.map(\.key))
  static let mosaicLayoutKeys = JSONKeys(["kind"])
  /// Every key of every kind of `layout`: the object is read before its kind may be known
  /// (`kind` can come last), then checked against its kind's keys.
  static let anyLayoutKeys = JSONKeys(
    flowLayoutKeys.names + columnFlowLayoutKeys.names.filter { !flowLayoutKeys.names.contains($0) })

  /// Reads a whole layout file in one pass and returns what it describes.
  ///
  /// Errors come in the order the format has always reported them, whatever order the keys
  /// come in: malformed JSON anywhere first (it throws as it is met); then an unknown key of
  /// the root, `collectionView`, `layout.kind`, `layout`, `sections` and its sections in
  /// order; last the values (FLOW-28, `validate()`). So each part's errors are kept until the
  /// document ends, and a part in error is only checked for syntax from there on.
  mutating func readLayoutFile() throws(LayoutError) -> LayoutFileContent {
    skipWhitespace()
    let rootKind = try valueKind(depth: 0)
    guard rootKind == .object else {
      try skipValue(depth: 0)
      try finish()
      throw LayoutError(field: "", "expected an object, found \(rootKind.typeDescription)")
    }
    var root = beginObject()
    var seen = JSONKeySet(tracking: 1_024)
    var unknownKey: String?
    var collectionView: JSONObjectFields?
    var layout: JSONObjectFields?
    var sections: FlowSectionsRead?
    while try nextMember(&root) {
      switch try scanKey(Self.rootKeys, into: &seen) {
      case .known(0): collectionView = try readObjectFields(Self.collectionViewKeys, depth: 1)
      case .known(1): layout = try readObjectFields(Self.anyLayoutKeys, depth: 1)
      case .known(_): sections = try readSections(depth: 1)
      case .unknown(let name):
        if unknownKey == nil { unknownKey = name }
        try skipValue(depth: 1)
      }
    }
    try finish()

    if let unknownKey { throw Self.rootKeys.unknownKeyError(unknownKey, in: "") }
    guard let collectionView else {
      throw LayoutError(field: "collectionView", "is required")
    }
    let environment = try Self.environment(collectionView)
    let kind = try Self.layoutKind(layout)
    switch kind {
    case .flow:
      let configuration = try layout.map { (fields) throws(LayoutError) in
        try Self.flowConfiguration(fields)
      }
      guard let sections else { throw LayoutError(field: "sections", "is required") }
      let model = FlowLayoutModel(
        collectionView: environment, layout: configuration ?? FlowLayoutConfiguration(),
        sections: try sections.flowSections())
      try model.validate()
      return .flow(model)
    case .columnFlow:
      return .columnFlow(try Self.columnFlowModel(environment, layout: layout, sections: sections))
    case .mosaic:
      return .mosaic(try Self.mosaicModel(environment, layout: layout, sections: sections))
    }
  }

  /// Reads `sections`: each section is decoded while the array holds no error and at most
  /// `LayoutLimits.maximumNumberOfSections` sections; past that, elements are only checked
  /// and counted. Sections stop being kept once they hold more than
  /// `LayoutLimits.maximumNumberOfItems` items (later ones are still checked), so no file makes
  /// the model grow past the limit.
  private mutating func readSections(depth: Int) throws(LayoutError) -> FlowSectionsRead {
    let kind = try valueKind(depth: depth)
    var read = FlowSectionsRead(kind: kind)
    guard kind == .array else {
      try skipValue(depth: depth)
      return read
    }
    var elements = beginArray()
    var items = 0
    while try nextElement(&elements) {
      let position = read.count
      if read.firstError != nil || position >= LayoutLimits.maximumNumberOfSections {
        try skipValue(depth: depth + 1)
      } else {
        let storing = items <= LayoutLimits.maximumNumberOfItems
        let section = try readSection(
          depth: depth + 1, storingSizes: storing, at: { "sections[\(position)]" })
        if position == 0 { read.first = section }
        switch section.result {
        case .success(let section) where storing:
          read.sections.append(section)
          items += section.numberOfItems
        case .success: break
        case .failure(let error): read.firstError = error
        }
      }
      read.count += 1
    }
    return read
  }

  private static func environment(
    _ fields: JSONObjectFields
  ) throws(LayoutError) -> CollectionViewEnvironment {
    try fields.check(allowed: collectionViewKeys, at: "collectionView")
    let size = try fields.required("size", at: "collectionView")
    var environment = CollectionViewEnvironment(size: try size.size(at: "collectionView.size"))
    try fields.read(LayoutField.collectionView, into: &environment, at: "collectionView")
    return environment
  }

  /// The file's `layout.kind`; `flow` without a `layout` or without a `kind`.
  private static func layoutKind(_ layout: JSONObjectFields?) throws(LayoutError) -> LayoutKind {
    guard let layout else { return .flow }
    guard layout.kind == .object else {
      throw LayoutError(field: "layout", "expected an object, found \(layout.kind.typeDescription)")
    }
    guard let kind = layout["kind"] else { return .flow }
    return try kind.enumeration(LayoutKind.self, at: "layout.kind")
  }

  private static func flowConfiguration(
    _ fields: JSONObjectFields
  ) throws(LayoutError) -> FlowLayoutConfiguration {
    try fields.check(allowed: flowLayoutKeys, at: "layout")
    var layout = FlowLayoutConfiguration()
    try fields.read(LayoutField.flowLayout, into: &layout, at: "layout")
    return layout
  }
}
