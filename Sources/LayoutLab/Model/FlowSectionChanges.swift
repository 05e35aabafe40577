/// How each section after a batch relates to the sections before it: what an incremental
/// strategy needs to know to recompute only what changed.
public struct FlowSectionChanges: Hashable, Sendable {
  public enum Origin: Hashable, Sendable {
    /// A section the batch inserted.
    case inserted
    /// Section `old` before the batch. Items before `firstChangedItem` are untouched; items
    /// after `lastChangedItem` are old items shifted by `itemDelta`. `firstChangedItem` is nil
    /// when nothing in the section changed.
    case existing(old: Int, firstChangedItem: Int?, lastChangedItem: Int, itemDelta: Int)
  }

  /// One entry per section after the batch.
  public var sections: [Origin]
  /// Whether sections were inserted or deleted.
  public var structureChanged: Bool

  /// No section changed.
  public static func unchanged(sectionCount: Int) -> FlowSectionChanges {
    FlowSectionChanges(
      sections: (0..<sectionCount).map {
        .existing(old: $0, firstChangedItem: nil, lastChangedItem: -1, itemDelta: 0)
      },
      structureChanged: false)
  }
}
