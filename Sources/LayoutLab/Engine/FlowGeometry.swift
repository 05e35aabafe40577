import Foundation

/// The parts of the flow rules that do not depend on a section: the axes, the line dimension,
/// the inset-reference padding, and how a logical frame becomes a final one.
///
/// The engine works in *logical* coordinates: "main" runs along a line (x for rows, y for
/// columns), "scroll" along the scroll axis, and right-to-left is ignored. A frame becomes final
/// in `finalFrame`: mirrored for right-to-left (FLOW-20), then its origin rounded to pixels
/// (FLOW-21).
struct FlowGeometry: Sendable {
  let isVertical: Bool
  /// FLOW-5's `D`: the cross-axis extent of the bounds inside the adjusted content inset.
  let lineDimension: Double
  /// FLOW-5: with an empty line dimension or empty bounds, nothing is laid out.
  let isEmpty: Bool
  /// FLOW-7: scroll-axis padding before the first section and after the last one.
  let paddingBefore: Double
  let paddingAfter: Double
  let isRightToLeft: Bool
  let scale: Double
  let pinsHeaders: Bool
  let pinsFooters: Bool
  /// The width frames are mirrored within (FLOW-20). For horizontal scrolling that is the
  /// content length, known only once every section is measured: see `FlowLayoutEngine.init`.
  var mirrorWidth: Double
  /// FLOW-24's `V` along the scroll axis, physical coordinates (before mirroring).
  private let visibleMin: Double
  private let visibleMax: Double

  init(_ model: FlowLayoutModel) {
    let environment = model.collectionView
    let layout = model.layout
    let contentInset = environment.adjustedContentInset
    isVertical = layout.scrollDirection == .vertical
    let crossExtent =
      isVertical
      ? environment.bounds.width - contentInset.left - contentInset.right
      : environment.bounds.height - contentInset.top - contentInset.bottom
    lineDimension = max(crossExtent, 0)
    isEmpty = lineDimension == 0 || environment.bounds.width == 0 || environment.bounds.height == 0

    // FLOW-7: the reference's excess over the content inset pads the scroll axis.
    if let reference = layout.sectionInsetReference.referenceInsets(in: environment) {
      paddingBefore = max(
        isVertical ? reference.top - contentInset.top : reference.left - contentInset.left, 0)
      paddingAfter = max(
        isVertical ? reference.bottom - contentInset.bottom : reference.right - contentInset.right,
        0)
    } else {
      paddingBefore = 0
      paddingAfter = 0
    }
    isRightToLeft = environment.layoutDirection == .rightToLeft
    scale = environment.displayScale
    pinsHeaders = layout.sectionHeadersPinToVisibleBounds
    pinsFooters = layout.sectionFootersPinToVisibleBounds
    mirrorWidth = isVertical ? lineDimension : 0
    let visible = environment.visibleContentRect
    visibleMin = isVertical ? visible.minY : visible.minX
    visibleMax = isVertical ? visible.maxY : visible.maxX
  }

  /// (main, thickness) of an item size: (width, height) for rows, (height, width) for columns.
  @inline(__always)
  func mainAndThickness(_ size: CGSize) -> (main: Double, thickness: Double) {
    isVertical ? (size.width, size.height) : (size.height, size.width)
  }

  /// The length along the scroll axis of a header or footer reference size (FLOW-4).
  func scrollLength(_ size: CGSize) -> Double { isVertical ? size.height : size.width }

  /// A logical rectangle in physical, unrounded coordinates: mirrored for right-to-left.
  @inline(__always)
  func physicalRect(main: Double, scroll: Double, mainLength: Double, thickness: Double) -> CGRect {
    var x: Double
    let y: Double
    let width: Double
    let height: Double
    if isVertical {
      (x, y, width, height) = (main, scroll, mainLength, thickness)
    } else {
      (x, y, width, height) = (scroll, main, thickness, mainLength)
    }
    // FLOW-20: mirrored within the content width.
    if isRightToLeft { x = mirrorWidth - x - width }
    return CGRect(x: x, y: y, width: width, height: height)
  }

  /// FLOW-20, then FLOW-21: the frame an element is given.
  @inline(__always)
  func finalFrame(main: Double, scroll: Double, mainLength: Double, thickness: Double) -> CGRect {
    var frame = physicalRect(
      main: main, scroll: scroll, mainLength: mainLength, thickness: thickness)
    if scale != 0 {
      frame.origin.x = roundedToPixels(frame.origin.x, scale: scale)
      frame.origin.y = roundedToPixels(frame.origin.y, scale: scale)
    }
    return frame
  }

  /// The final frame of a cell of a section that starts at `sectionStart`, in a line that
  /// starts at `lineStart` relative to it. The one formula every strategy uses, so that all of
  /// them round (FLOW-21) from the very same value.
  @inline(__always)
  func cellFrame(_ cell: FlowCellPlacement, sectionStart: Double, lineStart: Double) -> CGRect {
    finalFrame(
      main: cell.main, scroll: sectionStart + (lineStart + cell.offset),
      mainLength: cell.mainLength, thickness: cell.thickness)
  }

  /// `cellFrame(_:sectionStart:lineStart:)` with FLOW-21's rounding of the origin in the two
  /// lanes of one register (`roundedToPixels(SIMD2)`, lane for lane the scalar rounding): the
  /// same bits (`RunLengthRectQueryTests` checks), in about half the rounding's instructions
  /// (baseline x86-64 has no rounding instruction: a scalar rounding is a dozen) — for the
  /// run-length query's mixed lines, where it measured 11 % fewer a query. `finalFrame`
  /// stays scalar: in the loops that lay out every frame (naive-linear, incremental) two
  /// lanes measured up to 15 % more instructions.
  @inline(__always)
  func cellFrameRoundingInTwoLanes(
    _ cell: FlowCellPlacement, sectionStart: Double, lineStart: Double
  ) -> CGRect {
    let frame = physicalRect(
      main: cell.main, scroll: sectionStart + (lineStart + cell.offset),
      mainLength: cell.mainLength, thickness: cell.thickness)
    guard scale != 0 else { return frame }
    let origin = roundedToPixels(SIMD2(frame.origin.x, frame.origin.y), scale: scale)
    return CGRect(x: origin.x, y: origin.y, width: frame.size.width, height: frame.size.height)
  }

  /// `cellFrameRoundingInTwoLanes(_:sectionStart:lineStart:)` for a geometry whose axis and
  /// direction are `Orientation`'s: `physicalRect`'s choices made when the loop that calls it
  /// is compiled, not per cell (a rect query's loop over a mixed line tested both per cell).
  /// The same operations on the same values, so the same bits.
  @inline(__always)
  func cellFrameRoundingInTwoLanes<Orientation: FlowOrientation>(
    _ cell: FlowCellPlacement, sectionStart: Double, lineStart: Double,
    as _: Orientation.Type
  ) -> CGRect {
    let scroll = sectionStart + (lineStart + cell.offset)
    var x = Orientation.isVertical ? cell.main : scroll
    let y = Orientation.isVertical ? scroll : cell.main
    let width = Orientation.isVertical ? cell.mainLength : cell.thickness
    let height = Orientation.isVertical ? cell.thickness : cell.mainLength
    // FLOW-20: mirrored within the content width.
    if Orientation.isRightToLeft { x = mirrorWidth - x - width }
    guard scale != 0 else { return CGRect(x: x, y: y, width: width, height: height) }
    let origin = roundedToPixels(SIMD2(x, y), scale: scale)
    return CGRect(x: origin.x, y: origin.y, width: width, height: height)
  }

  /// `cellFrame`'s scroll-axis origin, mirrored (FLOW-20) and rounded (FLOW-21): for cells of
  /// one line that share their offset and thickness (FLOW-10's columns), computed once per
  /// line. With `cellMainOrigin(main:mainLength:)` — once per column — and
  /// `cellFrame(mainOrigin:mainLength:thickness:scrollOrigin:)` they are `finalFrame` axis by
  /// axis, so together they give `cellFrame`'s bits.
  @inline(__always)
  func cellScrollOrigin(
    offset: Double, thickness: Double, sectionStart: Double, lineStart: Double
  ) -> Double {
    let scroll = sectionStart + (lineStart + offset)
    // `physicalRect`: the scroll axis is x, mirrored, only when scrolling horizontally.
    let origin = !isVertical && isRightToLeft ? mirrorWidth - scroll - thickness : scroll
    return scale != 0 ? roundedToPixels(origin, scale: scale) : origin
  }

  /// `cellFrame`'s main-axis origin, mirrored (FLOW-20) and rounded (FLOW-21).
  @inline(__always)
  func cellMainOrigin(main: Double, mainLength: Double) -> Double {
    // `physicalRect`: the main axis is x, mirrored, only when scrolling vertically.
    let origin = isVertical && isRightToLeft ? mirrorWidth - main - mainLength : main
    return scale != 0 ? roundedToPixels(origin, scale: scale) : origin
  }

  /// `cellFrame` from its origins (`cellMainOrigin`, `cellScrollOrigin`).
  @inline(__always)
  func cellFrame(mainOrigin: Double, mainLength: Double, thickness: Double, scrollOrigin: Double)
    -> CGRect
  {
    isVertical
      ? CGRect(x: mainOrigin, y: scrollOrigin, width: mainLength, height: thickness)
      : CGRect(x: scrollOrigin, y: mainOrigin, width: thickness, height: mainLength)
  }

  /// The scroll-axis interval of a physical rect in logical coordinates (undoing FLOW-20's
  /// mirror for horizontal right-to-left layouts), so that searches over monotonic logical
  /// extents work in every direction.
  func logicalScrollRange(of rect: CGRect) -> (min: Double, max: Double) {
    if isVertical { return (rect.minY, rect.maxY) }
    if isRightToLeft { return (mirrorWidth - rect.maxX, mirrorWidth - rect.minX) }
    return (rect.minX, rect.maxX)
  }

  /// FLOW-24's `V` along the scroll axis in logical coordinates.
  var logicalVisibleRange: (min: Double, max: Double) {
    if !isVertical && isRightToLeft { return (mirrorWidth - visibleMax, mirrorWidth - visibleMin) }
    return (visibleMin, visibleMax)
  }

  /// How far a final frame may lie outside the logical extent it was computed from, for a
  /// query of logical extent `min...max`: half a pixel of rounding (FLOW-21) plus
  /// floating-point slack. Searches widen by this much and then test frames exactly.
  ///
  /// The slack is 10⁻⁶ points, or 2⁻⁴⁹ of the coordinates' magnitude where that is more (past
  /// about 5.6·10⁸ points): a frame's end and its line's end are different sums, each addition
  /// rounded to the last place, and a unit in the last place outgrows 10⁻⁶ points past 2³³
  /// (8.6·10⁹), which content of 10⁹-point items reaches. 2⁻⁴⁹ is 8 to 16 such units.
  /// Mirrored coordinates (horizontal right-to-left) are differences from `mirrorWidth`, so its
  /// magnitude counts too.
  @inline(__always)
  func searchSlack(from min: Double, to max: Double) -> Double {
    let magnitude = Swift.max(min.magnitude, max.magnitude, mirrorWidth)
    return (scale > 0 ? 0.5 / scale : 0) + Swift.max(1e-6, magnitude * 0x1p-49)
  }
}

extension SectionInsetReference {
  /// FLOW-7: the insets section insets are measured from, or nil for `.fromContentInset`.
  func referenceInsets(in environment: CollectionViewEnvironment) -> EdgeInsets? {
    switch self {
    case .fromContentInset: nil
    case .fromSafeArea: environment.safeAreaInsets
    case .fromLayoutMargins: environment.layoutMargins
    }
  }
}

/// A geometry's scroll axis and layout direction as a type (`FlowGeometry.isVertical`,
/// `isRightToLeft`), for a loop compiled once for each, with neither tested per element.
protocol FlowOrientation {
  static var isVertical: Bool { get }
  static var isRightToLeft: Bool { get }
}

extension FlowOrientation {
  /// `FlowGeometry.mainAndThickness` for this axis.
  @inline(__always)
  static func mainAndThickness(_ size: CGSize) -> (main: Double, thickness: Double) {
    isVertical ? (size.width, size.height) : (size.height, size.width)
  }
}

/// The four `FlowOrientation`s.
enum FlowOrientations {
  enum VerticalLeftToRight: FlowOrientation {
    static var isVertical: Bool { true }
    static var isRightToLeft: Bool { false }
  }
  enum VerticalRightToLeft: FlowOrientation {
    static var isVertical: Bool { true }
    static var isRightToLeft: Bool { true }
  }
  enum HorizontalLeftToRight: FlowOrientation {
    static var isVertical: Bool { false }
    static var isRightToLeft: Bool { false }
  }
  enum HorizontalRightToLeft: FlowOrientation {
    static var isVertical: Bool { false }
    static var isRightToLeft: Bool { true }
  }
}
