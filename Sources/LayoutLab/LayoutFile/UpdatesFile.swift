import Foundation

/// An updates file (docs/LayoutFileFormat.md, "Updates file"): a JSON array of batches, each what one
/// `performBatchUpdates` call does, applied in order.
public struct UpdatesFile: Hashable, Sendable {
  public var batches: [BatchUpdate]

  public init(batches: [BatchUpdate]) { self.batches = batches }

  /// Parses an updates file; errors name the field (`updates[1].deleteItems[0]: …`). Whether
  /// the index paths exist is checked when a batch is applied, against the layout as it is
  /// then.
  public static func decode(_ bytes: [UInt8]) throws(LayoutError) -> UpdatesFile {
    let root = JSONField(value: try JSONParser.parse(bytes), path: "updates")
    var batches: [BatchUpdate] = []
    for field in try root.array() { batches.append(try decodeBatch(field)) }
    return UpdatesFile(batches: batches)
  }

  public static func decode(_ text: String) throws(LayoutError) -> UpdatesFile {
    try decode(Array(text.utf8))
  }

  private static func decodeBatch(_ field: JSONField) throws(LayoutError) -> BatchUpdate {
    let fields = try field.object(knownKeys: [
      "deleteSections", "insertSections", "deleteItems", "insertItems", "moveItems",
      "reloadItems", "resizeItems", "bounds",
    ])
    var batch = BatchUpdate()
    if let list = fields["deleteSections"] {
      for entry in try list.array() { batch.deleteSections.append(try index(entry)) }
    }
    if let list = fields["insertSections"] {
      for entry in try list.array() {
        let insertion = try entry.object(knownKeys: ["at", "section"])
        batch.insertSections.append(
          BatchUpdate.SectionInsertion(
            at: try index(try insertion.required("at")),
            section: try LayoutFile.decodeSection(try insertion.required("section"))))
      }
    }
    if let list = fields["deleteItems"] {
      for entry in try list.array() { batch.deleteItems.append(try indexPath(entry)) }
    }
    if let list = fields["insertItems"] {
      for entry in try list.array() {
        let insertion = try entry.object(knownKeys: ["at", "size"])
        batch.insertItems.append(
          BatchUpdate.ItemInsertion(
            at: try indexPath(try insertion.required("at")),
            size: try insertion["size"].map { (field) throws(LayoutError) in try field.size() }))
      }
    }
    if let list = fields["moveItems"] {
      for entry in try list.array() {
        let move = try entry.object(knownKeys: ["from", "to"])
        batch.moveItems.append(
          BatchUpdate.ItemMove(
            from: try indexPath(try move.required("from")),
            to: try indexPath(try move.required("to"))))
      }
    }
    if let list = fields["reloadItems"] {
      for entry in try list.array() { batch.reloadItems.append(try indexPath(entry)) }
    }
    if let list = fields["resizeItems"] {
      for entry in try list.array() {
        let resize = try entry.object(knownKeys: ["at", "size"])
        batch.resizeItems.append(
          BatchUpdate.ItemResize(
            at: try indexPath(try resize.required("at")), size: try resize.required("size").size()))
      }
    }
    if let bounds = fields["bounds"] {
      let values = try bounds.object(knownKeys: ["size", "contentOffset"])
      batch.boundsSize = try values["size"].map { (field) throws(LayoutError) in try field.size() }
      batch.contentOffset = try values["contentOffset"].map { (field) throws(LayoutError) in
        try field.point()
      }
    }
    return batch
  }

  /// A section or item index: a whole number (whether it exists is checked on applying).
  private static func index(_ field: JSONField) throws(LayoutError) -> Int {
    try field.count(limit: Int(Int32.max))
  }

  /// `[section, item]`.
  private static func indexPath(_ field: JSONField) throws(LayoutError) -> LayoutIndexPath {
    let numbers = try field.numbers(["section", "item"])
    for (value, name) in zip(numbers, ["section", "item"]) {
      _ = try JSONField(
        value: .number(value, text: formatNumber(value)), path: "\(field.path).\(name)"
      )
      .count(limit: Int(Int32.max))
    }
    return LayoutIndexPath(item: Int(numbers[1]), section: Int(numbers[0]))
  }
}
