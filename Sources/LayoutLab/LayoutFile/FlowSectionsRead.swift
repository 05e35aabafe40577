/// A file's `sections` array as `JSONScanner.readSections` read it: the sections, the first
/// error among them, how many there were, and what a mosaic file checks of the first.
struct FlowSectionsRead {
  /// `.array`, or the kind of value found instead.
  var kind: JSONKind
  /// How many elements the array has, past any limit.
  var count = 0
  /// The sections, in order, until the first error — or until they hold more than
  /// `LayoutLimits.maximumNumberOfItems` items, which validation then reports.
  var sections: [FlowSection] = []
  /// The first section's error, in order.
  var firstError: LayoutError?
  var first: FlowSectionRead?

  init(kind: JSONKind) { self.kind = kind }

  /// The sections of a flow (or column flow) file, or the first error in the format's order:
  /// not an array, more than `LayoutLimits.maximumNumberOfSections`, then section by section.
  func flowSections() throws(LayoutError) -> [FlowSection] {
    guard kind == .array else {
      throw LayoutError(field: "sections", "expected an array, found \(kind.typeDescription)")
    }
    if count > LayoutLimits.maximumNumberOfSections {
      throw LayoutError(
        field: "sections",
        "more than the limit of \(LayoutLimits.maximumNumberOfSections) sections")
    }
    if let firstError { throw firstError }
    return sections
  }
}
