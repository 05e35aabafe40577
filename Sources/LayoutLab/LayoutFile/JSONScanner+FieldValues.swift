extension JSONScanner {
  /// Reads the value at the cursor as a field's value, keeping what `JSONFieldValue` keeps and
  /// checking the rest.
  mutating func readFieldValue(depth: Int) throws(LayoutError) -> JSONFieldValue {
    let kind = try valueKind(depth: depth)
    var value = JSONFieldValue(kind: kind)
    switch kind {
    case .number:
      let start = index
      let number = try scanNumber()
      value.number = number
      // The text is only quoted by a count check's error (`2.5 is not a whole number`): a whole
      // number from 0 to the smallest count limit passes every count check.
      let isPlainCount =
        number >= 0 && number <= Double(LayoutLimits.maximumNumberOfItems)
        && number == number.rounded()
      if !isPlainCount { value.literal = echoedText(start..<index) }
    case .string: value.string = try scanString()
    case .boolean: value.boolean = try scanBoolean()
    case .null: try scanNull()
    case .object: try skipValue(depth: depth)
    case .array:
      var elements = beginArray()
      while try nextElement(&elements) {
        if value.count < 4 {
          let elementKind = try valueKind(depth: depth + 1)
          if elementKind == .number {
            value.setNumber(try scanNumber(), at: value.count)
          } else {
            if value.firstNonNumber == nil { value.firstNonNumber = (value.count, elementKind) }
            try skipValue(depth: depth + 1)
          }
        } else {
          try skipValue(depth: depth + 1)
        }
        value.count += 1
      }
    }
    return value
  }

  /// Reads a small object — the collection view, the layout, an entry of an updates file —
  /// keeping the value of each key among `keys`, and what its checks need to report an
  /// unknown key in document order.
  mutating func readObjectFields(
    _ keys: JSONKeys, depth: Int
  ) throws(LayoutError) -> JSONObjectFields {
    let kind = try valueKind(depth: depth)
    var fields = JSONObjectFields(kind: kind, keys: keys)
    guard kind == .object else {
      try skipValue(depth: depth)
      return fields
    }
    var object = beginObject()
    var seen = JSONKeySet(tracking: 1_024)
    while try nextMember(&object) {
      let key = try scanKey(keys, into: &seen)
      switch key {
      case .known(let index): fields.values[index] = try readFieldValue(depth: depth + 1)
      case .unknown: try skipValue(depth: depth + 1)
      }
      fields.record(key)
    }
    return fields
  }
}
