import Foundation

/// THE implementation of the flow rules (FLOW-1…25). Every flow strategy lays out through it;
/// strategies differ only in what they keep of its output and how they answer queries.
///
/// The engine streams its results into a `FlowLayoutSink`, so a strategy that keeps nothing
/// (the naive one) allocates nothing per item, and one that caches writes each frame once.
struct FlowLayoutEngine {
  let model: FlowLayoutModel
  private(set) var geometry: FlowGeometry

  /// An engine for `model`. With `measuringMirrorWidth` false, a horizontal right-to-left
  /// layout's mirror width is left for the caller to set (one that keeps section lengths
  /// knows the content length already).
  ///
  /// With `exactPositions`, every scroll-axis position is the exact sum of its summands rounded
  /// once (`ExactPositionSink`): what a caller asks for where
  /// `FlowLayoutModel.scrollAxisSumsAreExact` cannot prove the `Double` additions exact.
  init(_ model: FlowLayoutModel, measuringMirrorWidth: Bool = true, exactPositions: Bool = false) {
    self.model = model
    self.exactPositions = exactPositions
    geometry = FlowGeometry(model)
    // FLOW-20 mirrors horizontal layouts within the content length, which needs every section
    // measured first. Only right-to-left horizontal layouts pay for this extra pass.
    if measuringMirrorWidth && !geometry.isVertical && geometry.isRightToLeft && !geometry.isEmpty {
      var sink = FlowMeasuringSink()
      geometry.mirrorWidth = layout(into: &sink)
      measuringCounters = sink.counters
    }
  }

  /// Whether positions are exact sums rounded once rather than the `Double` chain (the same
  /// bits wherever the chain is exact).
  let exactPositions: Bool

  /// The work of the measuring pass `init` made, if any.
  private(set) var measuringCounters = LayoutWorkCounters()

  /// Lays out every section in order and returns the content length along the scroll axis
  /// (FLOW-16, FLOW-18, FLOW-19).
  ///
  /// - Complexity: O(sections + items).
  @discardableResult
  func layout<Sink: FlowLayoutSink>(into sink: inout Sink) -> Double {
    guard !geometry.isEmpty, !model.sections.isEmpty else { return 0 }
    if exactPositions { return layoutExactly(into: &sink) }
    var position = geometry.paddingBefore
    for section in model.sections.indices {
      position = layoutSection(section, startingAt: position, into: &sink)
    }
    return position + geometry.paddingAfter
  }

  /// `layout(into:)` with exact positions: the `Double` chain runs as always, and
  /// `ExactPositionSink` hands `sink` every position recomputed exactly.
  ///
  /// - Complexity: O(sections + items), every line and cell reported one by one.
  private func layoutExactly<Sink: FlowLayoutSink>(into sink: inout Sink) -> Double {
    var exact = ExactPositionSink(sink, engine: self)
    var position = geometry.paddingBefore
    for section in model.sections.indices {
      position = layoutSection(section, startingAt: position, into: &exact)
    }
    sink = exact.inner
    return exact.contentLength.double
  }

  /// FLOW-19: the content size for a content length along the scroll axis.
  func contentSize(length: Double) -> CGSize {
    if geometry.isEmpty { return .zero }  // FLOW-5
    return geometry.isVertical
      ? CGSize(width: geometry.lineDimension, height: length)
      : CGSize(width: length, height: geometry.lineDimension)
  }

  /// The sizes of section `index`, read in place and out of line: inlined into the engine's
  /// loops, the read cost the reference's layout of mixed-feed 0.7 % more instructions.
  @inline(never)
  func itemSizes(ofSection index: Int) -> FlowItemSizes {
    FlowItemSizes(section: index, of: model.sections, layout: model.layout)
  }

  /// Lays out one section whose header starts at `start` and returns where the section ends.
  ///
  /// FLOW-16: header, `before` inset, lines separated by `s_l`, `after` inset, footer.
  /// Positions are computed relative to the section's start and added to it last — the
  /// canonical arithmetic every strategy reproduces bit for bit, so that incremental updates
  /// round (FLOW-21) exactly as a full layout does.
  ///
  /// - Complexity: O(items in the section); O(1) plus the cells emitted for a uniform one.
  @discardableResult
  func layoutSection<Sink: FlowLayoutSink>(
    _ section: Int, startingAt start: Double, into sink: inout Sink
  ) -> Double {
    // The model's section read in place: bound to a constant, it was copied.
    let metrics = FlowSectionMetrics(section: section, of: model, geometry: geometry)
    let items = itemSizes(ofSection: section)
    let placement = SectionPlacement(section: section, start: start, metrics: metrics)
    var position = metrics.linesStart
    if items.count > 0 {
      if let size = metrics.uniformSize {
        position =
          sink.layoutUniformLines(self, placement, itemCount: items.count, size: size)
          ?? layoutUniformLines(placement, itemCount: items.count, size: size, into: &sink)
      } else {
        position =
          sink.layoutMixedLines(self, placement, items)
          ?? layoutMixedLines(placement, items, into: &sink)
      }
    }
    let end = start + metrics.length(linesEnd: position)
    sink.counters.sectionsLaidOut += 1
    sink.appendSection(
      FlowSectionRecord(
        start: start, end: end, headerLength: metrics.headerLength,
        footerLength: metrics.footerLength, numberOfItems: items.count),
      section: section)
    return end
  }

  /// Where a section's cells go: its index, its start along the scroll axis and its metrics.
  struct SectionPlacement {
    let section: Int
    let start: Double
    let metrics: FlowSectionMetrics
  }

  /// The final frame of a cell placed in a line that starts at `lineStart` (relative to the
  /// section). The one formula every strategy uses.
  @inline(__always)
  func cellFrame(_ placement: SectionPlacement, _ cell: FlowCellPlacement, lineStart: Double)
    -> CGRect
  {
    geometry.cellFrame(cell, sectionStart: placement.start, lineStart: lineStart)
  }
}
