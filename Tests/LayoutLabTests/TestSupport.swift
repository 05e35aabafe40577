import Foundation
import LayoutLab
import Testing

// Helpers shared by the rule tests: building and preparing a layout by strategy name, and
// comparing frames element by element with a tolerance, naming the element that differs.

/// How far a computed coordinate may be from the hand-computed one.
let frameTolerance = 1e-9

/// A layout of `model` by the strategy called `name`, prepared.
func prepared(_ name: String, _ model: FlowLayoutModel) throws -> any FlowLayoutStrategy {
  let strategy = try #require(FlowStrategies.named(name), "no strategy named \(name)")
  var layout = try FlowStrategies.make(strategy, model: model)
  layout.prepare()
  return layout
}

/// The frames of every element, in FLOW-22's order.
func frames(_ layout: some CollectionViewLayout) -> [CGRect] {
  layout.layoutAttributesForAllElements().map(\.frame)
}

/// A collection view with `scale` 0 (no pixel rounding) unless told otherwise.
func screen(
  _ width: CGFloat, _ height: CGFloat, offset: CGPoint = .zero, contentInset: EdgeInsets = .zero,
  safeArea: EdgeInsets = .zero, margins: EdgeInsets = .zero, scale: CGFloat = 0,
  direction: LayoutDirection = .leftToRight
) -> CollectionViewEnvironment {
  CollectionViewEnvironment(
    size: CGSize(width: width, height: height), contentOffset: offset,
    adjustedContentInset: contentInset, safeAreaInsets: safeArea, layoutMargins: margins,
    displayScale: scale, layoutDirection: direction)
}

/// A layout configuration: FLOW-2's defaults changed by `configure`.
func flowLayout(
  _ configure: (inout FlowLayoutConfiguration) -> Void = { _ in }
) -> FlowLayoutConfiguration {
  var layout = FlowLayoutConfiguration()
  configure(&layout)
  return layout
}

/// Per-item sizes written as `(width, height)` pairs.
func sized(_ sizes: [(CGFloat, CGFloat)]) -> FlowSection {
  FlowSection(itemSizes: sizes.map { CGSize(width: $0.0, height: $0.1) })
}

/// `count` items of one size for the section.
func uniform(_ count: Int, _ width: CGFloat, _ height: CGFloat) -> FlowSection {
  FlowSection(items: count, itemSize: CGSize(width: width, height: height))
}

/// An element a test expects: its kind, index path and frame.
struct ExpectedElement: CustomStringConvertible {
  var kind: ElementKind
  var indexPath: LayoutIndexPath
  var frame: CGRect

  static func cell(
    _ section: Int, _ item: Int, _ x: Double, _ y: Double, _ width: Double, _ height: Double
  ) -> Self {
    Self(
      kind: .cell, indexPath: LayoutIndexPath(item: item, section: section),
      frame: CGRect(x: x, y: y, width: width, height: height))
  }

  static func header(
    _ section: Int, _ x: Double, _ y: Double, _ width: Double, _ height: Double
  ) -> Self {
    Self(
      kind: .header, indexPath: LayoutIndexPath(item: 0, section: section),
      frame: CGRect(x: x, y: y, width: width, height: height))
  }

  static func footer(
    _ section: Int, _ x: Double, _ y: Double, _ width: Double, _ height: Double
  ) -> Self {
    Self(
      kind: .footer, indexPath: LayoutIndexPath(item: 0, section: section),
      frame: CGRect(x: x, y: y, width: width, height: height))
  }

  var description: String { "\(kind) \(indexPath) \(describe(frame))" }
}

func describe(_ frame: CGRect) -> String {
  "(\(frame.origin.x), \(frame.origin.y), \(frame.size.width), \(frame.size.height))"
}

/// Whether two frames agree within `frameTolerance` in all four numbers. Compares the raw
/// origin and size, so a negative size is never silently standardized.
func framesMatch(_ a: CGRect, _ b: CGRect) -> Bool {
  abs(a.origin.x - b.origin.x) <= frameTolerance
    && abs(a.origin.y - b.origin.y) <= frameTolerance
    && abs(a.size.width - b.size.width) <= frameTolerance
    && abs(a.size.height - b.size.height) <= frameTolerance
}

/// Expects `actual` to be exactly the elements `expected`, in that order: same kinds, index
/// paths, and frames within `frameTolerance`. Every difference is recorded, naming the element.
func expectElements(
  _ actual: [LayoutAttributes], _ expected: [ExpectedElement], _ context: String = "",
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let prefix = context.isEmpty ? "" : "\(context): "
  if actual.count != expected.count {
    let got = actual.map { "\($0.kind) \($0.indexPath) \(describe($0.frame))" }
    recordFailure(
      "\(prefix)expected \(expected.count) elements, got \(actual.count):\n  got      \(got)\n"
        + "  expected \(expected.map(\.description))",
      sourceLocation: sourceLocation)
  }
  for (index, (got, want)) in zip(actual, expected).enumerated() {
    if got.kind != want.kind || got.indexPath != want.indexPath {
      recordFailure(
        "\(prefix)element \(index): expected \(want.kind) \(want.indexPath), got \(got.kind) "
          + "\(got.indexPath)",
        sourceLocation: sourceLocation)
    } else if !framesMatch(got.frame, want.frame) {
      recordFailure(
        "\(prefix)\(want.kind) \(want.indexPath): expected frame \(describe(want.frame)), got "
          + "\(describe(got.frame))",
        sourceLocation: sourceLocation)
    }
  }
}

/// Expects every element of `layout`, in FLOW-22's order, to be `expected`.
func expectLayout(
  _ layout: some CollectionViewLayout, _ expected: [ExpectedElement], _ context: String = "",
  sourceLocation: SourceLocation = #_sourceLocation
) {
  expectElements(
    layout.layoutAttributesForAllElements(), expected, context, sourceLocation: sourceLocation)
}

/// Expects one element (a lookup's answer) to exist with `expected`'s kind, index path and frame.
func expectElement(
  _ actual: LayoutAttributes?, _ expected: ExpectedElement, _ context: String = "",
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard let actual else {
    recordFailure(
      "\(context.isEmpty ? "" : "\(context): ")expected \(expected), got nil",
      sourceLocation: sourceLocation)
    return
  }
  expectElements([actual], [expected], context, sourceLocation: sourceLocation)
}

/// Expects the content size within `frameTolerance`.
func expectContentSize(
  _ layout: some CollectionViewLayout, _ width: Double, _ height: Double,
  _ context: String = "", sourceLocation: SourceLocation = #_sourceLocation
) {
  let size = layout.collectionViewContentSize
  if abs(size.width - width) > frameTolerance || abs(size.height - height) > frameTolerance {
    recordFailure(
      "\(context.isEmpty ? "" : "\(context): ")expected content size (\(width), \(height)), got "
        + "(\(size.width), \(size.height))",
      sourceLocation: sourceLocation)
  }
}

/// Records a failure with a message built as a plain `String`.
func recordFailure(_ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
  Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}

/// The kind and index path of each element, for order checks (`"cell [0, 1]"`).
func identities(_ elements: [LayoutAttributes]) -> [String] {
  elements.map { "\($0.kind) \($0.indexPath)" }
}
