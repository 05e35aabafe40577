import Foundation

// Queries of `RunLengthLayout`: frames are rebuilt from runs of lines with the engine's
// formulas (`FlowGeometry.cellFrame`, `UniformColumns.cell`, `FlowLayoutEngine.forEachCell`);
// a rect query's search and cells are `RectQuery`'s.

extension RunLengthLayout {
  /// - Complexity: O(log s + log runs + log lines of a run + k), where k counts the items of
  ///   the lines that meet the rect along the scroll axis: sections and runs are
  ///   binary-searched, and so are the lines of a run, by their arithmetic.
  public func layoutAttributesForElements(
    in rect: CGRect, counting counters: inout LayoutWorkCounters
  ) -> [LayoutAttributes] {
    if exact.unit == nil, let fallback = exact.layout {
      counters.exactPositionFallbacks += 1
      return fallback.layoutAttributesForElements(in: rect, counting: &counters)
    }
    return withPreparedPointers { elements(in: rect, of: $0, $1, counting: &counters) }
  }

  /// `layoutAttributesForElements(in:counting:)` from the prepared state and the model, both
  /// borrowed where they are stored (`withPreparedPointers`).
  private func elements(
    in rect: CGRect, of state: UnsafePointer<State>, _ model: UnsafePointer<FlowLayoutModel>,
    counting counters: inout LayoutWorkCounters
  ) -> [LayoutAttributes] {
    var query = RectQuery(rect, state: state, model: model, counters: counters)
    // Written once into the capacity reserved at the bound, with no check of uniqueness or
    // capacity per element (`append` spent about a third of a query's time on them) …
    var result: [LayoutAttributes] = []
    result.reserveCapacity(query.elementsBound())
    let scanned = query.counters.elementsScanned
    result.appendInPlace(with: &query) { query, buffer in query.initializeCells(buffer) }
    // … unless the bound was short, which it should never be: then once more, appending.
    if !query.isComplete {
      query.counters.elementsScanned = scanned
      result.removeAll()
      _ = query.forEachCell { element in
        result.append(element)
        return true
      }
    }
    let geometry = state.pointee.geometry
    // Headers, then footers, each in section order: a section's start is the one before
    // it plus its length (`RectQuery.next(_:after:)`), from the first section's.
    let (first, firstStart) = (query.meeting.lowerBound, query.firstStart)
    var (section, start) = (first, firstStart)
    geometry.appendSupplementaryViews(
      of: query.meeting, meeting: query.rect, to: &result, counters: &query.counters
    ) { index in
      if index == first {
        (section, start) = (index, firstStart)
      } else if index == section + 1 {
        (section, start) = (index, start + state.pointee.sections[section].length)
      } else if index != section {
        (section, start) = (index, state.pointee.start(of: index))
      }
      return state.pointee.record(of: index, start: start)
    }
    counters = query.counters
    return result
  }

  /// Every cell of line `line` of `run`, in item order, with where it sits in its line.
  ///
  /// - Complexity: O(items on the line).
  @inline(__always)
  static func forEachCell(
    of run: FlowLayoutEngine.LineRun, _ shape: FlowLayoutEngine.LineRunShape, line: Int,
    _ section: Section, _ items: FlowItemSizes, _ geometry: FlowGeometry,
    _ body: (Int, FlowCellPlacement) -> Void
  ) {
    forEachCell(of: run, shape, line: line, section, geometry, size: { items[$0] }, body)
  }

  /// `forEachCell(of:_:line:_:_:_:_:)` with each item's size read by `size`
  /// (`FlowLayoutEngine.forEachCell` says why).
  @inline(__always)
  static func forEachCell(
    of run: FlowLayoutEngine.LineRun, _ shape: FlowLayoutEngine.LineRunShape, line: Int,
    _ section: Section, _ geometry: FlowGeometry, size: (Int) -> CGSize,
    _ body: (Int, FlowCellPlacement) -> Void
  ) {
    switch shape.placement {
    case .columns(let columns):
      let lineItems = shape.items(ofLine: line, firstItem: run.firstItem)
      for item in lineItems {
        body(item, columns.cell(column: item - lineItems.lowerBound, thickness: shape.thickness))
      }
    case .justified:
      FlowLayoutEngine.forEachCell(
        of: shape.brokenLine(line, firstItem: run.firstItem), .justified, section.metrics,
        geometry, size: size, body)
    case .leftAligned:
      FlowLayoutEngine.forEachCell(
        of: shape.brokenLine(line, firstItem: run.firstItem), .leftAligned, section.metrics,
        geometry, size: size, body)
    }
  }

  /// - Complexity: O(log runs) to find the item's run, then O(1) in a uniform section or
  ///   O(items on its line) in a mixed one; plus O(log s) to read the section's start where
  ///   starts are prefix sums (`SectionStarts`).
  public func layoutAttributesForItem(at indexPath: LayoutIndexPath) -> LayoutAttributes? {
    if exact.unit == nil, let fallback = exact.layout {
      return fallback.layoutAttributesForItem(at: indexPath)
    }
    return withPrepared { attributesForItem(at: indexPath, of: $0) }
  }

  /// `layoutAttributesForItem(at:)` from `state`, borrowed (`withPrepared`).
  private func attributesForItem(
    at indexPath: LayoutIndexPath, of state: State
  ) -> LayoutAttributes? {
    guard state.sections.indices.contains(indexPath.section) else { return nil }
    let section = state.sections[indexPath.section]
    guard (0..<section.numberOfItems).contains(indexPath.item) else { return nil }
    let (runIndex, run, endItem) = section.run(holding: indexPath.item)
    let items = FlowItemSizes(
      section: indexPath.section, of: model.sections, layout: model.layout)
    let shape =
      section.columns == nil
      ? section.shape(ofRun: runIndex, run, endItem: endItem, state.geometry) { items[$0] }
      : section.shape(ofRun: runIndex, items, state.geometry)
    let line = (indexPath.item - run.firstItem) / shape.itemsPerLine
    var placement: FlowCellPlacement?
    if case .columns(let columns) = shape.placement {
      placement = columns.cell(
        column: indexPath.item - shape.items(ofLine: line, firstItem: run.firstItem).lowerBound,
        thickness: shape.thickness)
    } else {
      Self.forEachCell(of: run, shape, line: line, section, items, state.geometry) { item, cell in
        if item == indexPath.item { placement = cell }
      }
    }
    guard let placement else { return nil }
    let frame = state.geometry.cellFrame(
      placement, sectionStart: state.start(of: indexPath.section),
      lineStart: section.lineStart(line, of: run, thickness: shape.thickness))
    return LayoutAttributes(kind: .cell, indexPath: indexPath, frame: frame, zIndex: 0)
  }

  /// - Complexity: O(1), or O(log s) where section starts are prefix sums (`SectionStarts`).
  public func layoutAttributesForSupplementaryView(
    ofKind kind: ElementKind, at indexPath: LayoutIndexPath
  ) -> LayoutAttributes? {
    if exact.unit == nil, let fallback = exact.layout {
      return fallback.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }
    return withPrepared { state in
      guard indexPath.item == 0, state.sections.indices.contains(indexPath.section),
        let frame = state.geometry.supplementaryFrame(
          kind, of: state.record(of: indexPath.section))
      else { return nil }
      return LayoutAttributes(
        kind: kind, indexPath: indexPath, frame: frame,
        zIndex: LayoutAttributes.supplementaryViewZIndex)
    }
  }
}
