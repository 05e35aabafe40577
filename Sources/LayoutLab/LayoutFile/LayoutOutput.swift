import Foundation

/// The output of `bench layout` (docs/LayoutFileFormat.md, "Output"): the content size and every element,
/// or the answers to rect queries. One element per line, so large dumps stay diffable.
public enum LayoutOutput {
  /// `{"contentSize": …, "elements": [ … ]}`
  public static func dump(contentSize: CGSize, elements: [LayoutAttributes]) -> String {
    var text = ""
    writeDump(contentSize: contentSize, elements: elements) { text += $0 }
    return text
  }

  /// `dump`, handed to `sink` a chunk (about a megabyte) at a time.
  ///
  /// - Complexity: O(n) time; O(1) memory beyond the elements.
  public static func writeDump(
    contentSize: CGSize, elements: [LayoutAttributes], to sink: (String) throws -> Void
  ) rethrows {
    var out = LayoutOutputWriter()
    out.write("{\n \"contentSize\": ")
    out.write(contentSize)
    out.write(",\n \"elements\": ")
    try writeElements(elements, indent: " ", into: &out, sink)
    out.write("\n}\n")
    try sink(out.take())
  }

  /// `{"contentSize": …, "queries": [{"rect": …, "elements": [ … ]}, …]}`
  public static func queries(
    contentSize: CGSize, answers: [(rect: CGRect, elements: [LayoutAttributes])]
  ) -> String {
    var text = ""
    writeQueries(contentSize: contentSize, answers: answers) { text += $0 }
    return text
  }

  /// `queries`, handed to `sink` a chunk (about a megabyte) at a time.
  ///
  /// - Complexity: O(answers) time; O(1) memory beyond them.
  public static func writeQueries(
    contentSize: CGSize, answers: [(rect: CGRect, elements: [LayoutAttributes])],
    to sink: (String) throws -> Void
  ) rethrows {
    var out = LayoutOutputWriter()
    out.write("{\n \"contentSize\": ")
    out.write(contentSize)
    out.write(",\n \"queries\": [")
    for (index, answer) in answers.enumerated() {
      out.write(index == 0 ? "\n" : ",\n")
      out.write("  {\n   \"rect\": ")
      out.write(answer.rect)
      out.write(",\n   \"elements\": ")
      try writeElements(answer.elements, indent: "   ", into: &out, sink)
      out.write("\n  }")
    }
    out.write(answers.isEmpty ? "]\n}\n" : "\n ]\n}\n")
    try sink(out.take())
  }

  /// One element as a single-line JSON object.
  public static func element(_ attributes: LayoutAttributes) -> String {
    var out = LayoutOutputWriter()
    out.write(attributes)
    return out.take()
  }

  private static func writeElements(
    _ elements: [LayoutAttributes], indent: String, into out: inout LayoutOutputWriter,
    _ sink: (String) throws -> Void
  ) rethrows {
    if elements.isEmpty {
      out.write("[]")
      return
    }
    out.write("[")
    for (index, attributes) in elements.enumerated() {
      out.write(index == 0 ? "\n" : ",\n")
      out.write(indent)
      out.write(" ")
      out.write(attributes)
      if out.isFull { try sink(out.take()) }
    }
    out.write("\n")
    out.write(indent)
    out.write("]")
  }
}
