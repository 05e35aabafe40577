import Foundation

/// Recomputes only what a change affects. Each section is kept relative to its own start (lines
/// with where they start, cells with where they sit in their line), so:
///
/// - a resize, insertion or deletion in section s re-breaks lines of s from the line before
///   the change until a line starts where an old one did, keeps the old lines after it and
///   only recomputes where they start (`IncrementalSection.update`, which resumes the engine's
///   own line loop);
/// - later sections move by recomputing where they start — O(1) per section, no item touched;
/// - a pure scroll touches only pinned headers and footers, which are placed at query time;
/// - a cross-axis bounds change (a rotation) lays everything out again.
///
/// Frames are rebuilt at query time from the kept placements with the engine's own formula, so
/// they equal a full layout's bit for bit, pixel rounding included. Where a line or section
/// starts is recomputed by the same additions a full layout makes (not by adding a delta),
/// because a difference in the last bit can round a frame to another pixel (FLOW-21).
public struct IncrementalLayout: FlowLayoutStrategy {
  public static let strategyName = "incremental"

  public private(set) var model: FlowLayoutModel
  public private(set) var workCounters = LayoutWorkCounters()
  private var state: State?
  /// What changed since `state` was prepared, if it can be applied incrementally.
  private var pending: FlowModelChange?
  private var needsFullLayout = true
  /// Where sums of positions cannot be proved exact in `Double`s, the layout that answers
  /// instead (docs/FlowRules.md, "Exact positions").
  private var exact: ExactPositionFallback

  struct State: Sendable {
    var geometry: FlowGeometry
    var sections: ContiguousArray<IncrementalSection>
    /// Where each section starts along the scroll axis (logical coordinates).
    var starts: ContiguousArray<Double>
    var contentSize: CGSize
  }

  /// - Complexity: O(n) to validate the model.
  public init(model: FlowLayoutModel) throws(LayoutError) {
    try model.validate()
    self.model = model
    exact = ExactPositionFallback(model)
  }

  /// Applies what changed since the last `prepare()`: everything after a relayout-class change,
  /// otherwise only the sections and lines the change touched.
  ///
  /// - Complexity: O(n + s) for a full layout; for a change inside one mixed section, O(items
  ///   on the re-broken lines + lines after them in that section + sections after it).
  public mutating func prepare() {
    if exact.unit == nil, exact.prepare(model, counters: &workCounters) {
      pending = nil
      return
    }
    if needsFullLayout || state == nil {
      fullLayout()
    } else if let change = pending {
      applyIncrementally(change)
    }
    pending = nil
    needsFullLayout = false
    if let state, exact.unit != nil {
      exact.check(contentSize: state.contentSize, of: model, counters: &workCounters)
    }
  }

  private mutating func fullLayout() {
    let engine = FlowLayoutEngine(model)
    var counters = engine.measuringCounters
    var sections = ContiguousArray<IncrementalSection>()
    if !engine.geometry.isEmpty {
      sections.reserveCapacity(model.sections.count)
      for index in model.sections.indices {
        sections.append(IncrementalSection(laidOutBy: engine, section: index, counters: &counters))
      }
    }
    var state = State(geometry: engine.geometry, sections: sections, starts: [], contentSize: .zero)
    state.restack(from: 0, engine: engine, counters: &counters)
    self.state = state
    workCounters += counters
  }

  private mutating func applyIncrementally(_ change: FlowModelChange) {
    guard var state = state, !state.geometry.isEmpty else { return fullLayout() }
    // The state's arrays are changed in place only if `self` no longer holds them too.
    self.state = nil
    let engine = FlowLayoutEngine(model, measuringMirrorWidth: false)
    var counters = LayoutWorkCounters()
    var firstMoved = Int.max
    if change.sections.structureChanged {
      var sections = ContiguousArray<IncrementalSection>()
      sections.reserveCapacity(change.sections.sections.count)
      for origin in change.sections.sections {
        switch origin {
        case .inserted: sections.append(IncrementalSection())
        case .existing(let old, _, _, _): sections.append(state.sections[old])
        }
      }
      state.sections = sections
    }
    change.sections.forEachChange { index, origin in
      switch origin {
      case .inserted:
        state.sections[index] = IncrementalSection(
          laidOutBy: engine, section: index, counters: &counters)
        firstMoved = min(firstMoved, index)
      case .existing(_, let firstChanged?, let lastChanged, let delta):
        if !state.sections[index].update(
          by: engine, section: index, firstChanged: firstChanged, lastChanged: lastChanged,
          delta: delta, counters: &counters)
        {
          state.sections[index] = IncrementalSection(
            laidOutBy: engine, section: index, counters: &counters)
        }
        firstMoved = min(firstMoved, index)
      case .existing(let old, nil, _, _):
        if old != index { firstMoved = min(firstMoved, index) }
      }
    }
    if change.sections.structureChanged { firstMoved = 0 }
    // New geometry: FLOW-24's visible rect may have moved.
    state.geometry = engine.geometry
    if firstMoved != Int.max {
      state.restack(from: firstMoved, engine: engine, counters: &counters)
    } else if !state.geometry.isVertical && state.geometry.isRightToLeft {
      state.geometry.mirrorWidth = state.contentLength(paddingAfter: state.geometry.paddingAfter)
    }
    self.state = state
    workCounters += counters
  }

  public mutating func resetWorkCounters() { workCounters = LayoutWorkCounters() }

  /// Traps if a prepared section breaks its invariants or sections do not follow each other
  /// (debug builds only; see `IncrementalSection.checkInvariants()`). Tests call it after
  /// updates.
  ///
  /// - Complexity: O(lines) in debug builds.
  func checkInvariants() {
    guard let state else { return }
    for section in state.sections { section.checkInvariants() }
    precondition(state.starts.count == state.sections.count, "a section without a start")
    for index in state.sections.indices.dropFirst() {
      precondition(
        state.starts[index] == state.end(of: index - 1), "section \(index) is not restacked")
    }
  }

  private var prepared: State {
    guard let state, pending == nil, !needsFullLayout else {
      preconditionFailure("query before prepare()")
    }
    return state
  }

  /// - Complexity: O(1).
  public var collectionViewContentSize: CGSize {
    if exact.unit == nil, let fallback = exact.layout { return fallback.collectionViewContentSize }
    return prepared.contentSize
  }

  /// - Complexity: O(log s + log l + k), like `BinarySearchLayout`: sections, then lines,
  ///   binary-searched; k counts the items of the lines that meet the rect along the scroll axis.
  public func layoutAttributesForElements(
    in rect: CGRect, counting counters: inout LayoutWorkCounters
  ) -> [LayoutAttributes] {
    if exact.unit == nil, let fallback = exact.layout {
      counters.exactPositionFallbacks += 1
      return fallback.layoutAttributesForElements(in: rect, counting: &counters)
    }
    let rect = rect.standardized
    let state = prepared
    let geometry = state.geometry
    let (queryMin, queryMax) = geometry.logicalScrollRange(of: rect)
    let slack = geometry.searchSlack(from: queryMin, to: queryMax)
    let (low, high) = (queryMin - slack, queryMax + slack)
    let sections = state.sections
    // Invariant: sections before `first` end before `low` (ends never decrease).
    let first = partitioningIndex(sections.count) { state.end(of: $0) >= low }
    var last = first
    while last < sections.count && state.starts[last] <= high { last += 1 }

    var result: [LayoutAttributes] = []
    for index in first..<last {
      let section = sections[index]
      let start = state.starts[index]
      let lines = section.lines
      // Invariant: lines before `line` end before `low` (line extents never decrease).
      var line = partitioningIndex(lines.count) {
        start + (lines[$0].start + lines[$0].broken.thickness) >= low
      }
      while line < lines.count && start + lines[line].start <= high {
        let stored = lines[line]
        counters.elementsScanned += stored.broken.itemCount
        for item in stored.broken.firstItem..<stored.broken.endItem {
          let frame = geometry.cellFrame(
            section.cells[item], sectionStart: start, lineStart: stored.start)
          if frame.touchesOrIntersects(rect) {
            result.append(
              LayoutAttributes(
                kind: .cell, indexPath: LayoutIndexPath(item: item, section: index), frame: frame,
                zIndex: 0))
          }
        }
        line += 1
      }
    }
    geometry.appendSupplementaryViews(
      of: first..<last, meeting: rect, to: &result, counters: &counters
    ) { state.record(of: $0) }
    return result
  }

  /// - Complexity: O(log l): the item's line is binary-searched.
  public func layoutAttributesForItem(at indexPath: LayoutIndexPath) -> LayoutAttributes? {
    if exact.unit == nil, let fallback = exact.layout {
      return fallback.layoutAttributesForItem(at: indexPath)
    }
    let state = prepared
    guard state.sections.indices.contains(indexPath.section) else { return nil }
    let section = state.sections[indexPath.section]
    guard (0..<section.numberOfItems).contains(indexPath.item) else { return nil }
    let line = section.lines[section.lineIndex(holding: indexPath.item)]
    let frame = state.geometry.cellFrame(
      section.cells[indexPath.item], sectionStart: state.starts[indexPath.section],
      lineStart: line.start)
    return LayoutAttributes(kind: .cell, indexPath: indexPath, frame: frame, zIndex: 0)
  }

  /// - Complexity: O(1).
  public func layoutAttributesForSupplementaryView(
    ofKind kind: ElementKind, at indexPath: LayoutIndexPath
  ) -> LayoutAttributes? {
    if exact.unit == nil, let fallback = exact.layout {
      return fallback.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }
    let state = prepared
    guard indexPath.item == 0, state.sections.indices.contains(indexPath.section),
      let frame = state.geometry.supplementaryFrame(kind, of: state.record(of: indexPath.section))
    else { return nil }
    return LayoutAttributes(
      kind: kind, indexPath: indexPath, frame: frame,
      zIndex: LayoutAttributes.supplementaryViewZIndex)
  }

  /// Records what changed for the next `prepare()`: a pure scroll or a data change is applied
  /// incrementally; everything else — new delegate metrics, a cross-axis bounds change, or a
  /// second change before `prepare()` — lays everything out again.
  ///
  /// - Complexity: that of `FlowLayoutModel.apply(_:)`: O(k log k) for k resizes.
  public mutating func invalidateLayout(
    with context: LayoutInvalidationContext
  ) throws(LayoutError) {
    let change = try model.apply(context)
    FlowModelChange.record(
      change, hasLayout: state != nil, pending: &pending, needsFullLayout: &needsFullLayout)
    // The fallback's own layout applies the context too; while it answered, `state` was not
    // kept up to date.
    if try exact.invalidate(with: context, model: model) || exact.layout != nil {
      needsFullLayout = true
    }
  }
}

extension IncrementalLayout.State {
  /// Where section `index` ends: the same addition the engine makes.
  @inline(__always)
  func end(of index: Int) -> Double { starts[index] + sections[index].length }

  func record(of index: Int) -> FlowSectionRecord {
    let section = sections[index]
    return FlowSectionRecord(
      start: starts[index], end: end(of: index), headerLength: section.headerLength,
      footerLength: section.footerLength, numberOfItems: section.numberOfItems)
  }

  /// The content length along the scroll axis: what horizontal right-to-left layouts mirror in.
  func contentLength(paddingAfter: Double) -> Double {
    guard let last = sections.indices.last else { return 0 }
    return end(of: last) + paddingAfter
  }

  /// Recomputes where sections `first...` start — the engine's additions, in its order — and
  /// the content size.
  ///
  /// - Complexity: O(s − first); no item is touched.
  mutating func restack(
    from first: Int, engine: FlowLayoutEngine, counters: inout LayoutWorkCounters
  ) {
    if starts.count != sections.count {
      starts = ContiguousArray(repeating: 0, count: sections.count)
    }
    var position = first == 0 ? geometry.paddingBefore : end(of: first - 1)
    for index in first..<sections.count {
      starts[index] = position
      position = end(of: index)
    }
    counters.sectionsShifted += sections.count - first
    let length = sections.isEmpty || geometry.isEmpty ? 0 : position + geometry.paddingAfter
    if !geometry.isVertical && geometry.isRightToLeft { geometry.mirrorWidth = length }
    contentSize = engine.contentSize(length: length)
  }
}

extension IncrementalLayout {
  /// The strategy in `LayoutRegistry`.
  public static let descriptor = LayoutDescriptor.flow(
    IncrementalLayout.self, summary: "relative cache; an update recomputes only what changed",
    complexity: LayoutComplexity(
      prepare: "O(n)", rectQuery: "O(log lines + answer)", itemLookup: "O(log lines)",
      update: "only what changed"))
}
