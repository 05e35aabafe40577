/// One layout strategy as the lab knows it: its name, the kinds of layout file it lays out,
/// what it is and costs, whether it is the reference the others are checked against, and how
/// to make one from a layout file's content. `LayoutRegistry.all` lists them; `bench list`,
/// `bench layout`, the benchmark suite and the tests all read that list.
public struct LayoutDescriptor: Sendable {
  /// The name `bench list` shows and `--strategy` takes; the first word of a benchmark's name.
  public let name: String
  /// The kinds of layout file the strategy lays out, the one it is listed under first.
  public let kinds: [LayoutKind]
  /// What the strategy keeps and how it answers, in a few words.
  public let summary: String
  public let complexity: LayoutComplexity
  /// Whether the other strategies of its kinds are checked against this one.
  public let isReference: Bool
  /// False for a strategy whose rect queries can miss elements by design (Apple's sample's
  /// mosaic query): its answers are checked to hold only the reference's elements, in order,
  /// and its misses are counted rather than refused.
  public let answersExactly: Bool
  /// The strategy's type when it is a flow strategy: what the flow-only machinery
  /// (`SelfSizingCollectionView`, `FlowStrategies`) takes.
  public let flowStrategy: (any FlowLayoutStrategy.Type)?
  private let factory: @Sendable (LayoutFileContent) throws(LayoutError) -> any CollectionViewLayout

  public init(
    name: String, kinds: [LayoutKind], summary: String, complexity: LayoutComplexity,
    isReference: Bool = false, answersExactly: Bool = true,
    flowStrategy: (any FlowLayoutStrategy.Type)? = nil,
    make: @escaping @Sendable (LayoutFileContent) throws(LayoutError) -> any CollectionViewLayout
  ) {
    precondition(!kinds.isEmpty, "\(name) lays out no kind of layout")
    self.name = name
    self.kinds = kinds
    self.summary = summary
    self.complexity = complexity
    self.isReference = isReference
    self.answersExactly = answersExactly
    self.flowStrategy = flowStrategy
    factory = make
  }

  /// The kind `bench list` shows the strategy under.
  public var kind: LayoutKind { kinds[0] }

  /// Whether the strategy lays out layout files of `kind`.
  public func accepts(_ kind: LayoutKind) -> Bool { kinds.contains(kind) }

  /// A layout of `content` by this strategy, not yet prepared. Throws if the content holds bad
  /// input, or is of a kind the strategy does not lay out (`accepts(_:)`).
  ///
  /// - Complexity: that of the strategy's initializer (O(n) to validate, for every strategy).
  public func make(_ content: LayoutFileContent) throws(LayoutError) -> any CollectionViewLayout {
    guard accepts(content.kind) else {
      throw LayoutError(
        field: "layout.kind", "\(name) does not lay out a \(content.kind.rawValue) layout")
    }
    return try factory(content)
  }
}

extension LayoutDescriptor {
  /// A flow strategy: it lays out flow layout files, and column flow ones through
  /// `ColumnFlowLayout`, which derives a flow layout from its bounds.
  public static func flow<Strategy: FlowLayoutStrategy>(
    _: Strategy.Type, summary: String, complexity: LayoutComplexity, isReference: Bool = false
  ) -> LayoutDescriptor {
    // Generic so the strategy's typed-throws initializer is called on a concrete type: called
    // through `any FlowLayoutStrategy.Type`, it crashes Swift 6.3's SIL generation.
    LayoutDescriptor(
      name: Strategy.strategyName, kinds: [.flow, .columnFlow], summary: summary,
      complexity: complexity, isReference: isReference, flowStrategy: Strategy.self
    ) { content throws(LayoutError) -> any CollectionViewLayout in
      switch content {
      case .flow(let model): return try Strategy(model: model)
      case .columnFlow(let model): return try ColumnFlowLayout<Strategy>(model: model)
      case .mosaic:
        throw LayoutError(field: "layout.kind", "a flow strategy does not lay out a mosaic")
      }
    }
  }
}
