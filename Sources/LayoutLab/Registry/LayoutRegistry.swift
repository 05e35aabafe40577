/// Every layout strategy of the lab: what `bench list` shows, `bench layout --strategy` takes,
/// the benchmark suite measures and the tests run their suites against. Adding a strategy is
/// its own file (the strategy and its `descriptor`) plus one line here (README, "Adding a
/// strategy").
public enum LayoutRegistry {
  /// In the order `bench list` shows them; the reference of each kind first among its kind.
  public static let all: [LayoutDescriptor] = [
    NaiveLinearLayout.descriptor,
    CachedAttributesLayout.descriptor,
    BinarySearchLayout.descriptor,
    IncrementalLayout.descriptor,
    RunLengthLayout.descriptor,
    MosaicQueryStrategy.segmentSearch.descriptor,
    MosaicQueryStrategy.sampleQuery.descriptor,
  ]

  /// The strategy called `name`, if any.
  ///
  /// - Complexity: O(strategies).
  public static func named(_ name: String) -> LayoutDescriptor? {
    all.first { $0.name == name }
  }

  /// The strategies that lay out `kind`, the reference first.
  ///
  /// - Complexity: O(strategies).
  public static func strategies(for kind: LayoutKind) -> [LayoutDescriptor] {
    all.filter { $0.accepts(kind) }
  }

  /// The strategy the others of `kind` are checked against: the default of `bench layout`.
  ///
  /// - Complexity: O(strategies).
  public static func reference(for kind: LayoutKind) -> LayoutDescriptor {
    guard let reference = all.first(where: { $0.accepts(kind) && $0.isReference }) else {
      preconditionFailure("the registry has no reference strategy for \(kind.rawValue) layouts")
    }
    return reference
  }
}
