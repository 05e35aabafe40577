/// Deterministic counts of the work a layout did: what tests assert complexity with and what
/// the benchmark harness gates on exactly (they do not vary from run to run, unlike time).
public struct LayoutWorkCounters: Hashable, Sendable {
  /// Cell, header and footer frames computed by the flow rules.
  public var framesComputed = 0
  /// Lines broken and placed (FLOW-9…15), FLOW-11's empty line included.
  public var linesBroken = 0
  /// Sections laid out (FLOW-16), in full or in part.
  public var sectionsLaidOut = 0
  /// Frames tested against a query rect.
  public var elementsScanned = 0
  /// Lines moved along the scroll axis without being broken or placed again (incremental
  /// updates keep them and recompute only where they start).
  public var linesShifted = 0
  /// Sections whose start was recomputed without laying them out again.
  public var sectionsShifted = 0
  /// Nodes of a tree of prefix sums changed to move what follows a change (`PrefixSumTree`):
  /// O(log s) per changed section, instead of a shift per later section.
  public var treeNodesTouched = 0
  /// Prepares and rect queries that the exact-position fallback answered instead of the
  /// strategy itself (`ExactPositionFallback`; docs/FlowRules.md, "Exact positions"): where
  /// positions are off the grid that proves `Double` sums exact, run-length answers through an
  /// incremental layout of exact positions, and the other counters are that layout's work.
  /// Zero on the grid — every built-in dataset.
  public var exactPositionFallbacks = 0

  public init(
    framesComputed: Int = 0, linesBroken: Int = 0, sectionsLaidOut: Int = 0,
    elementsScanned: Int = 0, linesShifted: Int = 0, sectionsShifted: Int = 0,
    treeNodesTouched: Int = 0, exactPositionFallbacks: Int = 0
  ) {
    self.framesComputed = framesComputed
    self.linesBroken = linesBroken
    self.sectionsLaidOut = sectionsLaidOut
    self.elementsScanned = elementsScanned
    self.linesShifted = linesShifted
    self.sectionsShifted = sectionsShifted
    self.treeNodesTouched = treeNodesTouched
    self.exactPositionFallbacks = exactPositionFallbacks
  }

  public static func + (a: Self, b: Self) -> Self {
    Self(
      framesComputed: a.framesComputed + b.framesComputed,
      linesBroken: a.linesBroken + b.linesBroken,
      sectionsLaidOut: a.sectionsLaidOut + b.sectionsLaidOut,
      elementsScanned: a.elementsScanned + b.elementsScanned,
      linesShifted: a.linesShifted + b.linesShifted,
      sectionsShifted: a.sectionsShifted + b.sectionsShifted,
      treeNodesTouched: a.treeNodesTouched + b.treeNodesTouched,
      exactPositionFallbacks: a.exactPositionFallbacks + b.exactPositionFallbacks)
  }

  public static func += (a: inout Self, b: Self) { a = a + b }

  /// The counters by name, for reports.
  public var named: [(name: String, value: Int)] {
    [
      ("framesComputed", framesComputed), ("linesBroken", linesBroken),
      ("sectionsLaidOut", sectionsLaidOut), ("elementsScanned", elementsScanned),
      ("linesShifted", linesShifted), ("sectionsShifted", sectionsShifted),
      ("treeNodesTouched", treeNodesTouched), ("exactPositionFallbacks", exactPositionFallbacks),
    ]
  }
}
