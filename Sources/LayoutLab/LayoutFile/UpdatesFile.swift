import Foundation

/// An updates file (docs/LayoutFileFormat.md, "Updates file"): a JSON array of batches, each what one
/// `performBatchUpdates` call does, applied in order.
public struct UpdatesFile: Hashable, Sendable {
  public var batches: [BatchUpdate]

  public init(batches: [BatchUpdate]) { self.batches = batches }

  /// Parses an updates file of at most `LayoutLimits.maximumFileSize` bytes, in one pass; errors
  /// name the field (`updates[1].deleteItems[0]: …`). Whether the index paths exist is checked
  /// when a batch is applied, against the layout as it is then.
  ///
  /// - Complexity: O(bytes).
  public static func decode(_ bytes: [UInt8]) throws(LayoutError) -> UpdatesFile {
    return UpdatesFile(
      batches: try JSONScanner.scanning(file: bytes, name: "updates file") {
        (scanner) throws(LayoutError) in
        try scanner.readUpdatesFile()
      })
  }

  public static func decode(_ text: String) throws(LayoutError) -> UpdatesFile {
    try decode(Array(text.utf8))
  }
}
