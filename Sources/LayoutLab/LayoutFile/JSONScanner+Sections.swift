import Foundation

extension JSONScanner {
  static let sectionKeys = JSONKeys([
    "items", "itemSizes", "itemSize", "sectionInset", "minimumLineSpacing",
    "minimumInteritemSpacing", "headerReferenceSize", "footerReferenceSize",
  ])

  /// Reads a section object at `path` (`sections[3]`). Its errors are kept until the object is
  /// closed, then the first in the format's order is returned: an unknown key, `items` with
  /// `itemSizes` (or neither), the count or the sizes, then the overrides in their order. Item
  /// sizes go straight from the digits into the section's flat array — or, with `storingSizes`
  /// false, are only checked.
  mutating func readSection(
    depth: Int, storingSizes: Bool, at path: () -> String
  ) throws(LayoutError) -> FlowSectionRead {
    let kind = try valueKind(depth: depth)
    guard kind == .object else {
      try skipValue(depth: depth)
      return FlowSectionRead(
        result: .failure(
          LayoutError(field: path(), "expected an object, found \(kind.typeDescription)")),
        kind: kind)
    }
    var object = beginObject()
    var seen = JSONKeySet(tracking: 1_024)
    var unknownKey: String?
    var firstKeyOtherThanItems: String?
    var fields: [JSONFieldValue?] = [nil, nil, nil, nil, nil, nil, nil, nil]
    var sizes = ContiguousArray<CGSize>()
    var sizesError: LayoutError?
    var hasSizes = false
    while try nextMember(&object) {
      let key = try scanKey(Self.sectionKeys, into: &seen)
      if firstKeyOtherThanItems == nil, key != .known(0) {
        firstKeyOtherThanItems = Self.sectionKeys.name(of: key)
      }
      switch key {
      case .known(1):
        hasSizes = true
        sizesError = try readItemSizes(
          depth: depth + 1, into: &sizes, storing: storingSizes, at: "\(path()).itemSizes")
      case .known(let index): fields[index] = try readFieldValue(depth: depth + 1)
      case .unknown(let name):
        if unknownKey == nil { unknownKey = name }
        try skipValue(depth: depth + 1)
      }
    }
    let result = Result { () throws(LayoutError) -> FlowSection in
      if let unknownKey { throw Self.sectionKeys.unknownKeyError(unknownKey, in: path()) }
      let sizing: FlowSection.ItemSizing
      switch (fields[0], hasSizes) {
      case (let count?, false):
        sizing = .fixed(
          count: try count.count(limit: LayoutLimits.maximumNumberOfItems, at: "\(path()).items"),
          itemSize: try fields[2]?.size(at: "\(path()).itemSize"))
      case (nil, true):
        if fields[2] != nil {
          throw LayoutError(
            field: "\(path()).itemSize", "cannot be combined with itemSizes (one size per item)")
        }
        if let sizesError { throw sizesError }
        sizing = .perItem(sizes)
      case (.some, true):
        throw LayoutError(field: "\(path()).itemSizes", "cannot be combined with items")
      case (nil, false):
        throw LayoutError(
          field: path(), "needs items (a count) or itemSizes (one size per item)")
      }
      var section = FlowSection(itemSizing: sizing)
      section.sectionInset = try fields[3]?.insets(at: "\(path()).sectionInset")
      if let value = fields[4] {
        section.minimumLineSpacing = try value.number(at: "\(path()).minimumLineSpacing")
      }
      if let value = fields[5] {
        section.minimumInteritemSpacing = try value.number(at: "\(path()).minimumInteritemSpacing")
      }
      section.headerReferenceSize = try fields[6]?.size(at: "\(path()).headerReferenceSize")
      section.footerReferenceSize = try fields[7]?.size(at: "\(path()).footerReferenceSize")
      return section
    }
    return FlowSectionRead(
      result: result, kind: .object, firstKeyOtherThanItems: firstKeyOtherThanItems,
      items: fields[0])
  }

  /// Reads `itemSizes` into `sizes` (appending nothing unless `storing`) and returns its first
  /// error in the format's order: not an array, more than `LayoutLimits.maximumNumberOfItems`
  /// elements, or the first element that is not `[width, height]`. Reading goes on after an
  /// error, only checking the syntax.
  private mutating func readItemSizes(
    depth: Int, into sizes: inout ContiguousArray<CGSize>, storing: Bool,
    at path: @autoclosure () -> String
  ) throws(LayoutError) -> LayoutError? {
    let kind = try valueKind(depth: depth)
    guard kind == .array else {
      try skipValue(depth: depth)
      return LayoutError(field: path(), "expected an array, found \(kind.typeDescription)")
    }
    let limit = LayoutLimits.maximumNumberOfItems
    var elements = beginArray()
    var count = 0
    var firstError: LayoutError?
    while try nextElement(&elements) {
      if firstError != nil || count >= limit {
        try skipValue(depth: depth + 1)
      } else if let size = try scanPlainSize() {
        if storing { sizes.append(size) }
      } else {
        let value = try readFieldValue(depth: depth + 1)
        do {
          let size = try value.size(at: "\(path())[\(count)]")
          if storing { sizes.append(size) }
        } catch {
          firstError = error
        }
      }
      count += 1
    }
    if count > limit {
      return LayoutError(field: path(), "more than the limit of \(limit) items")
    }
    // Growth by doubling leaves up to half the buffer unused: give it back, the sizes stay as
    // long as the layout does.
    if sizes.capacity - sizes.count > sizes.count / 8 + 64 {
      sizes = sizes.withUnsafeBufferPointer { ContiguousArray($0) }
    }
    return firstError
  }

  /// The fast path of an item size: `[width, height]` with two numbers, read with no
  /// intermediate value. Anything else — including what would be an error — leaves the cursor
  /// where it was and returns nil, for the general path to read (and report) it.
  @inline(__always)
  private mutating func scanPlainSize() throws(LayoutError) -> CGSize? {
    let start = index
    guard current == UInt8(ascii: "[") else { return nil }
    rewind(to: index + 1)
    skipWhitespace()
    guard let width = scanPlainNumber() else {
      rewind(to: start)
      return nil
    }
    skipWhitespace()
    guard current == UInt8(ascii: ",") else {
      rewind(to: start)
      return nil
    }
    rewind(to: index + 1)
    skipWhitespace()
    guard let height = scanPlainNumber() else {
      rewind(to: start)
      return nil
    }
    skipWhitespace()
    guard current == UInt8(ascii: "]") else {
      rewind(to: start)
      return nil
    }
    rewind(to: index + 1)
    return CGSize(width: width, height: height)
  }

  /// A number at the cursor, or nil (cursor unspecified) if there is none or it is malformed.
  @inline(__always)
  private mutating func scanPlainNumber() -> Double? {
    let byte = current
    guard byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    else { return nil }
    return try? scanNumber()
  }
}
