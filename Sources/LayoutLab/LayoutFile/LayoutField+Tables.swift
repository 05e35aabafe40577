import Foundation

/// The members of the small objects of a layout file, each declared once for reading and
/// writing (docs/LayoutFileFormat.md). The flow and column flow layouts share their spacings
/// and supplementary views, spelled alike (`FlowSpacingAndSupplementaries`).
extension LayoutField where Configuration == CollectionViewEnvironment {
  /// `collectionView`, but its required `size`.
  static var collectionView: [LayoutField] {
    [
      .point("contentOffset", \.contentOffset),
      .insets("contentInset", \.adjustedContentInset),
      .insets("safeAreaInsets", \.safeAreaInsets),
      .insets("layoutMargins", \.layoutMargins),
      .number("scale", \.displayScale),
      .enumeration("layoutDirection", \.layoutDirection),
    ]
  }
}

extension LayoutField where Configuration == FlowLayoutConfiguration {
  /// `layout` of a flow layout file, but its `kind`.
  static var flowLayout: [LayoutField] {
    [
      .enumeration("scrollDirection", \.scrollDirection),
      .size("itemSize", \.itemSize),
      LayoutField(
        key: "estimatedItemSize",
        read: { layout, value, path throws(LayoutError) in
          layout.estimatedItemSize = try estimatedItemSize(value, at: path)
        },
        write: { layout, _ in
          switch layout.estimatedItemSize {
          case .automatic: "\"automatic\""
          case .size(let size) where size != .zero: JSONWriter.size(size)
          case .size: nil
          }
        }),
    ] + spacings + [.insets("sectionInset", \.sectionInset)] + supplementaries + [
      .enumeration("sectionInsetReference", \.sectionInsetReference)
    ]
  }

  /// `[width, height]`, or `"automatic"`.
  private static func estimatedItemSize(
    _ value: JSONFieldValue, at path: String
  ) throws(LayoutError) -> EstimatedItemSize {
    guard value.kind == .string else { return .size(try value.size(at: path)) }
    guard value.string == "automatic" else {
      throw LayoutError(
        field: path,
        "unknown value \"\(echoed(value.string))\" (expected [width, height] or \"automatic\")")
    }
    return .automatic
  }
}

extension LayoutField where Configuration == ColumnFlowConfiguration {
  /// `layout` of a column flow layout file, but its `kind`.
  static var columnFlowLayout: [LayoutField] {
    [.number("minimumColumnWidth", \.minimumColumnWidth), .number("cellHeight", \.cellHeight)]
      + spacings + supplementaries
  }
}

/// The properties the flow and column flow layouts share, spelled alike in their files.
protocol FlowSpacingAndSupplementaries {
  var minimumLineSpacing: CGFloat { get set }
  var minimumInteritemSpacing: CGFloat { get set }
  var headerReferenceSize: CGSize { get set }
  var footerReferenceSize: CGSize { get set }
  var sectionHeadersPinToVisibleBounds: Bool { get set }
  var sectionFootersPinToVisibleBounds: Bool { get set }
}

extension FlowLayoutConfiguration: FlowSpacingAndSupplementaries {}
extension ColumnFlowConfiguration: FlowSpacingAndSupplementaries {}

extension LayoutField where Configuration: FlowSpacingAndSupplementaries {
  static var spacings: [LayoutField] {
    [
      .number("minimumLineSpacing", \.minimumLineSpacing),
      .number("minimumInteritemSpacing", \.minimumInteritemSpacing),
    ]
  }

  static var supplementaries: [LayoutField] {
    [
      .size("headerReferenceSize", \.headerReferenceSize),
      .size("footerReferenceSize", \.footerReferenceSize),
      .bool("sectionHeadersPinToVisibleBounds", \.sectionHeadersPinToVisibleBounds),
      .bool("sectionFootersPinToVisibleBounds", \.sectionFootersPinToVisibleBounds),
    ]
  }
}
