/// Bad input to a layout: names the offending field the way the layout file spells it
/// (`sections[3].itemSizes[12].width`) and says what is wrong with it.
public struct LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
  public var field: String
  public var problem: String

  public init(field: String, _ problem: String) {
    self.field = field
    self.problem = problem
  }

  public var description: String { field.isEmpty ? problem : "\(field): \(problem)" }
}
