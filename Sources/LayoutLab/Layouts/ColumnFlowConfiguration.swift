import Foundation

/// The properties of the column flow layout of Apple's "Customizing collection view layouts"
/// sample, with the sample's defaults, plus the flow layout properties it leaves to the caller.
/// What the sample derives from the bounds — item size, section inset, inset reference — is not
/// here: see `flowConfiguration(in:)`.
public struct ColumnFlowConfiguration: Hashable, Sendable {
  /// The narrowest a column may be: as many columns as fit, at least one.
  public var minimumColumnWidth: CGFloat = 300
  /// The height of every cell.
  public var cellHeight: CGFloat = 70
  public var minimumLineSpacing: CGFloat = 10
  /// Also the section's top inset, as in the sample.
  public var minimumInteritemSpacing: CGFloat = 10
  public var headerReferenceSize = CGSize.zero
  public var footerReferenceSize = CGSize.zero
  public var sectionHeadersPinToVisibleBounds = false
  public var sectionFootersPinToVisibleBounds = false

  public init() {}

  /// The sample's column arithmetic for `environment`: the bounds width inset by the layout
  /// margins (never negative), cut into `⌊available / minimumColumnWidth⌋` columns but at least
  /// one — the sample divides by zero when not even one column fits — each `⌊available /
  /// columns⌋` wide.
  ///
  /// `columns` is a `Double` so that an absurd ratio (1e300 points in columns of 1e-300) cannot
  /// overflow an `Int`: it stays finite or becomes infinity, which gives cells of width 0.
  ///
  /// - Complexity: O(1).
  public func columns(
    in environment: CollectionViewEnvironment
  ) -> (count: Double, cellWidth: Double) {
    let margins = environment.layoutMargins
    let available = max(environment.bounds.width - margins.left - margins.right, 0)
    let count = max((available / minimumColumnWidth).rounded(.down), 1)
    return (count, (available / count).rounded(.down))
  }

  /// The flow layout configuration the sample sets in `prepare()`: item size (cell width from
  /// `columns(in:)`, `cellHeight`), a top section inset equal to the inter-item spacing, other
  /// insets 0, insets measured from the safe area.
  ///
  /// - Complexity: O(1).
  public func flowConfiguration(in environment: CollectionViewEnvironment)
    -> FlowLayoutConfiguration
  {
    var layout = FlowLayoutConfiguration()
    layout.itemSize = CGSize(width: columns(in: environment).cellWidth, height: cellHeight)
    layout.minimumLineSpacing = minimumLineSpacing
    layout.minimumInteritemSpacing = minimumInteritemSpacing
    layout.sectionInset = EdgeInsets(top: minimumInteritemSpacing, left: 0, bottom: 0, right: 0)
    layout.sectionInsetReference = .fromSafeArea
    layout.headerReferenceSize = headerReferenceSize
    layout.footerReferenceSize = footerReferenceSize
    layout.sectionHeadersPinToVisibleBounds = sectionHeadersPinToVisibleBounds
    layout.sectionFootersPinToVisibleBounds = sectionFootersPinToVisibleBounds
    return layout
  }

  /// Rejects a column width that is not positive (no column could fit) and negative, NaN or
  /// infinite lengths, naming the field as the layout file spells it under `field`.
  ///
  /// - Complexity: O(1).
  func validate(field: String) throws(LayoutError) {
    try checkLength(minimumColumnWidth, "\(field).minimumColumnWidth")
    if minimumColumnWidth == 0 {
      throw LayoutError(
        field: "\(field).minimumColumnWidth",
        "\(formatNumber(minimumColumnWidth)) is not positive (a column needs a width)")
    }
    try checkLength(cellHeight, "\(field).cellHeight")
    try checkLength(minimumLineSpacing, "\(field).minimumLineSpacing")
    try checkLength(minimumInteritemSpacing, "\(field).minimumInteritemSpacing")
    try checkSize(headerReferenceSize, "\(field).headerReferenceSize")
    try checkSize(footerReferenceSize, "\(field).footerReferenceSize")
  }
}
