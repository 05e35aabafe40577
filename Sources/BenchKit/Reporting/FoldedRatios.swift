/// The same-run ratios as a report shows them: the failing and near-floor ones in full, the
/// rest folded into a line.
public struct FoldedRatios: Sendable {
  /// Failing, near their floor (within `ReportSummary.nearFloorMargin`), in the file's order.
  public var shown: [RatioResult]
  /// Gated ratios comfortably above their floors.
  public var aboveFloors: [RatioResult]
  /// Ratios shown without a floor.
  public var notGated: [RatioResult]

  public init(_ ratios: [RatioResult]) {
    // Written as "not comfortably above" so that a ratio that is not a number is shown.
    func comfortable(_ ratio: RatioResult) -> Bool {
      ratio.ratio >= ratio.floor * ReportSummary.nearFloorMargin
    }
    shown = ratios.filter { $0.isGated && !comfortable($0) }
    aboveFloors = ratios.filter { $0.isGated && comfortable($0) }
    notGated = ratios.filter { !$0.isGated }
  }

  /// "96 ratios above their floors (each ≥ 1.25× its floor; closest: … 3.1× its floor)", or nil.
  public var foldedLine: String? {
    guard !aboveFloors.isEmpty else { return nil }
    let closest = aboveFloors.min { $0.ratio / $0.floor < $1.ratio / $1.floor }
    let margin = closest.map {
      "; closest: \($0.label) on \($0.dataset), \(Formatting.ratio($0.ratio / $0.floor)) its floor"
    }
    return "\(aboveFloors.count) ratio\(aboveFloors.count == 1 ? "" : "s") above their floors"
      + " (each ≥ \(Formatting.ratio(ReportSummary.nearFloorMargin)) its floor\(margin ?? ""))"
  }

  /// "9 ratios shown, not gated: 0.85×–1.52×", or nil.
  public var notGatedLine: String? {
    guard let low = notGated.map(\.ratio).min(), let high = notGated.map(\.ratio).max() else {
      return nil
    }
    let labels = orderedUnique(notGated.map(\.label)).joined(separator: "; ")
    return
      "\(notGated.count) ratio\(notGated.count == 1 ? "" : "s") not gated (\(labels)): \(Formatting.ratio(low))–\(Formatting.ratio(high))"
  }
}
