import Foundation
import LayoutLab
import Testing

/// UIKit's `performBatchUpdates` index rules, with explicit expected data, and the rule that a
/// rejected batch leaves a layout exactly as it was.
@Suite("Batch update rules")
struct BatchSemanticsTests {
  /// Items named by their widths, so the tests can read which item went where.
  static func model(_ widths: [[Double]]) -> FlowLayoutModel {
    FlowLayoutModel(
      collectionView: CollectionViewEnvironment(
        size: CGSize(width: 320, height: 480), displayScale: 0),
      sections: widths.map { FlowSection(itemSizes: $0.map { CGSize(width: $0, height: 10) }) })
  }

  static func widths(_ model: FlowLayoutModel) -> [[Double]] {
    model.sections.map { section in
      (0..<section.numberOfItems).map { item -> Double in
        switch section.itemSizing {
        case .perItem(let sizes): sizes[item].width
        case .fixed(_, let size): (size ?? model.layout.itemSize).width
        }
      }
    }
  }

  @Test("deletions name items before the batch, insertions after it")
  func deletionsBeforeInsertionsAfter() throws {
    let before = Self.model([[1, 2, 3, 4]])
    // Delete items 0 and 2 (widths 1 and 3) → [2, 4]; then insert at 0 and at 2 → [5, 2, 6, 4].
    let batch = BatchUpdate(
      deleteItems: [LayoutIndexPath(item: 2, section: 0), LayoutIndexPath(item: 0, section: 0)],
      insertItems: [
        BatchUpdate.ItemInsertion(
          at: LayoutIndexPath(item: 2, section: 0), size: CGSize(width: 6, height: 10)),
        BatchUpdate.ItemInsertion(
          at: LayoutIndexPath(item: 0, section: 0), size: CGSize(width: 5, height: 10)),
      ])
    let (after, changes) = try before.applying(batch)
    #expect(Self.widths(after) == [[5, 2, 6, 4]])
    #expect(
      changes.sections == [.existing(old: 0, firstChangedItem: 0, lastChangedItem: 2, itemDelta: 0)]
    )
  }

  @Test("a move takes its size from the source (before) to the destination (after)")
  func moves() throws {
    let before = Self.model([[1, 2, 3], [7, 8]])
    let batch = BatchUpdate(moveItems: [
      BatchUpdate.ItemMove(
        from: LayoutIndexPath(item: 0, section: 0), to: LayoutIndexPath(item: 1, section: 1)),
      BatchUpdate.ItemMove(
        from: LayoutIndexPath(item: 1, section: 1), to: LayoutIndexPath(item: 2, section: 0)),
    ])
    // Section 0 loses 1, gains 8 at index 2: [2, 3, 8]; section 1 loses 8, gains 1 at 1: [7, 1].
    #expect(Self.widths(try before.applying(batch).model) == [[2, 3, 8], [7, 1]])
  }

  @Test("sections: deletions before the batch, insertions at their indexes after it")
  func sections() throws {
    let before = Self.model([[1], [2], [3]])
    let batch = BatchUpdate(
      deleteSections: [0, 2],
      insertSections: [
        BatchUpdate.SectionInsertion(
          at: 0, section: FlowSection(itemSizes: [CGSize(width: 9, height: 10)])),
        BatchUpdate.SectionInsertion(at: 2, section: FlowSection(items: 0)),
      ])
    let (after, changes) = try before.applying(batch)
    #expect(Self.widths(after) == [[9], [2], []])
    #expect(changes.structureChanged)
    #expect(changes.sections[0] == .inserted && changes.sections[2] == .inserted)
    #expect(
      changes.sections[1]
        == .existing(old: 1, firstChangedItem: nil, lastChangedItem: -1, itemDelta: 0))
  }

  @Test("resizes and insertions name items after the batch; reloads keep sizes")
  func resizesAfterTheBatch() throws {
    let before = Self.model([[1, 2, 3]])
    let batch = BatchUpdate(
      deleteItems: [LayoutIndexPath(item: 0, section: 0)],
      reloadItems: [LayoutIndexPath(item: 1, section: 0)],
      resizeItems: [
        BatchUpdate.ItemResize(
          at: LayoutIndexPath(item: 0, section: 0), size: CGSize(width: 20, height: 10))
      ])
    // After deleting width 1, item 0 is the old item 1 (width 2), resized to 20.
    #expect(Self.widths(try before.applying(batch).model) == [[20, 3]])
  }

  @Test("an insertion without a size takes the section's one size")
  func insertionWithoutSize() throws {
    var before = Self.model([])
    before.sections = [FlowSection(items: 2, itemSize: CGSize(width: 30, height: 30))]
    let batch = BatchUpdate(insertItems: [
      BatchUpdate.ItemInsertion(at: LayoutIndexPath(item: 2, section: 0))
    ])
    let after = try before.applying(batch).model
    #expect(
      after.sections[0].itemSizing == .fixed(count: 3, itemSize: CGSize(width: 30, height: 30)))
  }

  /// Each invalid batch, and the field its error must name.
  static let invalidBatches: [(name: String, batch: BatchUpdate, field: String)] = [
    ("delete a section that does not exist", BatchUpdate(deleteSections: [2]), "deleteSections[0]"),
    ("delete a section twice", BatchUpdate(deleteSections: [0, 0]), "deleteSections[1]"),
    (
      "delete an item that does not exist",
      BatchUpdate(deleteItems: [LayoutIndexPath(item: 3, section: 0)]), "deleteItems[0]"
    ),
    (
      "delete an item in a missing section",
      BatchUpdate(deleteItems: [LayoutIndexPath(item: 0, section: 5)]), "deleteItems[0]"
    ),
    (
      "delete a negative item", BatchUpdate(deleteItems: [LayoutIndexPath(item: -1, section: 0)]),
      "deleteItems[0]"
    ),
    (
      "delete an item twice",
      BatchUpdate(deleteItems: [
        LayoutIndexPath(item: 0, section: 0), LayoutIndexPath(item: 0, section: 0),
      ]), "deleteItems[1]"
    ),
    (
      "delete an item twice, then one that does not exist",
      BatchUpdate(deleteItems: [
        LayoutIndexPath(item: 0, section: 0), LayoutIndexPath(item: 0, section: 0),
        LayoutIndexPath(item: 9, section: 0),
      ]), "deleteItems[1]"
    ),
    (
      "delete one that does not exist, then an item twice",
      BatchUpdate(deleteItems: [
        LayoutIndexPath(item: 1, section: 0), LayoutIndexPath(item: 9, section: 0),
        LayoutIndexPath(item: 1, section: 0),
      ]), "deleteItems[1]"
    ),
    (
      "delete an item, then move it, then delete one that does not exist",
      BatchUpdate(
        deleteItems: [LayoutIndexPath(item: 2, section: 0), LayoutIndexPath(item: 7, section: 0)],
        moveItems: [
          BatchUpdate.ItemMove(
            from: LayoutIndexPath(item: 2, section: 0), to: LayoutIndexPath(item: 0, section: 0))
        ]), "deleteItems[1]"
    ),
    (
      "insert twice at one index path, the second without a size",
      BatchUpdate(insertItems: [
        BatchUpdate.ItemInsertion(
          at: LayoutIndexPath(item: 0, section: 0), size: CGSize(width: 1, height: 1)),
        BatchUpdate.ItemInsertion(at: LayoutIndexPath(item: 0, section: 0)),
      ]), "insertItems[1].at"
    ),
    (
      "insert into a missing section, then twice at one index path",
      BatchUpdate(insertItems: [
        BatchUpdate.ItemInsertion(
          at: LayoutIndexPath(item: 0, section: 0), size: CGSize(width: 1, height: 1)),
        BatchUpdate.ItemInsertion(
          at: LayoutIndexPath(item: 0, section: 5), size: CGSize(width: 1, height: 1)),
        BatchUpdate.ItemInsertion(
          at: LayoutIndexPath(item: 0, section: 0), size: CGSize(width: 1, height: 1)),
      ]), "insertItems[1].at"
    ),
    (
      "insert at an index path a move also lands on",
      BatchUpdate(
        insertItems: [
          BatchUpdate.ItemInsertion(
            at: LayoutIndexPath(item: 1, section: 0), size: CGSize(width: 1, height: 1))
        ],
        moveItems: [
          BatchUpdate.ItemMove(
            from: LayoutIndexPath(item: 0, section: 0), to: LayoutIndexPath(item: 1, section: 0))
        ]), "moveItems[0].to"
    ),
    (
      "reload an item twice",
      BatchUpdate(reloadItems: [
        LayoutIndexPath(item: 1, section: 0), LayoutIndexPath(item: 1, section: 0),
      ]), "reloadItems[1]"
    ),
    (
      "delete an item of a deleted section",
      BatchUpdate(deleteSections: [0], deleteItems: [LayoutIndexPath(item: 0, section: 0)]),
      "deleteItems[0]"
    ),
    (
      "insert an item past the end after the batch",
      BatchUpdate(insertItems: [
        BatchUpdate.ItemInsertion(
          at: LayoutIndexPath(item: 4, section: 0), size: CGSize(width: 1, height: 1))
      ]), "insertItems[0].at"
    ),
    (
      "insert an item into a missing section",
      BatchUpdate(insertItems: [
        BatchUpdate.ItemInsertion(
          at: LayoutIndexPath(item: 0, section: 2), size: CGSize(width: 1, height: 1))
      ]), "insertItems[0].at"
    ),
    (
      "insert two items at one index path",
      BatchUpdate(insertItems: [
        BatchUpdate.ItemInsertion(
          at: LayoutIndexPath(item: 0, section: 0), size: CGSize(width: 1, height: 1)),
        BatchUpdate.ItemInsertion(
          at: LayoutIndexPath(item: 0, section: 0), size: CGSize(width: 1, height: 1)),
      ]), "insertItems[1].at"
    ),
    (
      "insert without a size into a per-item section",
      BatchUpdate(insertItems: [BatchUpdate.ItemInsertion(at: LayoutIndexPath(item: 0, section: 0))]
      ), "insertItems[0].size"
    ),
    (
      "insert with a negative size",
      BatchUpdate(insertItems: [
        BatchUpdate.ItemInsertion(
          at: LayoutIndexPath(item: 0, section: 0), size: CGSize(width: -1, height: 1))
      ]), "insertItems[0].size.width"
    ),
    (
      "insert a section past the end",
      BatchUpdate(insertSections: [
        BatchUpdate.SectionInsertion(at: 3, section: FlowSection(items: 1))
      ]), "insertSections[0].at"
    ),
    (
      "insert a section with a bad size",
      BatchUpdate(insertSections: [
        BatchUpdate.SectionInsertion(
          at: 0, section: FlowSection(itemSizes: [CGSize(width: Double.nan, height: 1)]))
      ]), "insertSections[0].section.itemSizes[0].width"
    ),
    (
      "move from an item that does not exist",
      BatchUpdate(moveItems: [
        BatchUpdate.ItemMove(
          from: LayoutIndexPath(item: 9, section: 0), to: LayoutIndexPath(item: 0, section: 0))
      ]), "moveItems[0].from"
    ),
    (
      "move to an index path past the end",
      BatchUpdate(moveItems: [
        BatchUpdate.ItemMove(
          from: LayoutIndexPath(item: 0, section: 0), to: LayoutIndexPath(item: 3, section: 0))
      ]), "moveItems[0].to"
    ),
    (
      "move and delete the same item",
      BatchUpdate(
        deleteItems: [LayoutIndexPath(item: 1, section: 0)],
        moveItems: [
          BatchUpdate.ItemMove(
            from: LayoutIndexPath(item: 1, section: 0), to: LayoutIndexPath(item: 0, section: 1))
        ]), "moveItems[0].from"
    ),
    (
      "reload an item that does not exist",
      BatchUpdate(reloadItems: [LayoutIndexPath(item: 0, section: 1)]), "reloadItems[0]"
    ),
    (
      "reload a deleted item",
      BatchUpdate(
        deleteItems: [LayoutIndexPath(item: 0, section: 0)],
        reloadItems: [LayoutIndexPath(item: 0, section: 0)]), "reloadItems[0]"
    ),
    (
      "resize an item that does not exist after the batch",
      BatchUpdate(
        deleteItems: [LayoutIndexPath(item: 2, section: 0)],
        resizeItems: [
          BatchUpdate.ItemResize(
            at: LayoutIndexPath(item: 2, section: 0), size: CGSize(width: 1, height: 1))
        ]), "resizeItems[0].at"
    ),
    (
      "resize to an infinite size",
      BatchUpdate(resizeItems: [
        BatchUpdate.ItemResize(
          at: LayoutIndexPath(item: 0, section: 0), size: CGSize(width: 1, height: Double.infinity))
      ]), "resizeItems[0].size.height"
    ),
    (
      "resize an item twice",
      BatchUpdate(resizeItems: [
        BatchUpdate.ItemResize(
          at: LayoutIndexPath(item: 0, section: 0), size: CGSize(width: 1, height: 1)),
        BatchUpdate.ItemResize(
          at: LayoutIndexPath(item: 0, section: 0), size: CGSize(width: 2, height: 1)),
      ]), "resizeItems[1].at"
    ),
    (
      "bounds with a negative size", BatchUpdate(boundsSize: CGSize(width: -10, height: 10)),
      "bounds.size.width"
    ),
  ]

  @Test(
    "a rejected batch names the offending entry and leaves every strategy exactly as it was",
    arguments: invalidBatches.indices, FlowStrategies.all.map { $0.strategyName })
  func rejectedBatchKeepsState(index: Int, strategy: String) throws {
    let (name, batch, field) = Self.invalidBatches[index]
    // Section 0 has 3 items of different sizes; section 1 is empty.
    let model = Self.model([[100, 120, 140], []])
    var layout = try FlowStrategies.make(try #require(FlowStrategies.named(strategy)), model: model)
    layout.prepare()
    let dumpBefore = layout.layoutAttributesForAllElements()
    let sizeBefore = layout.collectionViewContentSize
    do {
      try layout.performBatchUpdates(batch)
      Issue.record("\(name): accepted")
    } catch {
      #expect(error.field == field, "\(name): \(error)")
    }
    #expect(layout.model == model, "\(name): the model changed")
    layout.prepare()
    #expect(layout.layoutAttributesForAllElements() == dumpBefore, "\(name)")
    #expect(layout.collectionViewContentSize == sizeBefore, "\(name)")
    // And the layout still works: a valid batch goes through afterwards.
    try layout.performBatchUpdates(BatchUpdate(deleteItems: [LayoutIndexPath(item: 0, section: 0)]))
    layout.prepare()
    #expect(layout.layoutAttributesForAllElements().count == 2)
  }
}
