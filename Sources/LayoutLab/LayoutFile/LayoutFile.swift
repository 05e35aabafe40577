import Foundation

/// A layout file (docs/LayoutFileFormat.md): a collection view, a layout's properties and
/// its sections, as JSON. What `bench layout` reads and what fixtures are written in. The
/// `layout.kind` key says which layout (`flow` when absent; README, "Custom layouts").
public struct LayoutFile: Hashable, Sendable {
  /// Which layout the file describes, with its model.
  public var content: LayoutFileContent

  public init(model: FlowLayoutModel) { content = .flow(model) }

  public init(_ content: LayoutFileContent) { self.content = content }

  /// The flow layout the file describes: a flow file's model, or the flow model a column flow
  /// derives from its bounds; nil for a mosaic file (code that accepts every kind switches over
  /// `content`).
  public var flowModel: FlowLayoutModel? {
    switch content {
    case .flow(let model): model
    case .columnFlow(let model): model.flowModel
    case .mosaic: nil
    }
  }

  /// Parses and validates a layout file. Every error names the field
  /// (`sections[3].itemSizes[12].width: -4 is negative`).
  public static func decode(_ text: String) throws(LayoutError) -> LayoutFile {
    try decode(Array(text.utf8))
  }

  /// Parses and validates a layout file of at most `LayoutLimits.maximumFileSize` bytes, in one
  /// pass straight into the model (`JSONScanner.readLayoutFile`).
  ///
  /// - Complexity: O(bytes), in time and in memory beyond the model.
  public static func decode(_ bytes: [UInt8]) throws(LayoutError) -> LayoutFile {
    return LayoutFile(
      try JSONScanner.scanning(file: bytes, name: "layout file") { (scanner) throws(LayoutError) in
        try scanner.readLayoutFile()
      })
  }
}
