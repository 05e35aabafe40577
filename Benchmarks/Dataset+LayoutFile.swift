import LayoutLab

extension Dataset {
  /// A user's layout file as a dataset (`bench run --layout`), named `name`, at its one size
  /// (`fixedItems`, the file's item count), measured by the strategies of the file's kind.
  ///
  /// A column flow file is measured as the flow layout it derives for its collection view's
  /// bounds, as the built-in `column-flow` dataset is: so the flow strategies and workloads
  /// (updates, rotation) apply to it alike, under the same names.
  ///
  /// `content` must be valid (the reference strategy accepts it): the caller checks every file
  /// before anything is measured.
  public init(name: String, layoutFile content: LayoutFileContent, path: String) {
    let measured: LayoutFileContent
    if case .columnFlow(let model) = content {
      measured = .flow(model.flowModel)
    } else {
      measured = content
    }
    let items = measured.itemsPerSection.reduce(0, +)
    self.init(
      name: name, summary: "the layout file \(path): \(content.kind.rawValue), \(items) items",
      kind: measured.kind, querySeed: 0xF11E_5EED, fixedItems: items
    ) { _, _ in measured }
  }
}
