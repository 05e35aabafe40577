extension JSONScanner {
  static let batchKeys = JSONKeys([
    "deleteSections", "insertSections", "deleteItems", "insertItems", "moveItems",
    "reloadItems", "resizeItems", "bounds",
  ])
  private static let sectionInsertionKeys = JSONKeys(["at", "section"])
  private static let itemInsertionKeys = JSONKeys(["at", "size"])
  private static let itemMoveKeys = JSONKeys(["from", "to"])
  private static let itemResizeKeys = JSONKeys(["at", "size"])
  private static let boundsKeys = JSONKeys(["size", "contentOffset"])

  /// Reads a whole updates file in one pass: its batches, or the first error — malformed JSON
  /// anywhere first, then batch by batch, each batch's errors in the format's order (an unknown
  /// key, then its lists in their fixed order).
  mutating func readUpdatesFile() throws(LayoutError) -> [BatchUpdate] {
    skipWhitespace()
    let kind = try valueKind(depth: 0)
    guard kind == .array else {
      try skipValue(depth: 0)
      try finish()
      throw LayoutError(field: "updates", "expected an array, found \(kind.typeDescription)")
    }
    var batches: [BatchUpdate] = []
    var firstError: LayoutError?
    var array = beginArray()
    while try nextElement(&array) {
      if firstError != nil {
        try skipValue(depth: 1)
        continue
      }
      switch try readBatch(depth: 1, at: "updates[\(batches.count)]") {
      case .success(let batch): batches.append(batch)
      case .failure(let error): firstError = error
      }
    }
    try finish()
    if let firstError { throw firstError }
    return batches
  }

  private mutating func readBatch(
    depth: Int, at path: String
  ) throws(LayoutError) -> Result<BatchUpdate, LayoutError> {
    let kind = try valueKind(depth: depth)
    guard kind == .object else {
      try skipValue(depth: depth)
      return .failure(
        LayoutError(field: path, "expected an object, found \(kind.typeDescription)"))
    }
    var object = beginObject()
    var seen = JSONKeySet(tracking: 1_024)
    var unknownKey: String?
    var batch = BatchUpdate()
    var errors: [LayoutError?] = Array(repeating: nil, count: Self.batchKeys.names.count)
    while try nextMember(&object) {
      let key = try scanKey(Self.batchKeys, into: &seen)
      guard case .known(let index) = key else {
        if unknownKey == nil { unknownKey = Self.batchKeys.name(of: key) }
        try skipValue(depth: depth + 1)
        continue
      }
      let field = "\(path).\(Self.batchKeys.names[index])"
      let inner = depth + 1
      switch index {
      case 0:
        errors[index] = try readList(depth: inner, at: field, into: &batch.deleteSections) {
          (scanner, depth, path) throws(LayoutError) in
          let value = try scanner.readFieldValue(depth: depth)
          return Result { () throws(LayoutError) in try Self.index(value, at: path()) }
        }
      case 1:
        errors[index] = try readList(depth: inner, at: field, into: &batch.insertSections) {
          (scanner, depth, path) throws(LayoutError) in
          try scanner.readSectionInsertion(depth: depth, at: path())
        }
      case 2:
        errors[index] = try readList(
          depth: inner, at: field, into: &batch.deleteItems, Self.readIndexPath)
      case 3:
        errors[index] = try readObjectList(
          Self.itemInsertionKeys, depth: inner, at: field, into: &batch.insertItems
        ) { (fields, path) throws(LayoutError) in
          BatchUpdate.ItemInsertion(
            at: try Self.indexPath("at", of: fields, at: path),
            size: try fields["size"]?.size(at: "\(path).size"))
        }
      case 4:
        errors[index] = try readObjectList(
          Self.itemMoveKeys, depth: inner, at: field, into: &batch.moveItems
        ) { (fields, path) throws(LayoutError) in
          BatchUpdate.ItemMove(
            from: try Self.indexPath("from", of: fields, at: path),
            to: try Self.indexPath("to", of: fields, at: path))
        }
      case 5:
        errors[index] = try readList(
          depth: inner, at: field, into: &batch.reloadItems, Self.readIndexPath)
      case 6:
        errors[index] = try readObjectList(
          Self.itemResizeKeys, depth: inner, at: field, into: &batch.resizeItems
        ) { (fields, path) throws(LayoutError) in
          BatchUpdate.ItemResize(
            at: try Self.indexPath("at", of: fields, at: path),
            size: try fields.required("size", at: path).size(at: "\(path).size"))
        }
      default:
        let fields = try readObjectFields(Self.boundsKeys, depth: inner)
        do {
          try fields.check(allowed: Self.boundsKeys, at: field)
          batch.boundsSize = try fields["size"]?.size(at: "\(field).size")
          batch.contentOffset = try fields["contentOffset"]?.point(at: "\(field).contentOffset")
        } catch {
          errors[index] = error
        }
      }
    }
    if let unknownKey { return .failure(Self.batchKeys.unknownKeyError(unknownKey, in: path)) }
    if let error = errors.lazy.compactMap({ $0 }).first { return .failure(error) }
    return .success(batch)
  }

  /// Reads an array of entries with `readEntry` into `list`, and returns its first error: not
  /// an array, or the first entry in error (after which entries are only checked for syntax).
  private mutating func readList<Entry>(
    depth: Int, at path: String, into list: inout [Entry],
    _ readEntry: (inout JSONScanner, Int, () -> String) throws(LayoutError) -> Result<
      Entry, LayoutError
    >
  ) throws(LayoutError) -> LayoutError? {
    let kind = try valueKind(depth: depth)
    guard kind == .array else {
      try skipValue(depth: depth)
      return LayoutError(field: path, "expected an array, found \(kind.typeDescription)")
    }
    var array = beginArray()
    var position = 0
    var firstError: LayoutError?
    while try nextElement(&array) {
      if firstError == nil {
        switch try readEntry(&self, depth + 1, { "\(path)[\(position)]" }) {
        case .success(let entry): list.append(entry)
        case .failure(let error): firstError = error
        }
      } else {
        try skipValue(depth: depth + 1)
      }
      position += 1
    }
    return firstError
  }

  /// A list of object entries (`insertItems`, `moveItems`, `resizeItems`), as `readList`
  /// reads one: each entry's members read now with `keys`; checked, and made into an entry by
  /// `make`, when the list's errors are reported, as every list entry is.
  private mutating func readObjectList<Entry>(
    _ keys: JSONKeys, depth: Int, at path: String, into list: inout [Entry],
    _ make: (JSONObjectFields, String) throws(LayoutError) -> Entry
  ) throws(LayoutError) -> LayoutError? {
    try readList(depth: depth, at: path, into: &list) {
      (scanner, depth, path) throws(LayoutError) in
      let fields = try scanner.readObjectFields(keys, depth: depth)
      return Result { () throws(LayoutError) in
        let path = path()
        try fields.check(allowed: keys, at: path)
        return try make(fields, path)
      }
    }
  }

  /// The required member `name` of an entry, as `[section, item]`.
  private static func indexPath(
    _ name: String, of fields: JSONObjectFields, at path: String
  ) throws(LayoutError) -> LayoutIndexPath {
    try indexPath(try fields.required(name, at: path), at: "\(path).\(name)")
  }

  /// `{"at": index, "section": {…}}`.
  private mutating func readSectionInsertion(
    depth: Int, at path: String
  ) throws(LayoutError) -> Result<BatchUpdate.SectionInsertion, LayoutError> {
    let kind = try valueKind(depth: depth)
    guard kind == .object else {
      try skipValue(depth: depth)
      return .failure(
        LayoutError(field: path, "expected an object, found \(kind.typeDescription)"))
    }
    var object = beginObject()
    var seen = JSONKeySet(tracking: 1_024)
    var unknownKey: String?
    var at: JSONFieldValue?
    var section: FlowSectionRead?
    while try nextMember(&object) {
      switch try scanKey(Self.sectionInsertionKeys, into: &seen) {
      case .known(0): at = try readFieldValue(depth: depth + 1)
      case .known(_):
        section = try readSection(depth: depth + 1, storingSizes: true, at: { "\(path).section" })
      case .unknown(let name):
        if unknownKey == nil { unknownKey = name }
        try skipValue(depth: depth + 1)
      }
    }
    return Result { () throws(LayoutError) in
      if let unknownKey { throw Self.sectionInsertionKeys.unknownKeyError(unknownKey, in: path) }
      guard let at else { throw LayoutError(field: "\(path).at", "is required") }
      let index = try Self.index(at, at: "\(path).at")
      guard let section else { throw LayoutError(field: "\(path).section", "is required") }
      return BatchUpdate.SectionInsertion(at: index, section: try section.result.get())
    }
  }

  /// A section or item index: a whole number (whether it exists is checked on applying).
  private static func index(
    _ value: JSONFieldValue, at path: @autoclosure () -> String
  ) throws(LayoutError) -> Int {
    try value.count(limit: Int(Int32.max), at: path())
  }

  /// One `[section, item]` entry of a list (`deleteItems`, `reloadItems`): read now, checked
  /// when the list's errors are reported, as every list entry is.
  private static func readIndexPath(
    _ scanner: inout JSONScanner, depth: Int, at path: () -> String
  ) throws(LayoutError) -> Result<LayoutIndexPath, LayoutError> {
    let value = try scanner.readFieldValue(depth: depth)
    return Result { () throws(LayoutError) in try indexPath(value, at: path()) }
  }

  private static func indexPath(
    _ value: JSONFieldValue, at path: @autoclosure () -> String
  ) throws(LayoutError) -> LayoutIndexPath {
    let numbers = try value.numbers(["section", "item"], at: path())
    for (number, name) in [(numbers.0, "section"), (numbers.1, "item")] {
      var component = JSONFieldValue(kind: .number)
      component.number = number
      component.literal = formatNumber(number)
      _ = try component.count(limit: Int(Int32.max), at: "\(path()).\(name)")
    }
    return LayoutIndexPath(item: Int(numbers.1), section: Int(numbers.0))
  }
}
