import Foundation

@testable import LayoutLab

/// Every scroll-axis position of a layout two ways: as today's engine computes it (the fixed
/// chain of `Double` additions of docs/FlowRules.md, "Arithmetic") and as the exact sum of the
/// same summands rounded once (`ExactPosition`) — and how many differ, before pixel rounding
/// (FLOW-21) and after it.
struct ExactPositionDifferences: CustomStringConvertible {
  /// Positions compared: cells, headers, footers, content lengths.
  var positions = 0
  /// Positions whose unrounded bits differ.
  var changedBits = 0
  /// … by more than one unit in the last place.
  var changedMoreThanOneULP = 0
  /// Final frames (FLOW-20 and FLOW-21 applied) whose origin differs, at a scale other than 0:
  /// a pixel changed (at scale 0 every changed bit is a changed origin).
  var changedPixels = 0
  /// Layouts with at least one changed position.
  var layoutsChanged = 0
  var layouts = 0
  /// Layouts whose every summand passes `ExactSummands` (one grid, bounded sum): today's
  /// chains are exact there, so nothing may change.
  var layoutsOnOneGrid = 0
  var layoutsOnOneGridChanged = 0
  /// Layouts on the fast path (`FlowLayoutModel.scrollAxisSumsAreExact`), and those of them
  /// where exact positions change a bit: must be 0, or the fast path is wrong.
  var layoutsOnFastPath = 0
  var layoutsOnFastPathChanged = 0
  /// Where the engine's own frames were not reproduced (a bug in this comparison): must be 0.
  var notReproduced = 0
  /// Cells and content sizes where the reference strategy (`naive-linear`, exact positions
  /// off the grid) differs from the exact positions computed here: must be 0.
  var referenceDiffers = 0
  /// A few changed positions, for the record.
  var examples: [String] = []

  var description: String {
    "\(layouts) layouts (\(layoutsOnOneGrid) on one grid, \(layoutsOnOneGridChanged) of them "
      + "changed; \(layoutsOnFastPath) on the fast path, \(layoutsOnFastPathChanged) changed), \(positions) positions: \(changedBits) changed bits in \(layoutsChanged) "
      + "layouts, \(changedMoreThanOneULP) by more than one ulp, \(changedPixels) changed a "
      + "pixel (scale > 0); \(notReproduced) not reproduced; the reference differs on "
      + "\(referenceDiffers)"
  }

  static func += (a: inout ExactPositionDifferences, b: ExactPositionDifferences) {
    a.positions += b.positions
    a.changedBits += b.changedBits
    a.changedMoreThanOneULP += b.changedMoreThanOneULP
    a.changedPixels += b.changedPixels
    a.layoutsChanged += b.layoutsChanged
    a.layouts += b.layouts
    a.layoutsOnOneGrid += b.layoutsOnOneGrid
    a.layoutsOnOneGridChanged += b.layoutsOnOneGridChanged
    a.layoutsOnFastPath += b.layoutsOnFastPath
    a.layoutsOnFastPathChanged += b.layoutsOnFastPathChanged
    a.notReproduced += b.notReproduced
    a.referenceDiffers += b.referenceDiffers
    a.examples += b.examples.prefix(max(0, 8 - a.examples.count))
  }

  /// Compares the two ways on `model`, which must be valid.
  static func of(_ model: FlowLayoutModel, name: String) -> ExactPositionDifferences {
    let engine = FlowLayoutEngine(model)
    // First pass: the exact content length, which FLOW-20 mirrors horizontal layouts within.
    var measuring = ComparisonSink(model: model, engine: engine, exactGeometry: engine.geometry)
    let length = engine.layout(into: &measuring)
    var exactGeometry = engine.geometry
    let exactLength = measuring.finish(length: length)
    if !exactGeometry.isVertical && exactGeometry.isRightToLeft && !exactGeometry.isEmpty {
      exactGeometry.mirrorWidth = exactLength.double
    }
    var sink = ComparisonSink(model: model, engine: engine, exactGeometry: exactGeometry)
    _ = sink.finish(length: engine.layout(into: &sink))
    var result = sink.differences
    // The reference strategy gives the exact frames.
    if var reference = try? NaiveLinearLayout(model: model) {
      reference.prepare()
      let size = engine.contentSize(length: exactLength.double)
      if reference.collectionViewContentSize != size { result.referenceDiffers += 1 }
      for element in reference.layoutAttributesForAllElements() where element.kind == .cell {
        let expected = sink.exactCells[element.indexPath]
        if expected.map({ !sink.sameFrame($0, element.frame) }) ?? true {
          result.referenceDiffers += 1
        }
      }
    }
    result.layouts = 1
    if result.changedBits > 0 { result.layoutsChanged = 1 }
    if summands(of: model, engine: engine).holds {
      result.layoutsOnOneGrid = 1
      if result.changedBits > 0 { result.layoutsOnOneGridChanged = 1 }
    }
    if model.scrollAxisSumsAreExact {
      result.layoutsOnFastPath = 1
      if result.changedBits > 0 || result.changedPixels > 0 { result.layoutsOnFastPathChanged = 1 }
    }
    result.examples = result.examples.map { "\(name): \($0)" }
    return result
  }

  /// Every summand of every position of `model`'s layout: padding, each section's header,
  /// insets, footer and line spacing, every item's thickness and every cell's offset — the
  /// set on which today's sequential sums are exact when `ExactSummands` holds.
  static func summands(of model: FlowLayoutModel, engine: FlowLayoutEngine) -> ExactSummands {
    var sink = SummandSink()
    let geometry = engine.geometry
    sink.set.insert(geometry.paddingBefore)
    sink.set.insert(geometry.paddingAfter)
    engine.layout(into: &sink)
    for index in model.sections.indices {
      let metrics = FlowSectionMetrics(section: index, of: model, geometry: geometry)
      for value in [metrics.headerLength, metrics.before, metrics.after, metrics.footerLength] {
        sink.set.insert(value)
      }
      // Each line's s_l: at most one per item, plus FLOW-11's empty line.
      sink.set.insert(metrics.lineSpacing, times: model.sections[index].numberOfItems + 1)
    }
    return sink.set
  }
}

/// Counts line thicknesses and cell offsets into a set of summands.
private struct SummandSink: FlowLayoutSink {
  var counters = LayoutWorkCounters()
  var set = ExactSummands()

  mutating func appendLine(
    _ line: FlowLine, relativeStart: Double, broken: FlowLayoutEngine.BrokenLine, section: Int
  ) {
    set.insert(broken.thickness)
  }

  mutating func appendCell(
    _ frame: CGRect, placement: FlowCellPlacement, item: Int, section: Int
  ) {
    set.insert(placement.offset)
  }

  mutating func appendSection(_ record: FlowSectionRecord, section: Int) {}
}

/// Follows the engine's output and computes each position exactly from its summands beside the
/// engine's own value.
private struct ComparisonSink: FlowLayoutSink {
  var counters = LayoutWorkCounters()
  let model: FlowLayoutModel
  let geometry: FlowGeometry
  /// The geometry mirrored within the exact content length.
  let exactGeometry: FlowGeometry
  var differences = ExactPositionDifferences()
  /// Every cell's frame from exact positions.
  var exactCells: [LayoutIndexPath: CGRect] = [:]

  /// Where the current section starts: the engine's chain, and the exact sum.
  var sectionStart: Double
  var exactSectionStart: ExactPosition
  var section = -1
  var metrics: FlowSectionMetrics?
  /// The current line's start relative to its section, both ways, and its thickness.
  var lineStart = 0.0
  var exactLineStart = ExactPosition.zero
  var lineThickness = 0.0
  var hasLine = false

  init(model: FlowLayoutModel, engine: FlowLayoutEngine, exactGeometry: FlowGeometry) {
    self.model = model
    geometry = engine.geometry
    self.exactGeometry = exactGeometry
    sectionStart = geometry.paddingBefore
    exactSectionStart = ExactPosition(geometry.paddingBefore)
  }

  mutating func begin(_ index: Int) {
    guard index != section else { return }
    section = index
    metrics = FlowSectionMetrics(section: index, of: model, geometry: geometry)
    hasLine = false
  }

  mutating func appendLine(
    _ line: FlowLine, relativeStart: Double, broken: FlowLayoutEngine.BrokenLine, section: Int
  ) {
    begin(section)
    guard let metrics else { return }
    if hasLine {
      exactLineStart +=
        ExactPosition(lineThickness) + ExactPosition(metrics.lineSpacing)
    } else {
      exactLineStart = ExactPosition(metrics.headerLength) + ExactPosition(metrics.before)
    }
    hasLine = true
    lineStart = relativeStart
    lineThickness = broken.thickness
  }

  mutating func appendCell(
    _ frame: CGRect, placement: FlowCellPlacement, item: Int, section: Int
  ) {
    let engineValue = sectionStart + (lineStart + placement.offset)
    let exact = exactSectionStart + exactLineStart + ExactPosition(placement.offset)
    let engineFrame = geometry.finalFrame(
      main: placement.main, scroll: engineValue, mainLength: placement.mainLength,
      thickness: placement.thickness)
    if !sameFrame(engineFrame, frame) { differences.notReproduced += 1 }
    let exactFrame = exactGeometry.finalFrame(
      main: placement.main, scroll: exact.double, mainLength: placement.mainLength,
      thickness: placement.thickness)
    exactCells[LayoutIndexPath(item: item, section: section)] = exactFrame
    compare(engineValue, exact.double, engineFrame, exactFrame, "cell \(section).\(item)")
  }

  mutating func appendSection(_ record: FlowSectionRecord, section: Int) {
    begin(section)
    guard let metrics else { return }
    let linesEnd =
      hasLine
      ? exactLineStart + ExactPosition(lineThickness)
      : ExactPosition(metrics.headerLength) + ExactPosition(metrics.before)
    let exactEnd =
      exactSectionStart + linesEnd + ExactPosition(metrics.after)
      + ExactPosition(metrics.footerLength)
    if record.start.bitPattern != sectionStart.bitPattern { differences.notReproduced += 1 }
    // Unpinned headers and footers: the header at the section's start, the footer its length
    // before the section's end (`FlowGeometry.supplementaryFrame`).
    if metrics.headerLength > 0 {
      compareSupplementary(
        record.start, exactSectionStart.double, length: metrics.headerLength,
        "header \(section)")
    }
    if metrics.footerLength > 0 {
      compareSupplementary(
        record.end - metrics.footerLength, exactEnd.double - metrics.footerLength,
        length: metrics.footerLength, "footer \(section)")
    }
    sectionStart = record.end
    exactSectionStart = exactEnd
  }

  /// The content length both ways, compared; returns the exact one.
  mutating func finish(length: Double) -> ExactPosition {
    guard section >= 0 else { return ExactPosition(length) }
    let exact = exactSectionStart + ExactPosition(geometry.paddingAfter)
    compare(length, exact.double, nil, nil, "content length")
    return exact
  }

  mutating func compareSupplementary(
    _ engineValue: Double, _ exact: Double, length: Double, _ what: String
  ) {
    let engineFrame = geometry.finalFrame(
      main: 0, scroll: engineValue, mainLength: geometry.lineDimension, thickness: length)
    let exactFrame = exactGeometry.finalFrame(
      main: 0, scroll: exact, mainLength: geometry.lineDimension, thickness: length)
    compare(engineValue, exact, engineFrame, exactFrame, what)
  }

  mutating func compare(
    _ engineValue: Double, _ exact: Double, _ engineFrame: CGRect?, _ exactFrame: CGRect?,
    _ what: String
  ) {
    differences.positions += 1
    guard engineValue.bitPattern != exact.bitPattern else {
      if let engineFrame, let exactFrame, !sameFrame(engineFrame, exactFrame) {
        if geometry.scale != 0 { differences.changedPixels += 1 }  // mirrored elsewhere
      }
      return
    }
    differences.changedBits += 1
    // Both are non-negative sums of non-negative lengths: their bit patterns order as they do.
    let ulps = Int64(bitPattern: engineValue.bitPattern &- exact.bitPattern).magnitude
    if ulps > 1 { differences.changedMoreThanOneULP += 1 }
    var pixel = ""
    if let engineFrame, let exactFrame, geometry.scale != 0, !sameFrame(engineFrame, exactFrame) {
      differences.changedPixels += 1
      pixel = ", frame \(engineFrame.origin) → \(exactFrame.origin)"
    }
    if differences.examples.count < 8 {
      differences.examples.append(
        "\(what): \(engineValue) → \(exact) (\(ulps) ulp)\(pixel)")
    }
  }

  func sameFrame(_ a: CGRect, _ b: CGRect) -> Bool {
    a.origin.x.bitPattern == b.origin.x.bitPattern && a.origin.y.bitPattern == b.origin.y.bitPattern
      && a.size.width.bitPattern == b.size.width.bitPattern
      && a.size.height.bitPattern == b.size.height.bitPattern
  }
}
