import Foundation

/// Every element of a prepared flow layout, flat: one `CGRect` per cell in (section, item)
/// order, one record per section, and — when asked for — one record per line. No per-item
/// object, no dictionary: attributes are built only for what a query returns.
struct FlowAttributesCache: FlowLayoutSink, Sendable {
  private(set) var geometry: FlowGeometry
  private(set) var contentSize = CGSize.zero
  /// Final frames of every cell, section after section.
  private(set) var cellFrames: ContiguousArray<CGRect> = []
  private(set) var sections: ContiguousArray<FlowSectionRecord> = []
  /// `cellFrames` index of each section's first cell.
  private(set) var sectionFirstCell: ContiguousArray<Int> = []
  /// Lines of every section, section after section (only with `indexesLines`).
  private(set) var lines: ContiguousArray<FlowLine> = []
  /// `lines` index of each section's first line (only with `indexesLines`).
  private(set) var sectionFirstLine: ContiguousArray<Int> = []
  let indexesLines: Bool
  /// The work of building the cache.
  var counters = LayoutWorkCounters()

  /// Lays out `model` once and keeps the result.
  ///
  /// - Complexity: O(n + s), one frame write per cell.
  init(_ model: FlowLayoutModel, indexesLines: Bool) {
    let engine = FlowLayoutEngine(model)
    geometry = engine.geometry
    self.indexesLines = indexesLines
    cellFrames.reserveCapacity(engine.geometry.isEmpty ? 0 : model.numberOfItems)
    sections.reserveCapacity(model.sections.count)
    sectionFirstCell.reserveCapacity(model.sections.count)
    let length = engine.layout(into: &self)
    contentSize = engine.contentSize(length: length)
    counters += engine.measuringCounters
  }

  /// Moves FLOW-24's visible rect without touching anything else (a pure scroll, FLOW-25).
  ///
  /// - Complexity: O(1).
  mutating func updateVisibleBounds(from model: FlowLayoutModel) {
    let mirrorWidth = geometry.mirrorWidth
    geometry = FlowGeometry(model)
    geometry.mirrorWidth = mirrorWidth  // the content length did not change
  }

  mutating func appendCell(
    _ frame: CGRect, placement: FlowCellPlacement, item: Int, section: Int
  ) {
    cellFrames.append(frame)
  }

  mutating func appendLine(
    _ line: FlowLine, relativeStart: Double, broken: FlowLayoutEngine.BrokenLine, section: Int
  ) {
    if indexesLines {
      if sectionFirstLine.count == section { sectionFirstLine.append(lines.count) }
      lines.append(line)
    }
  }

  mutating func appendSection(_ record: FlowSectionRecord, section: Int) {
    sections.append(record)
    sectionFirstCell.append(cellFrames.count - record.numberOfItems)
    // A section without lines (no items) still gets its index, so lookups stay O(1).
    if indexesLines && sectionFirstLine.count == section { sectionFirstLine.append(lines.count) }
  }

  // MARK: Answers shared by the strategies that keep this cache

  /// - Complexity: O(1).
  func attributesForItem(at indexPath: LayoutIndexPath) -> LayoutAttributes? {
    guard sections.indices.contains(indexPath.section),
      (0..<sections[indexPath.section].numberOfItems).contains(indexPath.item)
    else { return nil }
    let frame = cellFrames[sectionFirstCell[indexPath.section] + indexPath.item]
    return LayoutAttributes(kind: .cell, indexPath: indexPath, frame: frame, zIndex: 0)
  }

  /// - Complexity: O(1).
  func attributesForSupplementaryView(
    ofKind kind: ElementKind, at indexPath: LayoutIndexPath
  ) -> LayoutAttributes? {
    guard indexPath.item == 0, sections.indices.contains(indexPath.section),
      let frame = geometry.supplementaryFrame(kind, of: sections[indexPath.section])
    else { return nil }
    return LayoutAttributes(
      kind: kind, indexPath: indexPath, frame: frame, zIndex: LayoutAttributes.zIndex(for: kind))
  }

  /// Appends the cells of `section` in `items` whose frames meet `rect`.
  ///
  /// - Complexity: O(items.count).
  func appendCells(
    of section: Int, items: Range<Int>, meeting rect: CGRect, to result: inout [LayoutAttributes],
    counters: inout LayoutWorkCounters
  ) {
    counters.elementsScanned += items.count
    let base = sectionFirstCell[section]
    cellFrames.withUnsafeBufferPointer { frames in
      for item in items where frames[base + item].touchesOrIntersects(rect) {
        result.append(
          LayoutAttributes(
            kind: .cell, indexPath: LayoutIndexPath(item: item, section: section),
            frame: frames[base + item], zIndex: 0))
      }
    }
  }

  /// Appends the headers, then the footers, of `sections` that belong in an answer for `rect`.
  ///
  /// - Complexity: O(sections.count).
  func appendSupplementaryViews(
    of sections: Range<Int>, meeting rect: CGRect, to result: inout [LayoutAttributes],
    counters: inout LayoutWorkCounters
  ) {
    geometry.appendSupplementaryViews(
      of: sections, meeting: rect, to: &result, counters: &counters
    ) { self.sections[$0] }
  }
}
