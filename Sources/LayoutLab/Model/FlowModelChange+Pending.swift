import Foundation

extension FlowModelChange {
  /// Records `change` for the next `prepare()` of a strategy that lays out only what changed
  /// (incremental, run-length). A pure scroll or a data change is kept in `pending`; new
  /// delegate metrics, a cross-axis bounds change, a change before the first layout, or a second
  /// data change before `prepare()` sets `needsFullLayout` instead, because composing two data
  /// changes would cost what laying everything out again costs.
  ///
  /// - Complexity: O(1).
  static func record(
    _ change: FlowModelChange, hasLayout: Bool, pending: inout FlowModelChange?,
    needsFullLayout: inout Bool
  ) {
    if change.relayoutEverything || change.bounds == .relayout || !hasLayout {
      needsFullLayout = true
    } else if let earlier = pending {
      // Two changes before a prepare: compose them only when the later one is a pure scroll.
      if change.sections.isEmpty {
        pending = FlowModelChange(
          relayoutEverything: false, sections: earlier.sections,
          bounds: change.bounds == .none ? earlier.bounds : change.bounds)
      } else {
        needsFullLayout = true
      }
    } else if !change.sections.isEmpty || change.bounds != .none {
      pending = change
    }
  }
}
