import Foundation

/// The reference strategy: keeps nothing, so every query lays out every section again through
/// the engine and filters the result linearly. The simplest thing that can be right; the other
/// strategies are checked against it.
public struct NaiveLinearLayout: FlowLayoutStrategy {
  public static let strategyName = "naive-linear"

  public private(set) var model: FlowLayoutModel
  /// The unit every scroll-axis summand is a whole number of, while `Double` sums of positions
  /// can be proved exact (`FlowLayoutModel.scrollAxisExactUnit`); nil for exact positions
  /// (docs/FlowRules.md, "Exact positions"). Found with the model's validation, kept up to
  /// date by each invalidation from the sizes it brings.
  private var exactUnit: Int?

  /// - Complexity: O(n) to validate the model.
  public init(model: FlowLayoutModel) throws(LayoutError) {
    try model.validate()
    self.model = model
    exactUnit = model.scrollAxisExactUnit
  }

  /// Lays the model out into the sink `makeSink` makes for the engine's geometry: with the
  /// engine's `Double` additions where the unit proves them exact, otherwise — or when the
  /// content turns out too long for the unit's proof, and the fast pass is thrown away — with
  /// exact positions.
  ///
  /// - Complexity: O(n).
  @inline(__always)
  private func layOut<Sink: FlowLayoutSink>(
    _ makeSink: (FlowGeometry) -> Sink
  ) -> (engine: FlowLayoutEngine, sink: Sink, length: Double) {
    if let unit = exactUnit {
      let engine = FlowLayoutEngine(model)
      var sink = makeSink(engine.geometry)
      let length = engine.layout(into: &sink)
      if ExactSums.lengthIsExact(length, unit: unit) { return (engine, sink, length) }
    }
    let engine = FlowLayoutEngine(model, exactPositions: true)
    var sink = makeSink(engine.geometry)
    let length = engine.layout(into: &sink)
    return (engine, sink, length)
  }

  /// Nothing to prepare: nothing is kept.
  ///
  /// - Complexity: O(1).
  public mutating func prepare() {}

  /// Always zero: the reference does its work in its queries, which count it into their
  /// `counting:` argument.
  public var workCounters: LayoutWorkCounters { LayoutWorkCounters() }

  public mutating func resetWorkCounters() {}

  /// - Complexity: O(n): lays everything out.
  public var collectionViewContentSize: CGSize {
    let (engine, _, length) = layOut { _ in FlowMeasuringSink() }
    return engine.contentSize(length: length)
  }

  /// - Complexity: O(n): lays everything out, keeping what meets `rect`.
  public func layoutAttributesForElements(
    in rect: CGRect, counting counters: inout LayoutWorkCounters
  ) -> [LayoutAttributes] {
    let (engine, sink, _) = layOut { FilteringSink(rect: rect.standardized, geometry: $0) }
    counters += engine.measuringCounters + sink.counters
    return sink.cells + sink.headers + sink.footers
  }

  /// - Complexity: O(n): lays everything out to find one cell.
  public func layoutAttributesForItem(at indexPath: LayoutIndexPath) -> LayoutAttributes? {
    guard model.sections.indices.contains(indexPath.section),
      (0..<model.sections[indexPath.section].numberOfItems).contains(indexPath.item)
    else { return nil }
    return layOut { _ in FindingSink(target: indexPath) }.sink.found
  }

  /// - Complexity: O(n): lays everything out to find one section.
  public func layoutAttributesForSupplementaryView(
    ofKind kind: ElementKind, at indexPath: LayoutIndexPath
  ) -> LayoutAttributes? {
    guard kind != .cell, indexPath.item == 0, model.sections.indices.contains(indexPath.section)
    else { return nil }
    let (engine, sink, _) = layOut { _ in FindingSink(target: indexPath) }
    guard let section = sink.section,
      let frame = engine.geometry.supplementaryFrame(kind, of: section)
    else { return nil }
    return LayoutAttributes(
      kind: kind, indexPath: indexPath, frame: frame, zIndex: LayoutAttributes.zIndex(for: kind))
  }

  /// Nothing is kept, so there is nothing to recompute: the next query sees the new data.
  ///
  /// - Complexity: O(1).
  public mutating func invalidateLayout(
    with context: LayoutInvalidationContext
  ) throws(LayoutError) {
    let newModel = try model.applying(context).model
    exactUnit = ExactSums.unit(exactUnit, after: context, model: newModel)
    model = newModel
  }
}

/// Keeps the elements that meet a rect, as the engine produces them.
private struct FilteringSink: FlowLayoutSink {
  var counters = LayoutWorkCounters()
  let rect: CGRect
  let geometry: FlowGeometry
  var cells: [LayoutAttributes] = []
  var headers: [LayoutAttributes] = []
  var footers: [LayoutAttributes] = []

  init(rect: CGRect, geometry: FlowGeometry) {
    self.rect = rect
    self.geometry = geometry
  }

  mutating func appendCell(
    _ frame: CGRect, placement: FlowCellPlacement, item: Int, section: Int
  ) {
    counters.elementsScanned += 1
    if frame.touchesOrIntersects(rect) {
      cells.append(
        LayoutAttributes(
          kind: .cell, indexPath: LayoutIndexPath(item: item, section: section), frame: frame,
          zIndex: 0))
    }
  }

  mutating func appendSection(_ record: FlowSectionRecord, section: Int) {
    for kind in [ElementKind.header, .footer] {
      guard let frame = geometry.supplementaryFrame(kind, of: record, counting: &counters),
        geometry.supplementary(kind, frame: frame, of: record, isVisibleIn: rect)
      else { continue }
      let attributes = LayoutAttributes(
        kind: kind, indexPath: LayoutIndexPath(item: 0, section: section), frame: frame,
        zIndex: LayoutAttributes.zIndex(for: kind))
      if kind == .header { headers.append(attributes) } else { footers.append(attributes) }
    }
  }
}

/// Watches the engine's output for one cell, and for the record of that cell's section.
private struct FindingSink: FlowLayoutSink {
  var counters = LayoutWorkCounters()
  let target: LayoutIndexPath
  var found: LayoutAttributes?
  var section: FlowSectionRecord?

  mutating func appendCell(
    _ frame: CGRect, placement: FlowCellPlacement, item: Int, section: Int
  ) {
    if section == target.section && item == target.item {
      found = LayoutAttributes(kind: .cell, indexPath: target, frame: frame, zIndex: 0)
    }
  }

  mutating func appendSection(_ record: FlowSectionRecord, section: Int) {
    if section == target.section { self.section = record }
  }
}

extension NaiveLinearLayout {
  /// The strategy in `LayoutRegistry`.
  public static let descriptor = LayoutDescriptor.flow(
    NaiveLinearLayout.self, summary: "no cache; every query lays out everything",
    complexity: LayoutComplexity(
      prepare: "O(1)", rectQuery: "O(n)", itemLookup: "O(n)", update: "O(1)"), isReference: true)
}
