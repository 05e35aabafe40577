/// One section object of a layout or updates file as `JSONScanner.readSection` read it: the
/// section, or the first of its errors in the order the format reports them; and what a mosaic
/// file checks of its one section.
struct FlowSectionRead {
  var result: Result<FlowSection, LayoutError>
  /// `.object`, or the kind of value found instead.
  var kind: JSONKind
  /// The first key, in document order, other than `items`.
  var firstKeyOtherThanItems: String?
  /// The count `items` gives (checked as every section's is), if the section has the key.
  var items: Result<Int, LayoutError>?
}
