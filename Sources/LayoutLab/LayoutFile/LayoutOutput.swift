import Foundation

/// The output of `bench layout` (docs/LayoutFileFormat.md, "Output"): the content size and every element,
/// or the answers to rect queries. One element per line, so large dumps stay diffable.
public enum LayoutOutput {
  /// `{"contentSize": …, "elements": [ … ]}`
  public static func dump(contentSize: CGSize, elements: [LayoutAttributes]) -> String {
    "{\n \"contentSize\": \(JSONWriter.size(contentSize)),\n \"elements\": "
      + elementList(elements, indent: " ") + "\n}\n"
  }

  /// `{"contentSize": …, "queries": [{"rect": …, "elements": [ … ]}, …]}`
  public static func queries(
    contentSize: CGSize, answers: [(rect: CGRect, elements: [LayoutAttributes])]
  ) -> String {
    var out = "{\n \"contentSize\": \(JSONWriter.size(contentSize)),\n \"queries\": ["
    for (index, answer) in answers.enumerated() {
      out += index == 0 ? "\n" : ",\n"
      out += "  {\n   \"rect\": \(JSONWriter.rect(answer.rect)),\n   \"elements\": "
      out += elementList(answer.elements, indent: "   ") + "\n  }"
    }
    return out + (answers.isEmpty ? "]\n}\n" : "\n ]\n}\n")
  }

  /// One element as a single-line JSON object.
  public static func element(_ attributes: LayoutAttributes) -> String {
    "{\"kind\": \"\(attributes.kind.rawValue)\", \"section\": \(attributes.indexPath.section), "
      + "\"item\": \(attributes.indexPath.item), \"frame\": \(JSONWriter.rect(attributes.frame)), "
      + "\"zIndex\": \(attributes.zIndex)}"
  }

  private static func elementList(_ elements: [LayoutAttributes], indent: String) -> String {
    if elements.isEmpty { return "[]" }
    var out = "["
    out.reserveCapacity(elements.count * 100)
    for (index, attributes) in elements.enumerated() {
      out += index == 0 ? "\n" : ",\n"
      out += indent + " " + element(attributes)
    }
    return out + "\n" + indent + "]"
  }
}
