import Foundation
import LayoutLab

/// `bench layout`: prints the frames a strategy computes for a layout file
/// (docs/LayoutFileFormat.md).
enum LayoutCommand {
  /// What the flags ask for.
  struct Options {
    var strategyName: String?
    var rects: [CGRect] = []
    var specPath: String?
    var updatesPath: String?
  }

  static var table: OptionTable<Options> {
    OptionTable(
      "layout",
      positional: Positional(name: "SPEC.json | -", noun: "layout file") { $0.specPath = $1 },
      [
        .prose(
          """
          Reads a layout file (SPEC.json, or standard input for '-' or nothing) and prints, as JSON,
          the content size and every element a strategy computes — or, with --rect, the elements in
          each rect (FLOW-22).
          """),
        .options(
          title: nil,
          [
            .value(
              "--strategy", "NAME|all", strategy, into: \.strategyName,
              help: """
                the strategy to run (bench list); default: \(LayoutRegistry.reference(for: .flow).name),
                or \(LayoutRegistry.reference(for: .mosaic).name) for a mosaic layout file. 'all'
                runs every strategy for the file's kind of layout and exits 1 naming the first
                difference.
                """),
            .value(
              "--rect", "X,Y,W,H", rect, repeatable: true,
              help: "answer \"elements in rect\" for this rect; repeatable."
            ) { $0.rects.append($1) },
            .value(
              "--updates", "FILE", .text, into: \.updatesPath,
              help: """
                apply the batches in FILE (docs/LayoutFileFormat.md) in order, through each
                strategy's own invalidation, then print.
                """),
          ]),
        .prose(
          """
          A layout file with an estimatedItemSize is printed fully measured; with --rect, each
          query measures the cells it returns for the first time, as a collection view would
          (FLOW-26, FLOW-27), and the content size is the one after the last query.
          """),
        .prose(
          "Exit status: 0 success, 1 strategies disagree, 2 bad input (the message names the field)."
        ),
      ])
  }

  /// `--strategy`: a strategy of any kind of layout, or `all`.
  static var strategy: OptionValue<String> {
    OptionValue { name, _ in
      guard name == "all" || LayoutRegistry.named(name) != nil else {
        let names = LayoutRegistry.all.map(\.name).joined(separator: ", ")
        throw UsageError("--strategy: unknown strategy '\(name)' (one of: \(names), all)")
      }
      return name
    }
  }

  /// `--rect X,Y,W,H`.
  static var rect: OptionValue<CGRect> { OptionValue { text, _ in try parseRect(text) } }

  /// What one strategy computed for the file.
  struct Result: Equatable {
    var contentSize: CGSize
    /// The full dump, or one answer per rect.
    var answers: [[LayoutAttributes]]
  }

  static func run(_ arguments: [String], io: CommandIO) throws -> String {
    guard let options = try table.parse(arguments, into: Options()) else { return table.help }
    let (strategyName, rects, specPath, updatesPath) = (
      options.strategyName, options.rects, options.specPath, options.updatesPath
    )

    let content = try decodeSpec(specPath, io: io)
    var batches: [BatchUpdate] = []
    if let updatesPath {
      let updates = try readFile(updatesPath, io: io)
      batches = try inUpdatesFile(updatesPath) { () throws(LayoutError) in
        try UpdatesFile.decode(updates).batches
      }
    }

    var results: [(name: String, result: Result)] = []
    if case .flow(let model) = content, model.layout.estimatedItemSize.isEnabled, !rects.isEmpty {
      // FLOW-26: queries measure as they go, on the data after the updates.
      var measured = model
      for (index, batch) in batches.enumerated() {
        measured = try inUpdatesFile(updatesPath, batch: index) { () throws(LayoutError) in
          try measured.applying(batch).model
        }
      }
      for strategy in try flowStrategies(strategyName, kind: content.kind) {
        var view = try SelfSizingCollectionView(model: measured, strategy: strategy)
        var answers: [[LayoutAttributes]] = []
        for rect in rects { answers.append(try view.layoutAttributesForElements(in: rect)) }
        results.append(
          (
            strategy.strategyName,
            Result(contentSize: view.layout.collectionViewContentSize, answers: answers)
          ))
      }
    } else {
      for var layout in try makeLayouts(content, strategy: strategyName) {
        layout.prepare()
        for (index, batch) in batches.enumerated() {
          try inUpdatesFile(updatesPath, batch: index) { () throws(LayoutError) in
            try layout.invalidateLayout(with: .batch(batch))
          }
          layout.prepare()
        }
        results.append((layout.name, compute(layout, rects: rects)))
      }
    }
    let (_, reference) = results[0]
    for (name, result) in results.dropFirst() {
      if let difference = firstDifference(reference, result, rects: rects) {
        throw CheckFailure(
          "strategies disagree: \(name) \(difference.candidate) where \(results[0].name) "
            + "\(difference.reference) (\(difference.place))")
      }
    }
    // Everything that can fail has run: the output is written as it is formatted, a chunk at
    // a time, rather than built whole (a ten-million-element dump is a gigabyte of text).
    if rects.isEmpty {
      try LayoutOutput.writeDump(
        contentSize: reference.contentSize, elements: reference.answers[0], to: io.output)
    } else {
      try LayoutOutput.writeQueries(
        contentSize: reference.contentSize,
        answers: zip(rects, reference.answers).map { ($0, $1) }, to: io.output)
    }
    return ""
  }

  /// Reads and decodes the layout file; its bytes are let go before anything is laid out.
  static func decodeSpec(_ specPath: String?, io: CommandIO) throws -> LayoutFileContent {
    try LayoutFile.decode(try readSpec(specPath, io: io)).content
  }

  static func readSpec(_ specPath: String?, io: CommandIO) throws -> [UInt8] {
    guard let specPath, specPath != "-" else {
      do {
        return try io.readStandardInput()
      } catch let error as InputTooLarge {
        throw UsageError("standard input: \(error)")
      } catch {
        throw UsageError("cannot read standard input: \(error)")
      }
    }
    return try readFile(specPath, io: io)
  }

  static func readFile(_ path: String, io: CommandIO) throws -> [UInt8] {
    do {
      return try io.readFile(path)
    } catch let error as InputTooLarge {
      throw UsageError("\(path): \(error)")
    } catch let error as SystemError {
      throw UsageError("cannot read '\(path)': \(error)")
    } catch {
      throw UsageError("cannot read '\(path)': \(error.localizedDescription)")
    }
  }

  /// Runs `body`, which reads the updates file at `path` or applies its batch `batch`, and
  /// places its error there: `--updates u.json: updates[1].deleteItems[0]: …`.
  static func inUpdatesFile<T>(
    _ path: String?, batch: Int? = nil, _ body: () throws(LayoutError) -> T
  ) throws(LayoutError) -> T {
    do {
      return try body()
    } catch {
      var located = batch.map { error.nested(in: [.key("updates"), .index($0)]) } ?? error
      located.source = path.map { "--updates \($0)" }
      throw located
    }
  }

  /// One unprepared layout of `content` per strategy `strategyName` selects, the reference
  /// first (`strategies(_:kind:)`).
  static func makeLayouts(
    _ content: LayoutFileContent, strategy strategyName: String?
  ) throws -> [any CollectionViewLayout] {
    try strategies(strategyName, kind: content.kind).map { try $0.make(content) }
  }

  /// The flow strategies `strategyName` selects for a flow or column flow layout file, for the
  /// flow-only machinery (self-sizing).
  private static func flowStrategies(
    _ strategyName: String?, kind: LayoutKind
  ) throws -> [any FlowLayoutStrategy.Type] {
    try strategies(strategyName, kind: kind).compactMap(\.flowStrategy)
  }

  /// The strategies of the registry `strategyName` selects for a layout file of `kind`: nil,
  /// the kind's reference; "all", every strategy of the kind, the reference first. A strategy
  /// of another kind of layout is bad input.
  static func strategies(_ strategyName: String?, kind: LayoutKind) throws -> [LayoutDescriptor] {
    switch strategyName {
    case nil: return [LayoutRegistry.reference(for: kind)]
    case "all": return LayoutRegistry.strategies(for: kind)
    case let name?:
      guard let strategy = LayoutRegistry.named(name), strategy.accepts(kind) else {
        let names = LayoutRegistry.strategies(for: kind).map(\.name).joined(separator: ", ")
        let other = LayoutRegistry.named(name)?.kind.rawValue ?? "unknown"
        throw UsageError(
          "--strategy: '\(name)' is a \(other) strategy; a \(kind.rawValue) layout file takes one "
            + "of: \(names), all")
      }
      return [strategy]
    }
  }

  /// Prepares `layout` and answers the full dump, or each rect.
  static func compute(_ layout: any CollectionViewLayout, rects: [CGRect]) -> Result {
    var layout = layout
    layout.prepare()
    let answers =
      rects.isEmpty
      ? [layout.layoutAttributesForAllElements()]
      : rects.map { layout.layoutAttributesForElements(in: $0) }
    return Result(contentSize: layout.collectionViewContentSize, answers: answers)
  }

  /// `X,Y,W,H`: four decimal numbers (spaces allowed around them), and finite edges.
  static func parseRect(_ text: String) throws -> CGRect {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 4 else {
      throw UsageError("--rect '\(text)': expected four numbers X,Y,W,H, found \(parts.count)")
    }
    var numbers: [Double] = []
    for (part, name) in zip(parts, ["X", "Y", "W", "H"]) {
      let trimmed = part.trimmingCharacters(in: .whitespaces)
      guard let value = ArgumentSyntax.decimal(trimmed[...], allowsNegative: true) else {
        throw UsageError("--rect '\(text)': \(name) '\(part)' is not a decimal number")
      }
      numbers.append(value)
    }
    // The far edges too: with a negative size the rect's minX is X + W, and an edge that
    // overflows to infinity is a rect no frame can be compared with, nor printed back.
    for (edge, name) in [(numbers[0] + numbers[2], "X + W"), (numbers[1] + numbers[3], "Y + H")]
    where !edge.isFinite {
      throw UsageError("--rect '\(text)': \(name) overflows to \(edge)")
    }
    return CGRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
  }

  /// Where two strategies' results first differ, described for a person.
  static func firstDifference(
    _ reference: Result, _ candidate: Result, rects: [CGRect]
  ) -> (reference: String, candidate: String, place: String)? {
    if reference.contentSize != candidate.contentSize {
      return (
        "gives content size \(describe(reference.contentSize))",
        "gives content size \(describe(candidate.contentSize))", "contentSize"
      )
    }
    for (query, (expected, actual)) in zip(reference.answers, candidate.answers).enumerated() {
      let place = rects.isEmpty ? "full dump" : "--rect \(describe(rects[query]))"
      for index in 0..<max(expected.count, actual.count) {
        let want = index < expected.count ? expected[index] : nil
        let got = index < actual.count ? actual[index] : nil
        if want != got {
          return (describe(want), describe(got), "\(place), element \(index)")
        }
      }
    }
    return nil
  }

  static func describe(_ attributes: LayoutAttributes?) -> String {
    guard let attributes else { return "gives no element" }
    return
      "gives \(attributes.kind.rawValue) \(attributes.indexPath) frame \(describe(attributes.frame)) zIndex \(attributes.zIndex)"
  }

  static func describe(_ rect: CGRect) -> String {
    "[\(rect.minX), \(rect.minY), \(rect.width), \(rect.height)]"
  }

  static func describe(_ size: CGSize) -> String { "[\(size.width), \(size.height)]" }
}
