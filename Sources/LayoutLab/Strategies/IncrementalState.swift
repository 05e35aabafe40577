import Foundation

/// What an `IncrementalLayout` keeps, with positions of one kind (`ScrollPosition`): `Double`s
/// on the grid, exact sums off it. The code is the same for both.
struct IncrementalState<Position: ScrollPosition>: Sendable {
  var geometry: FlowGeometry
  var sections: ContiguousArray<IncrementalSection<Position>>
  /// Where each section starts along the scroll axis (logical coordinates): prefix sums of
  /// the sections' lengths, so that a section's new length moves every later one in
  /// O(log s) — exact sums add exactly in any grouping, and so do `Double`s on the grid
  /// (`SectionStarts`). Read them through `start(of:)`.
  var starts = SectionStarts<Position>(origin: .zero, count: 0) { _ in .zero }
  var contentSize = CGSize.zero

  /// Every section of `engine`'s model laid out. A section equal to the one before lays out
  /// alike relative to its start (`SectionRepeats`), so only the first of each run of equal
  /// sections is laid out; the others share its arrays until one of them changes (copy on
  /// write, then O(items in it), what laying it out costs). A self-sizing view's sections at
  /// the estimate (FLOW-26) are such runs.
  ///
  /// - Complexity: O(s) comparisons, plus O(items) of the first section of each run.
  init(laidOutBy engine: FlowLayoutEngine, counters: inout LayoutWorkCounters) {
    let model = engine.model
    sections = []
    if !engine.geometry.isEmpty {
      sections.reserveCapacity(model.sections.count)
      let repeats = SectionRepeats(of: model.sections)
      var index = 0
      for run in 0..<repeats.runCount {
        let section = IncrementalSection<Position>(
          laidOutBy: engine, section: index, counters: &counters)
        let count = repeats.count(ofRun: run)
        for _ in 0..<count { sections.append(section) }
        index += count
      }
    }
    geometry = engine.geometry
    restack(engine: engine, counters: &counters)
  }

  /// Applies `change`, which `engine`'s model holds: the sections it names are updated or laid
  /// out again, and later sections restacked.
  ///
  /// - Complexity: for a change inside one mixed section, O(items on the re-broken lines +
  ///   lines after them in that section + log s) — O(sections after it) where `Double`
  ///   starts cannot be prefix sums (`SectionStarts`).
  mutating func apply(
    _ change: FlowModelChange, engine: FlowLayoutEngine, counters: inout LayoutWorkCounters
  ) {
    // Sections moved or inserted: every start is made again. Otherwise each section whose
    // length changed moves the later ones at once.
    let keepsStarts = !change.sections.structureChanged
    var anyMoved = false
    var spansCursor = 0
    if change.sections.structureChanged {
      var sections = ContiguousArray<IncrementalSection<Position>>()
      sections.reserveCapacity(change.sections.sections.count)
      for origin in change.sections.sections {
        switch origin {
        case .inserted: sections.append(IncrementalSection())
        case .existing(let old, _, _, _): sections.append(self.sections[old])
        }
      }
      self.sections = sections
    }
    change.sections.forEachChange { index, origin in
      switch origin {
      case .inserted:
        sections[index] = IncrementalSection(laidOutBy: engine, section: index, counters: &counters)
      case .existing(_, let firstChanged?, let lastChanged, let delta):
        let old = sections[index].length
        let updated =
          if let spans = change.sections.itemSpans(ofSection: index, cursor: &spansCursor) {
            sections[index].update(by: engine, section: index, spans: spans, counters: &counters)
          } else {
            sections[index].update(
              by: engine, section: index, firstChanged: firstChanged, lastChanged: lastChanged,
              delta: delta, counters: &counters)
          }
        if !updated {
          sections[index] = IncrementalSection(
            laidOutBy: engine, section: index, counters: &counters)
        }
        if keepsStarts {
          starts.setLength(sections[index].length, was: old, of: index, counters: &counters)
        }
        anyMoved = true
      case .existing(_, nil, _, _): break
      }
    }
    // New geometry: FLOW-24's visible rect may have moved.
    geometry = engine.geometry
    if !keepsStarts || !starts.origin.isIdentical(to: Position(geometry.paddingBefore)) {
      restack(engine: engine, counters: &counters)
    } else if anyMoved {
      let sections = self.sections
      starts.restack(lengths: { sections[$0].length }, counters: &counters)
      finishRestack(engine: engine)
    } else if !geometry.isVertical && geometry.isRightToLeft {
      geometry.mirrorWidth = contentLength
    }
  }

  /// Where section `index` starts.
  ///
  /// - Complexity: O(log s) as prefix sums, O(1) as a chain (`SectionStarts`).
  @inline(__always)
  func start(of index: Int) -> Position { starts.start(of: index) }

  /// Where section `index` ends.
  @inline(__always)
  func end(of index: Int) -> Position { start(of: index) + sections[index].length }

  func record(of index: Int) -> FlowSectionRecord {
    let start = start(of: index)
    return record(of: index, start: start, end: start + sections[index].length)
  }

  /// Section `index`'s record, given where it starts and ends.
  @inline(__always)
  func record(of index: Int, start: Position, end: Position) -> FlowSectionRecord {
    let section = sections[index]
    return FlowSectionRecord(
      start: start.double, end: end.double, headerLength: section.headerLength,
      footerLength: section.footerLength, numberOfItems: section.numberOfItems)
  }

  /// The content length along the scroll axis (FLOW-19): what horizontal right-to-left layouts
  /// mirror in.
  var contentLength: Double {
    guard let last = sections.indices.last, !geometry.isEmpty else { return 0 }
    return (end(of: last) + Position(geometry.paddingAfter)).double
  }

  /// Makes every section's start again (FLOW-18), then the content size.
  ///
  /// - Complexity: O(s); no item is touched.
  mutating func restack(engine: FlowLayoutEngine, counters: inout LayoutWorkCounters) {
    let sections = self.sections
    starts = SectionStarts(origin: Position(geometry.paddingBefore), count: sections.count) {
      sections[$0].length
    }
    finishRestack(engine: engine)
  }

  /// The content size (and, for horizontal right-to-left layouts, the mirror width: FLOW-20)
  /// from where the last section ends.
  private mutating func finishRestack(engine: FlowLayoutEngine) {
    let length = contentLength
    if !geometry.isVertical && geometry.isRightToLeft { geometry.mirrorWidth = length }
    contentSize = engine.contentSize(length: length)
  }

  /// Traps if a section breaks its invariants or sections do not follow each other (debug
  /// builds only; see `IncrementalSection.checkInvariants()`).
  ///
  /// - Complexity: O(lines) in debug builds.
  func checkInvariants() {
    for section in sections { section.checkInvariants() }
    precondition(starts.count == sections.count, "a section without a start")
    for index in sections.indices.dropFirst() {
      precondition(start(of: index) == end(of: index - 1), "section \(index) is not restacked")
    }
  }
}

// Queries: sections, then lines, binary-searched; cells placed in their lines and frames
// rebuilt with the engine's formulas, from the sizes of `model`, the model the state was
// prepared from.
extension IncrementalState {
  /// - Complexity: O(log s + log l + k), like `BinarySearchLayout`: sections, then lines,
  ///   binary-searched; k counts the items of the lines that meet the rect along the scroll axis.
  func elements(
    in rect: CGRect, model: FlowLayoutModel, counting counters: inout LayoutWorkCounters
  ) -> [LayoutAttributes] {
    let rect = rect.standardized
    let (queryMin, queryMax) = geometry.logicalScrollRange(of: rect)
    let slack = geometry.searchSlack(from: queryMin, to: queryMax)
    // Compared as positions: off the grid, rounding each sum before comparing it would cost a
    // conversion a probe, and the slack covers what exact comparisons decide otherwise (a
    // sum within half an ulp under `low`).
    let (lowest, highest) = (queryMin - slack, queryMax + slack)
    // A rect of NaNs meets nothing (no comparison with NaN holds); `ExactPosition` has no NaN.
    guard !lowest.isNaN && !highest.isNaN else { return [] }
    let (low, high) = (Position(lowest), Position(highest))
    let sections = self.sections
    let (meeting, firstStart) = starts.sectionsAndFirstStart(from: low, through: high) {
      sections[$0].length
    }
    // Where each section met starts, then where the last ends: the first from the tree, each
    // next by the engine's addition, which gives the same bits (`SectionStarts`) — rather than
    // O(log s) from the tree for each section and each record of a header or footer.
    return withUnsafeTemporaryAllocation(of: Position.self, capacity: meeting.count + 1) {
      bounds in
      var position = firstStart
      for (offset, index) in meeting.enumerated() {
        bounds.initializeElement(at: offset, to: position)
        position = position + sections[index].length
      }
      bounds.initializeElement(at: meeting.count, to: position)
      defer { bounds.deinitialize() }
      return elements(
        in: rect, low: low, high: high, sections: meeting, bounds: bounds, model: model,
        counting: &counters)
    }
  }

  /// `elements(in:counting:)` over `meeting`, section `meeting.lowerBound + k` starting at
  /// `bounds[k]` and ending at `bounds[k + 1]`.
  @inline(__always)
  private func elements(
    in rect: CGRect, low: Position, high: Position, sections meeting: Range<Int>,
    bounds: UnsafeMutableBufferPointer<Position>, model: FlowLayoutModel,
    counting counters: inout LayoutWorkCounters
  ) -> [LayoutAttributes] {
    let sections = self.sections
    let (first, last) = (meeting.lowerBound, meeting.upperBound)
    /// Where line `line` of section `index` starts, relative to the section.
    @inline(__always)
    func relativeStart(_ line: Int, of index: Int) -> Position {
      sections[index].blockShifts.isEmpty
        ? sections[index].lines[line].start : sections[index].start(ofLine: line)
    }
    // Each section's lines that can meet the rect, found first, so that the answer's room is
    // reserved once, for their items and the sections' headers and footers: appending from
    // empty reallocated and copied it about log₂ of its size times (an eighth of a
    // resize-and-query's instructions), and reserving section by section would copy it once a
    // section — O(n · s) for a rect that meets every section.
    return withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: last - first) { met in
      var bound = 2 * (last - first)
      for index in first..<last {
        let start = bounds[index - first]
        // The array read, not the section copied (which would retain each of its arrays).
        let (lines, itemCount) = (sections[index].lines, sections[index].numberOfItems)
        // Invariant: lines before `line` end before `low` (line extents never decrease) …
        let line = partitioningIndex(lines.count) {
          start + (relativeStart($0, of: index) + Position(lines[$0].broken.thickness)) >= low
        }
        // … and lines from `end` on start past `high` (line starts never decrease).
        let end =
          line
          + partitioningIndex(lines.count - line) {
            start + relativeStart(line + $0, of: index) > high
          }
        met.initializeElement(at: index - first, to: line..<end)
        bound +=
          (end < lines.count ? lines[end].broken.firstItem : itemCount)
          - (line < lines.count ? lines[line].broken.firstItem : itemCount)
      }
      var result: [LayoutAttributes] = []
      result.reserveCapacity(bound)
      for index in first..<last {
        let start = bounds[index - first]
        let items = FlowItemSizes(section: index, of: model.sections, layout: model.layout)
        // Sizes per item (a mixed section but one size with exceptions) read from their
        // buffer, unchecked: the lines hold the section's items, as many as it has sizes.
        let fromBuffer: Void? = items.withUnsafeSizes { sizes in
          precondition(sections[index].numberOfItems <= sizes.count)
          sections[index].appendCells(
            ofLines: met[index - first], section: index, start: start, meeting: rect, geometry,
            size: { sizes[$0] }, to: &result, counting: &counters)
        }
        if fromBuffer == nil {
          sections[index].appendCells(
            ofLines: met[index - first], section: index, start: start, meeting: rect, geometry,
            size: { items[$0] }, to: &result, counting: &counters)
        }
      }
      geometry.appendSupplementaryViews(
        of: first..<last, meeting: rect, to: &result, counters: &counters
      ) { record(of: $0, start: bounds[$0 - first], end: bounds[$0 - first + 1]) }
      return result
    }
  }

  /// - Complexity: O(log s + log l + items before it on its line): the section's start read
  ///   from the tree, the item's line binary-searched, and in a mixed section the line's cells
  ///   placed up to the item (each starts where the one before ends).
  func item(at indexPath: LayoutIndexPath, model: FlowLayoutModel) -> LayoutAttributes? {
    guard sections.indices.contains(indexPath.section) else { return nil }
    let items = FlowItemSizes(section: indexPath.section, of: model.sections, layout: model.layout)
    // The section read in place: bound to a constant, it was copied (its arrays retained).
    guard
      let frame = sections[indexPath.section].frame(
        ofItem: indexPath.item, sectionStart: start(of: indexPath.section), geometry,
        size: { items[$0] })
    else { return nil }
    return LayoutAttributes(kind: .cell, indexPath: indexPath, frame: frame, zIndex: 0)
  }

  /// - Complexity: O(log s): the section's start read from the tree.
  func supplementaryView(ofKind kind: ElementKind, at indexPath: LayoutIndexPath)
    -> LayoutAttributes?
  {
    guard indexPath.item == 0, sections.indices.contains(indexPath.section),
      let frame = geometry.supplementaryFrame(kind, of: record(of: indexPath.section))
    else { return nil }
    return LayoutAttributes(
      kind: kind, indexPath: indexPath, frame: frame,
      zIndex: LayoutAttributes.supplementaryViewZIndex)
  }
}
