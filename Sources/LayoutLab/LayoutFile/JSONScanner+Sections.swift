import Foundation

extension JSONScanner {
  static let sectionKeys = JSONKeys([
    "items", "itemSizes", "itemSize", "sectionInset", "minimumLineSpacing",
    "minimumInteritemSpacing", "headerReferenceSize", "footerReferenceSize",
  ])

  /// Reads a section object at `path` (`sections[3]`). Each field is checked as it is read, and
  /// its error kept until the object is closed; then the first in the format's order is
  /// returned: an unknown key, `items` with `itemSizes` (or neither), the count or the sizes,
  /// then the overrides in their order. Item sizes go straight from the digits into the
  /// section's flat array — or, with `storingSizes` false, are only checked.
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
    var items: Result<Int, LayoutError>?
    var itemSize: Result<CGSize, LayoutError>?
    var sizes = ContiguousArray<CGSize>()
    var sizesError: LayoutError?
    var hasSizes = false
    var overrides = FlowSection(items: 0)
    // The overrides' errors, in the format's order: sectionInset, minimumLineSpacing,
    // minimumInteritemSpacing, headerReferenceSize, footerReferenceSize.
    var overrideErrors: (LayoutError?, LayoutError?, LayoutError?, LayoutError?, LayoutError?)
    while try nextMember(&object) {
      let key = try scanKey(Self.sectionKeys, into: &seen)
      if firstKeyOtherThanItems == nil, key != .known(0) {
        firstKeyOtherThanItems = Self.sectionKeys.name(of: key)
      }
      guard case .known(let index) = key else {
        if unknownKey == nil { unknownKey = Self.sectionKeys.name(of: key) }
        try skipValue(depth: depth + 1)
        continue
      }
      if index == 1 {
        hasSizes = true
        sizesError = try readItemSizes(
          depth: depth + 1, into: &sizes, storing: storingSizes, at: "\(path()).itemSizes")
        continue
      }
      let value = try readFieldValue(depth: depth + 1)
      do {
        switch index {
        case 0:
          items = Result { () throws(LayoutError) in
            try value.count(limit: LayoutLimits.maximumNumberOfItems, at: "\(path()).items")
          }
        case 2:
          itemSize = Result { () throws(LayoutError) in
            try value.size(at: "\(path()).itemSize")
          }
        case 3:
          overrides.sectionInset = try value.insets(at: "\(path()).sectionInset")
        case 4: overrides.minimumLineSpacing = try value.number(at: "\(path()).minimumLineSpacing")
        case 5:
          overrides.minimumInteritemSpacing = try value.number(
            at: "\(path()).minimumInteritemSpacing")
        case 6:
          overrides.headerReferenceSize = try value.size(at: "\(path()).headerReferenceSize")
        default:
          overrides.footerReferenceSize = try value.size(at: "\(path()).footerReferenceSize")
        }
      } catch {
        switch index {
        case 3: overrideErrors.0 = error
        case 4: overrideErrors.1 = error
        case 5: overrideErrors.2 = error
        case 6: overrideErrors.3 = error
        default: overrideErrors.4 = error
        }
      }
    }
    let result = Result { () throws(LayoutError) -> FlowSection in
      if let unknownKey { throw Self.sectionKeys.unknownKeyError(unknownKey, in: path()) }
      var section = overrides
      switch (items, hasSizes) {
      case (let count?, false):
        section.itemSizing = .fixed(count: try count.get(), itemSize: try itemSize?.get())
      case (nil, true):
        if itemSize != nil {
          throw LayoutError(
            field: "\(path()).itemSize", "cannot be combined with itemSizes (one size per item)")
        }
        if let sizesError { throw sizesError }
        section.itemSizing = .perItem(sizes)
      case (.some, true):
        throw LayoutError(field: "\(path()).itemSizes", "cannot be combined with items")
      case (nil, false):
        throw LayoutError(
          field: path(), "needs items (a count) or itemSizes (one size per item)")
      }
      if let error = overrideErrors.0 ?? overrideErrors.1 ?? overrideErrors.2 ?? overrideErrors.3
        ?? overrideErrors.4
      {
        throw error
      }
      return section
    }
    return FlowSectionRead(
      result: result, kind: .object, firstKeyOtherThanItems: firstKeyOtherThanItems,
      items: items)
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
