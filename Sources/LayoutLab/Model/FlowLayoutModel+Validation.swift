import Foundation

extension FlowLayoutModel {
  /// FLOW-28: rejects a negative, NaN or infinite size, spacing, inset or scale, and an
  /// impossible item or section count, naming the field as the layout file spells it.
  public func validate() throws(LayoutError) {
    try validateLayout()
    var total = 0
    // Each section read in place: a copy of each (what `enumerated()` hands out) costs a
    // self-sizing view's start, which validates one `.fixed` section per section, about a
    // sixth of its validation.
    try sections.withUnsafeBufferPointer { sections throws(LayoutError) in
      guard let first = sections.baseAddress else { return }  // no section
      for index in sections.indices {
        try Self.validate(first + index, index, total: &total)
      }
    }
  }

  /// `validate()`, which also finds the sections equal to the one before them
  /// (`FlowSection.equal`): such a section passes as that one did, so it is compared, not
  /// checked again, and the errors are the same. Returns how many sections in a row each
  /// section unlike the one before stands for (`SectionRepeats`): what a run-length layout
  /// lays out once. A self-sizing view's sections at the estimate (FLOW-26) are such
  /// repeats, and comparing them in a pass of their own cost its start about 65 instructions
  /// a section.
  ///
  /// - Complexity: O(s) comparisons and the validation of each section unlike the one before.
  func validateFindingRepeats() throws(LayoutError) -> SectionRepeats {
    try validateLayout()
    var total = 0
    var repeats = SectionRepeats()
    try sections.withUnsafeBufferPointer { sections throws(LayoutError) in
      guard let first = sections.baseAddress else { return }  // no section
      var index = 0
      while index < sections.count {
        try Self.validate(first + index, index, total: &total)
        let count = first[index].numberOfItems
        let end = try SectionRepeats.endOfRun(from: index, in: first, count: sections.count) {
          repeated throws(LayoutError) in
          // The total as `validate()` makes it, section by section: the same error.
          total += count
          if total > LayoutLimits.maximumNumberOfItems { try Self.tooManyItems(repeated) }
        }
        repeats.appendRun(of: end - index)
        index = end
      }
    }
    return repeats
  }

  /// The checks of `validate()` before the sections'.
  private func validateLayout() throws(LayoutError) {
    if sections.count > LayoutLimits.maximumNumberOfSections {
      throw LayoutError(
        field: "sections",
        "more than the limit of \(LayoutLimits.maximumNumberOfSections) sections")
    }
    try collectionView.validate(field: "collectionView")
    try layout.validate(field: "layout")
  }

  /// Section `index`, which `total` items precede, counted in.
  @inline(__always)
  private static func validate(
    _ section: UnsafePointer<FlowSection>, _ index: Int, total: inout Int
  ) throws(LayoutError) {
    // Most sections pass the quick test, a few comparisons and no field named; any other
    // is checked field by field, which finds its first error, if any.
    if !FlowSection.plainlyPassesValidation(section) {
      try section.pointee.validate(field: "sections[\(index)]")
    }
    total += section.pointee.numberOfItems
    if total > LayoutLimits.maximumNumberOfItems { try tooManyItems(index) }
  }

  private static func tooManyItems(_ index: Int) throws(LayoutError) {
    throw LayoutError(
      field: "sections[\(index)]",
      "the layout holds more than \(LayoutLimits.maximumNumberOfItems) items")
  }
}

extension CollectionViewEnvironment {
  func validate(field: String) throws(LayoutError) {
    // The raw size: `CGRect.width` is standardized and would hide a negative width.
    try checkLength(bounds.size.width, "\(field).size.width")
    try checkLength(bounds.size.height, "\(field).size.height")
    try checkOffset(bounds.origin.x, "\(field).contentOffset.x")
    try checkOffset(bounds.origin.y, "\(field).contentOffset.y")
    try checkInsets(adjustedContentInset, "\(field).contentInset")
    try checkInsets(safeAreaInsets, "\(field).safeAreaInsets")
    try checkInsets(layoutMargins, "\(field).layoutMargins")
    try checkLength(displayScale, "\(field).scale")
    if displayScale > LayoutLimits.maximumScale {
      throw LayoutError(
        field: "\(field).scale",
        "\(formatNumber(displayScale)) is larger than \(formatNumber(LayoutLimits.maximumScale))")
    }
  }
}

extension FlowLayoutConfiguration {
  func validate(field: String) throws(LayoutError) {
    try checkSize(itemSize, "\(field).itemSize")
    try checkLength(minimumLineSpacing, "\(field).minimumLineSpacing")
    try checkLength(minimumInteritemSpacing, "\(field).minimumInteritemSpacing")
    try checkInsets(sectionInset, "\(field).sectionInset")
    try checkSize(headerReferenceSize, "\(field).headerReferenceSize")
    try checkSize(footerReferenceSize, "\(field).footerReferenceSize")
    if case .size(let estimate) = estimatedItemSize {
      try checkSize(estimate, "\(field).estimatedItemSize")
    }
  }
}

extension FlowSection {
  // Inlined into the loops over every section: a call would copy the section first.
  @inline(__always)
  func validate(field: @autoclosure () -> String) throws(LayoutError) {
    switch itemSizing {
    case .fixed(let count, let itemSize):
      try Self.checkFixed(count: count, itemSize: itemSize, field: field())
    case .fixedWithExceptions(let count, let itemSize, let exceptions):
      try Self.checkFixed(count: count, itemSize: itemSize, field: field())
      try Self.checkExceptions(exceptions, count: count, field: field())
      for (index, exception) in exceptions.enumerated() {
        try checkSize(exception.size, "\(field()).exceptions[\(index)].size")
      }
    case .perItem(let sizes):
      for (item, size) in sizes.enumerated() {
        try checkSize(size, "\(field()).itemSizes[\(item)]")
      }
    }
    if let sectionInset { try checkInsets(sectionInset, "\(field()).sectionInset") }
    if let minimumInteritemSpacing {
      try checkLength(minimumInteritemSpacing, "\(field()).minimumInteritemSpacing")
    }
    if let minimumLineSpacing {
      try checkLength(minimumLineSpacing, "\(field()).minimumLineSpacing")
    }
    if let headerReferenceSize {
      try checkSize(headerReferenceSize, "\(field()).headerReferenceSize")
    }
    if let footerReferenceSize {
      try checkSize(footerReferenceSize, "\(field()).footerReferenceSize")
    }
  }
}

extension FlowSection {
  /// Whether `validate(field:)` would accept this section, decided without naming a field: a
  /// `.fixed` section whose count, one size and overrides all pass. False says nothing (the
  /// other kinds of sizing are not looked at): `validate(field:)` then decides, and names the
  /// first error, so errors are unchanged. A self-sizing view's start validates one `.fixed`
  /// section per section (FLOW-26), which cost about 240 instructions field by field.
  /// Read through a pointer, field by field: a section read whole is copied first (160
  /// bytes), which cost as much as the test.
  @inline(__always)
  static func plainlyPassesValidation(_ section: UnsafePointer<FlowSection>) -> Bool {
    guard case .fixed(let count, let itemSize) = section.pointee.itemSizing,
      count >= 0 && count <= LayoutLimits.maximumNumberOfItems
    else { return false }
    return isPlainLength(itemSize) && isPlainLength(section.pointee.sectionInset)
      && isPlainLength(section.pointee.minimumInteritemSpacing)
      && isPlainLength(section.pointee.minimumLineSpacing)
      && isPlainLength(section.pointee.headerReferenceSize)
      && isPlainLength(section.pointee.footerReferenceSize)
  }
}

/// What `checkLength` accepts, without a field: finite, not negative, at most
/// `LayoutLimits.maximumLength` (NaN and both infinities fail one comparison or the other).
@inline(__always)
private func isPlainLength(_ value: CGFloat) -> Bool {
  value >= 0 && value <= LayoutLimits.maximumLength
}

@inline(__always)
private func isPlainLength(_ value: CGFloat?) -> Bool {
  guard let value else { return true }
  return isPlainLength(value)
}

@inline(__always)
private func isPlainLength(_ size: CGSize?) -> Bool {
  guard let size else { return true }
  return isPlainLength(size.width) && isPlainLength(size.height)
}

@inline(__always)
private func isPlainLength(_ insets: EdgeInsets?) -> Bool {
  guard let insets else { return true }
  return isPlainLength(insets.top) && isPlainLength(insets.left)
    && isPlainLength(insets.bottom) && isPlainLength(insets.right)
}

extension FlowSection {
  /// A section's count of items and its one size, if it gives one.
  static func checkFixed(count: Int, itemSize: CGSize?, field: @autoclosure () -> String)
    throws(LayoutError)
  {
    if count < 0 { throw LayoutError(field: "\(field()).items", "\(count) is negative") }
    if count > LayoutLimits.maximumNumberOfItems {
      throw LayoutError(
        field: "\(field()).items",
        "\(count) is more than the \(LayoutLimits.maximumNumberOfItems) items a layout may hold")
    }
    if let itemSize { try checkSize(itemSize, "\(field()).itemSize") }
  }

  /// Where a section's exceptions are: items of the section, in increasing order, each once —
  /// what reading a size by binary search relies on. Their sizes are checked by the caller.
  ///
  /// - Complexity: O(exceptions).
  static func checkExceptions(
    _ exceptions: ContiguousArray<SizeException>, count: Int, field: @autoclosure () -> String
  ) throws(LayoutError) {
    var previous = -1
    for (index, exception) in exceptions.enumerated() {
      let item = exception.item
      guard item >= 0 && item < count else {
        throw LayoutError(
          field: "\(field()).exceptions[\(index)].item",
          "\(item) is not an item of the section (it has \(count))")
      }
      guard item > previous else {
        throw LayoutError(
          field: "\(field()).exceptions[\(index)].item",
          "\(item) does not follow \(previous): exceptions name items in increasing order, once")
      }
      previous = item
    }
  }
}

// The field names below are autoclosures: validation runs over every item, and a name is only
// worth building for the one error it reports.

func checkFinite(_ value: CGFloat, _ field: @autoclosure () -> String) throws(LayoutError) {
  if value.isNaN { throw LayoutError(field: field(), "NaN is not a number") }
  if !value.isFinite { throw LayoutError(field: field(), "\(value) is not finite") }
}

/// A length: finite and not negative (zero is legal, FLOW-28), and not so large that sums of
/// lengths could overflow.
func checkLength(_ value: CGFloat, _ field: @autoclosure () -> String) throws(LayoutError) {
  try checkFinite(value, field())
  if value < 0 { throw LayoutError(field: field(), "\(formatNumber(value)) is negative") }
  if value > LayoutLimits.maximumLength {
    throw LayoutError(
      field: field(),
      "\(formatNumber(value)) is larger than the limit of \(formatNumber(LayoutLimits.maximumLength)) points"
    )
  }
}

/// A content offset coordinate: finite, and within `LayoutLimits.maximumOffset` of the origin.
func checkOffset(_ value: CGFloat, _ field: @autoclosure () -> String) throws(LayoutError) {
  try checkFinite(value, field())
  if abs(value) > LayoutLimits.maximumOffset {
    throw LayoutError(
      field: field(),
      "\(formatNumber(value)) is farther than \(formatNumber(LayoutLimits.maximumOffset)) points from the origin"
    )
  }
}

func checkSize(_ size: CGSize, _ field: @autoclosure () -> String) throws(LayoutError) {
  try checkLength(size.width, "\(field()).width")
  try checkLength(size.height, "\(field()).height")
}

func checkInsets(_ insets: EdgeInsets, _ field: @autoclosure () -> String) throws(LayoutError) {
  try checkLength(insets.top, "\(field()).top")
  try checkLength(insets.left, "\(field()).left")
  try checkLength(insets.bottom, "\(field()).bottom")
  try checkLength(insets.right, "\(field()).right")
}
