import Foundation

/// A section's extent along the scroll axis, in logical coordinates, and what FLOW-24 needs to
/// place its header and footer.
public struct FlowSectionRecord: Hashable, Sendable {
  /// Where the section starts (its header's leading edge) and ends (its footer's trailing edge).
  public var start: Double
  public var end: Double
  public var headerLength: Double
  public var footerLength: Double
  public var numberOfItems: Int
}

/// A line of a section: its items and its extent along the scroll axis (logical coordinates).
/// Extents of successive lines never decrease, across sections too (FLOW-16, FLOW-18).
public struct FlowLine: Hashable, Sendable {
  /// The line's first item, counted within its section.
  public var firstItem: Int
  /// How many items the line holds; 0 for FLOW-11's empty line.
  public var itemCount: Int
  public var start: Double
  public var end: Double
}

/// Where a cell sits within its line, before its section's start is added: enough to rebuild
/// its frame for any section start (`FlowLayoutEngine.cellFrame`).
public struct FlowCellPlacement: Hashable, Sendable {
  /// Position along the line (FLOW-13, FLOW-14).
  public var main: Double
  /// Offset across the line, from the line's start (FLOW-15).
  public var offset: Double
  public var mainLength: Double
  public var thickness: Double
}

/// Receives what the engine computes, in order: per section, its lines and cells (cells in item
/// order, each line before its cells), then the section itself.
protocol FlowLayoutSink {
  /// The engine counts its work here as it goes.
  var counters: LayoutWorkCounters { get set }
  /// Whether the sink keeps cells: one that keeps lines only (and rebuilds cells at query
  /// time) is sent no `appendCell`, and the engine computes no frame for it.
  static var keepsCells: Bool { get }

  /// A cell's final frame (FLOW-20 and FLOW-21 applied), and where it sits in its line.
  mutating func appendCell(_ frame: CGRect, placement: FlowCellPlacement, item: Int, section: Int)
  /// A line, with its start relative to the section's start and how it was broken.
  mutating func appendLine(
    _ line: FlowLine, relativeStart: Double, broken: FlowLayoutEngine.BrokenLine, section: Int)
  mutating func appendSection(_ record: FlowSectionRecord, section: Int)
  /// Lays out the lines of a mixed section itself and returns where its last line ends,
  /// relative to the section's start — for a sink that keeps frames in a flat buffer and has a
  /// faster way than receiving them one call at a time — or nil (the default) to receive them.
  mutating func layoutMixedLines(
    _ engine: FlowLayoutEngine, _ placement: FlowLayoutEngine.SectionPlacement,
    _ items: FlowItemSizes
  ) -> Double?
  /// The same for the lines of a uniform section.
  mutating func layoutUniformLines(
    _ engine: FlowLayoutEngine, _ placement: FlowLayoutEngine.SectionPlacement, itemCount: Int,
    size: CGSize
  ) -> Double?
}

extension FlowLayoutSink {
  static var keepsCells: Bool { true }

  mutating func appendLine(
    _ line: FlowLine, relativeStart: Double, broken: FlowLayoutEngine.BrokenLine, section: Int
  ) {}

  @inline(__always)
  mutating func layoutMixedLines(
    _ engine: FlowLayoutEngine, _ placement: FlowLayoutEngine.SectionPlacement,
    _ items: FlowItemSizes
  ) -> Double? { nil }

  @inline(__always)
  mutating func layoutUniformLines(
    _ engine: FlowLayoutEngine, _ placement: FlowLayoutEngine.SectionPlacement, itemCount: Int,
    size: CGSize
  ) -> Double? { nil }
}

/// A sink that keeps nothing: used to measure sections' lengths.
struct FlowMeasuringSink: FlowLayoutSink {
  var counters = LayoutWorkCounters()
  mutating func appendCell(
    _ frame: CGRect, placement: FlowCellPlacement, item: Int, section: Int
  ) {}
  mutating func appendSection(_ record: FlowSectionRecord, section: Int) {}
}
