import Foundation

// Queries of `RunLengthLayout`: frames are rebuilt from runs of lines with the engine's
// formulas (`FlowGeometry.cellFrame`, `UniformColumns.cell`, `FlowLayoutEngine.forEachCell`).

extension RunLengthLayout {
  /// - Complexity: O(log s + log runs + log lines of a run + k), where k counts the items of
  ///   the lines that meet the rect along the scroll axis: sections and runs are
  ///   binary-searched, and so are the lines of a run, by their arithmetic.
  public func layoutAttributesForElements(
    in rect: CGRect, counting counters: inout LayoutWorkCounters
  ) -> [LayoutAttributes] {
    withPrepared { elements(in: rect, of: $0, counting: &counters) }
  }

  /// `layoutAttributesForElements(in:counting:)` from `state`, borrowed (`withPrepared`).
  private func elements(
    in rect: CGRect, of state: State, counting counters: inout LayoutWorkCounters
  ) -> [LayoutAttributes] {
    let rect = rect.standardized
    let geometry = state.geometry
    let search = FlowSearchRange(rect, in: geometry)
    let (low, high) = (search.low, search.high)
    let meeting = state.sections(meeting: search)

    // Every cell that meets the rect, in order, to `emit`; false once `emit` refuses one.
    func forEachCell(_ emit: (LayoutAttributes) -> Bool) -> Bool {
      for index in meeting {
        let section = state.sections[index]
        let start = state.start(of: index)
        let runs = section.runs
        // A uniform section's cells need no size: its columns hold it.
        let items = FlowItemSizes(
          section.columns == nil ? model.sections[index] : Self.noItems, layout: model.layout)
        // Runs' lines never overlap and their extents never decrease, so of the runs that
        // start before `low` only the last can reach it. Invariant: runs before `firstAtLow`
        // start before `low`.
        let firstAtLow = section.runsStarting { start + $0 < low }
        var run = max(firstAtLow - 1, 0)
        while run < runs.count {
          let lines = section.run(run)
          guard start + lines.start <= high else { break }
          let shape = section.shape(ofRun: run, items, geometry)
          // Invariant: lines before `line` end before `low`.
          var line = partitioningIndex(lines.lineCount) {
            start
              + (section.lineStart($0, of: lines, thickness: shape.thickness) + shape.thickness)
              >= low
          }
          while line < lines.lineCount {
            let lineStart = section.lineStart(line, of: lines, thickness: shape.thickness)
            guard start + lineStart <= high else { break }
            counters.elementsScanned +=
              shape.items(ofLine: line, firstItem: lines.firstItem).count
            var accepted = true
            self.forEachCell(of: lines, shape, line: line, section, items, geometry) {
              item, cell in
              let frame = geometry.cellFrame(cell, sectionStart: start, lineStart: lineStart)
              if accepted && frame.touchesOrIntersects(rect) {
                accepted = emit(
                  LayoutAttributes(
                    kind: .cell, indexPath: LayoutIndexPath(item: item, section: index),
                    frame: frame, zIndex: 0))
              }
            }
            guard accepted else { return false }
            line += 1
          }
          run += 1
        }
      }
      return true
    }

    // Written once into an answer allocated at its bound, with no check of uniqueness or
    // capacity per element (`append` spent about a third of a query's time on them) …
    let bound = Self.elementsMeeting(low: low, high: high, in: meeting, of: state)
    let scanned = counters.elementsScanned
    var complete = true
    var result = [LayoutAttributes](unsafeUninitializedCapacity: bound) { buffer, written in
      complete = forEachCell { element in
        guard written < buffer.count else { return false }
        buffer.initializeElement(at: written, to: element)
        written += 1
        return true
      }
    }
    // … unless the bound was short, which it should never be: then once more, appending.
    if !complete {
      counters.elementsScanned = scanned
      result.removeAll()
      _ = forEachCell { element in
        result.append(element)
        return true
      }
    }
    geometry.appendSupplementaryViews(
      of: meeting, meeting: rect, to: &result, counters: &counters
    ) { state.record(of: $0) }
    return result
  }

  /// At least as many elements as a query of `low...high` returns from sections `meeting`:
  /// the items of the runs of lines that start in the range and the one before it, and each
  /// section's header and footer.
  ///
  /// - Complexity: O(log runs) per section.
  private static func elementsMeeting(
    low: Double, high: Double, in meeting: Range<Int>, of state: State
  ) -> Int {
    var count = 0
    for index in meeting {
      let section = state.sections[index]
      let start = state.start(of: index)
      let runs = section.runs
      count += 2
      guard runs.count > 0 else { continue }
      if let columns = section.columns {
        // FLOW-10: lines at a constant pitch; one more on either side for rounding.
        let pitch = section.uniformThickness + section.metrics.lineSpacing
        let lines =
          pitch > 0 && (high - low) / pitch < Double(columns.lineCount)
          ? Int(((high - low) / pitch).rounded(.up)) + 3 : columns.lineCount
        count += min(lines * columns.perLine, section.numberOfItems)
      } else {
        // Invariant: runs before `first` start before `low`; before `last`, at or before `high`.
        let first = max(section.runsStarting { start + $0 < low } - 1, 0)
        let last = section.runsStarting { start + $0 <= high }
        let end = last < runs.count ? runs[last].firstItem : section.numberOfItems
        count += max(end - runs[first].firstItem, 0)
      }
    }
    return count
  }

  /// What a uniform section's query reads instead of its sizes.
  private static let noItems = FlowSection(items: 0)

  /// Every cell of line `line` of `run`, in item order, with where it sits in its line.
  ///
  /// - Complexity: O(items on the line).
  @inline(__always)
  private func forEachCell(
    of run: FlowLayoutEngine.LineRun, _ shape: FlowLayoutEngine.LineRunShape, line: Int,
    _ section: Section, _ items: FlowItemSizes, _ geometry: FlowGeometry,
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
        of: shape.brokenLine(line, firstItem: run.firstItem), .justified, section.metrics, items,
        geometry, body)
    case .leftAligned:
      FlowLayoutEngine.forEachCell(
        of: shape.brokenLine(line, firstItem: run.firstItem), .leftAligned, section.metrics,
        items, geometry, body)
    }
  }

  /// - Complexity: O(log runs) to find the item's run, then O(1) in a uniform section or
  ///   O(items on its line) in a mixed one; plus O(log s) to read the section's start where
  ///   starts are prefix sums (`SectionStarts`).
  public func layoutAttributesForItem(at indexPath: LayoutIndexPath) -> LayoutAttributes? {
    withPrepared { attributesForItem(at: indexPath, of: $0) }
  }

  /// `layoutAttributesForItem(at:)` from `state`, borrowed (`withPrepared`).
  private func attributesForItem(
    at indexPath: LayoutIndexPath, of state: State
  ) -> LayoutAttributes? {
    guard state.sections.indices.contains(indexPath.section) else { return nil }
    let section = state.sections[indexPath.section]
    guard (0..<section.numberOfItems).contains(indexPath.item) else { return nil }
    let runIndex = section.runIndex(holding: indexPath.item)
    let run = section.run(runIndex)
    let items = FlowItemSizes(model.sections[indexPath.section], layout: model.layout)
    let shape = section.shape(ofRun: runIndex, items, state.geometry)
    let line = (indexPath.item - run.firstItem) / shape.itemsPerLine
    var placement: FlowCellPlacement?
    if case .columns(let columns) = shape.placement {
      placement = columns.cell(
        column: indexPath.item - shape.items(ofLine: line, firstItem: run.firstItem).lowerBound,
        thickness: shape.thickness)
    } else {
      forEachCell(of: run, shape, line: line, section, items, state.geometry) { item, cell in
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
    withPrepared { state in
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
