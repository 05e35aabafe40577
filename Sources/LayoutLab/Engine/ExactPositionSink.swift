import Foundation

/// The engine's slow path (docs/FlowRules.md, "Exact positions"): follows the engine's lines,
/// cells and sections as it lays them out in `Double`s and hands `inner` the same ones with
/// every scroll-axis position recomputed as the exact sum of its summands, rounded once —
/// section starts and ends, line extents, cell origins — so that the engine's own order of
/// additions no longer matters.
///
/// Used only where `FlowLayoutModel.scrollAxisSumsAreExact` cannot prove the `Double` chain
/// exact; it takes no buffer path (`layoutMixedLines`/`layoutUniformLines` stay nil), so the
/// engine reports every line and cell, each recomputed here in O(1).
struct ExactPositionSink<Inner: FlowLayoutSink>: FlowLayoutSink {
  var inner: Inner
  private let model: FlowLayoutModel
  private let geometry: FlowGeometry

  /// Where the current section starts.
  private var sectionStart: ExactPosition
  private var section = -1
  /// The current section's scroll-axis summands.
  private var header = ExactPosition.zero
  private var before = ExactPosition.zero
  private var after = ExactPosition.zero
  private var footer = ExactPosition.zero
  private var lineSpacing = ExactPosition.zero
  /// The current line's start, relative to its section, and its thickness; nil before the
  /// section's first line.
  private var lineStart: ExactPosition?
  private var lineThickness = ExactPosition.zero

  var counters: LayoutWorkCounters {
    get { inner.counters }
    set { inner.counters = newValue }
  }

  init(_ inner: Inner, engine: FlowLayoutEngine) {
    self.inner = inner
    model = engine.model
    geometry = engine.geometry
    sectionStart = ExactPosition(geometry.paddingBefore)
  }

  /// Where the last section ends plus FLOW-7's padding after it: the content length.
  var contentLength: ExactPosition { sectionStart + ExactPosition(geometry.paddingAfter) }

  private mutating func begin(_ index: Int) {
    guard index != section, model.sections.indices.contains(index) else { return }
    section = index
    let metrics = FlowSectionMetrics(section: index, of: model, geometry: geometry)
    header = ExactPosition(metrics.headerLength)
    before = ExactPosition(metrics.before)
    after = ExactPosition(metrics.after)
    footer = ExactPosition(metrics.footerLength)
    lineSpacing = ExactPosition(metrics.lineSpacing)
    lineStart = nil
  }

  mutating func appendLine(
    _ line: FlowLine, relativeStart: Double, broken: FlowLayoutEngine.BrokenLine, section: Int
  ) {
    begin(section)
    // FLOW-16: the first line after the header and the `before` inset; each next one after
    // the previous line's thickness and s_l (FLOW-11's empty line has thickness 0).
    let start = lineStart.map { $0 + lineThickness + lineSpacing } ?? header + before
    lineStart = start
    lineThickness = ExactPosition(broken.thickness)
    var exactLine = line
    exactLine.start = (sectionStart + start).double
    exactLine.end = (sectionStart + start + lineThickness).double
    inner.appendLine(exactLine, relativeStart: start.double, broken: broken, section: section)
  }

  mutating func appendCell(
    _ frame: CGRect, placement: FlowCellPlacement, item: Int, section: Int
  ) {
    let scroll = sectionStart + (lineStart ?? .zero) + ExactPosition(placement.offset)
    let exactFrame = geometry.finalFrame(
      main: placement.main, scroll: scroll.double, mainLength: placement.mainLength,
      thickness: placement.thickness)
    inner.appendCell(exactFrame, placement: placement, item: item, section: section)
  }

  mutating func appendSection(_ record: FlowSectionRecord, section: Int) {
    begin(section)
    let linesEnd = lineStart.map { $0 + lineThickness } ?? header + before
    let end = sectionStart + linesEnd + after + footer
    var exactRecord = record
    exactRecord.start = sectionStart.double
    exactRecord.end = end.double
    inner.appendSection(exactRecord, section: section)
    sectionStart = end
  }
}
