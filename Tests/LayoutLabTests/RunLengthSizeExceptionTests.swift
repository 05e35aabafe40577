import BenchmarkDatasets
import Foundation
import Testing

@testable import LayoutLab

/// Sections of one size with a few exceptions (`FlowSection.ItemSizing.fixedWithExceptions`),
/// which a batch makes of a `.fixed` section whose items it resizes: the model keeps the
/// exceptions, not a size per item; run-length lays such a section out as runs around them; and
/// every strategy gives, bit for bit, the frames of the same sizes given per item.
@Suite("Run-length size exceptions")
struct RunLengthSizeExceptionTests {
  static let baseSeed: UInt64 =
    ProcessInfo.processInfo.environment["LAYOUTLAB_SEED"].flatMap { UInt64($0) } ?? 0x5E2E_0001

  /// `model` with every section's sizes given per item: what an exception stands for.
  static func materialized(_ model: FlowLayoutModel) -> FlowLayoutModel {
    var result = model
    for index in result.sections.indices {
      guard
        case .fixedWithExceptions(let count, let itemSize, let exceptions) =
          result.sections[index].itemSizing
      else { continue }
      var sizes = Array(repeating: itemSize ?? model.layout.itemSize, count: count)
      for exception in exceptions { sizes[exception.item] = exception.size }
      result.sections[index].itemSizing = .perItem(ContiguousArray(sizes))
    }
    return result
  }

  /// How many exceptions `section` keeps: 0 for one size, nil for sizes per item.
  static func exceptionCount(_ section: FlowSection) -> Int? {
    switch section.itemSizing {
    case .fixed: 0
    case .fixedWithExceptions(_, _, let exceptions): exceptions.count
    case .perItem: nil
    }
  }

  /// A grid of `count` items, three to a row.
  static func grid(_ count: Int) -> FlowLayoutModel {
    var layout = FlowLayoutConfiguration()
    layout.itemSize = CGSize(width: 100, height: 100)
    layout.minimumLineSpacing = 10
    layout.minimumInteritemSpacing = 10
    return FlowLayoutModel(
      collectionView: CollectionViewEnvironment(size: CGSize(width: 320, height: 640)),
      layout: layout, sections: [FlowSection(items: count)])
  }

  @Test("resizing one item of a million-item section keeps one exception and breaks O(1) lines")
  func resizingOneItemOfAMillion() throws {
    let model = Self.grid(1_000_000)
    let batch = BatchUpdate(
      resizeItems: [
        .init(at: LayoutIndexPath(item: 500_000, section: 0), size: .init(width: 100, height: 160))
      ])
    let (after, _) = try model.applying(batch)
    #expect(Self.exceptionCount(after.sections[0]) == 1, "one exception, not a million sizes")

    var layout = try RunLengthLayout(model: model)
    layout.prepare()
    layout.resetWorkCounters()
    try layout.performBatchUpdates(batch)
    layout.prepare()
    // The runs before the exception, its line, the runs after it and the last line.
    #expect(layout.workCounters.linesBroken <= 4, "\(layout.workCounters)")
    #expect(layout.workCounters.sectionsLaidOut == 1)
    // The resized item's line and its neighbours, against the same sizes given per item.
    var fresh = try RunLengthLayout(model: Self.materialized(after))
    fresh.prepare()
    #expect(layout.collectionViewContentSize == fresh.collectionViewContentSize)
    for offset in [0.0, 100, 5_499_000, 18_333_000, 18_333_300, 36_666_000] {
      let rect = CGRect(x: 0, y: offset, width: 320, height: 900)
      #expect(
        layout.layoutAttributesForElements(in: rect) == fresh.layoutAttributesForElements(in: rect),
        "rect at \(offset)")
    }

    // Back to the one size: no exception left, one size for the section again.
    let back = BatchUpdate(
      resizeItems: [
        .init(at: LayoutIndexPath(item: 500_000, section: 0), size: .init(width: 100, height: 100))
      ])
    layout.resetWorkCounters()
    try layout.performBatchUpdates(back)
    layout.prepare()
    #expect(layout.model == model)
    #expect(layout.workCounters.linesBroken <= 1)
  }

  @Test(
    "a query of a resized million-item grid reserves its answer by the lines it meets, not its runs"
  )
  func queryAnswerIsBoundedByTheViewport() throws {
    let model = Self.grid(1_000_000)
    let batch = BatchUpdate(
      resizeItems: [
        .init(at: LayoutIndexPath(item: 500_000, section: 0), size: .init(width: 100, height: 160))
      ])
    var layout = try RunLengthLayout(model: model)
    layout.prepare()
    try layout.performBatchUpdates(batch)
    layout.prepare()
    var fresh = try RunLengthLayout(model: Self.materialized(layout.model))
    fresh.prepare()
    // Inside the run before the item, across the item's line, inside the run after it, and
    // rects as tall as the whole section (where the runs themselves bound the answer).
    for (offset, height) in [
      (100.0, 900.0), (18_333_000, 900), (18_333_300, 900), (30_000_000, 900), (0, 1e9),
    ] {
      let rect = CGRect(x: 0, y: offset, width: 320, height: height)
      let answer = layout.layoutAttributesForElements(in: rect)
      #expect(answer == fresh.layoutAttributesForElements(in: rect), "rect at \(offset)")
      #expect(
        answer.capacity <= 2 * answer.count + 64,
        "rect at \(offset): \(answer.count) elements in a capacity of \(answer.capacity)")
    }
  }

  @Test("a resized 100,000-item grid equals a fresh layout of its sizes per item, every strategy")
  func resizedGridEqualsMaterialized() throws {
    let model = Self.grid(100_000)
    let batch = BatchUpdate(resizeItems: [
      .init(at: LayoutIndexPath(item: 0, section: 0), size: .init(width: 320, height: 30)),
      .init(at: LayoutIndexPath(item: 50_001, section: 0), size: .init(width: 40, height: 130)),
      .init(at: LayoutIndexPath(item: 99_999, section: 0), size: .init(width: 10, height: 10)),
    ])
    let (after, _) = try model.applying(batch)
    #expect(Self.exceptionCount(after.sections[0]) == 3)
    for strategy in FlowStrategies.all {
      var layout = try FlowStrategies.make(strategy, model: model)
      layout.prepare()
      try layout.performBatchUpdates(batch)
      layout.prepare()
      #expect(
        try equalsFreshLayout(layout, model: Self.materialized(after), context: layout.name))
    }
  }

  @Test("sections given exceptions lay out as their sizes per item, every strategy, seeded")
  func exceptionsLayOutAsPerItemSizes() throws {
    print("size exception layouts: base seed \(Self.baseSeed) (set LAYOUTLAB_SEED to replay)")
    var failures = 0
    for index in 0..<300 {
      let seed = Self.baseSeed &+ UInt64(index)
      var generator = RandomLayouts(seed: seed, unusual: index % 3 == 0)
      var model = generator.model()
      // Each section: its items at one size (its own or the layout's), a few with their own.
      for section in model.sections.indices {
        let count = generator.random.nextInt(in: 0...200)
        let itemSize: CGSize? = generator.chance(0.5) ? generator.itemSize() : nil
        var exceptions = ContiguousArray<FlowSection.SizeException>()
        for item in 0..<count where generator.chance(0.06) {
          exceptions.append(.init(item: item, size: generator.itemSize()))
        }
        // Now and then exceptions of the one size, or at the first item: the section is
        // uniform when every size is equal (FLOW-8), whatever holds them.
        if generator.chance(0.1) {
          exceptions = ContiguousArray(
            exceptions.map { .init(item: $0.item, size: itemSize ?? model.layout.itemSize) })
        }
        model.sections[section].itemSizing = .fixedWithExceptions(
          count: count, itemSize: itemSize, exceptions: exceptions)
      }
      // An unusual length may pass the limit of FLOW-28 once added to an oversize item.
      guard (try? model.validate()) != nil else { continue }
      var layouts = try FlowStrategies.all.map { try FlowStrategies.make($0, model: model) }
      for i in layouts.indices { layouts[i].prepare() }
      guard
        try agreeWithFreshReference(
          layouts, model: Self.materialized(model), rectsFrom: &generator, context: "seed \(seed)")
      else {
        failures += 1
        if failures >= 3 { break }
        continue
      }
    }
    #expect(failures == 0, "base seed \(Self.baseSeed)")
  }

  @Test("random resizes, inserts and deletes in uniform sections keep every strategy exact, seeded")
  func randomUpdatesOfUniformSections() throws {
    print("size exception updates: base seed \(Self.baseSeed) (set LAYOUTLAB_SEED to replay)")
    var failures = 0
    var sawExceptions = 0
    for index in 0..<30 {
      let seed = Self.baseSeed &+ 0x1000 &+ UInt64(index)
      var generator = RandomLayouts(seed: seed)
      var model = generator.model()
      model.layout.estimatedItemSize = .none
      let sizes = [CGSize(width: 60, height: 40), CGSize(width: 100, height: 40.5)]
      model.sections = (0..<generator.random.nextInt(in: 1...3)).map { _ in
        FlowSection(
          items: generator.random.nextInt(in: 64...1_200),
          itemSize: generator.chance(0.5) ? generator.pick(sizes) : nil)
      }
      var layouts = try FlowStrategies.all.map { try FlowStrategies.make($0, model: model) }
      for i in layouts.indices { layouts[i].prepare() }
      for step in 0..<12 {
        var batch = BatchUpdate()
        let section = generator.random.nextIndex(below: model.sections.count)
        let count = model.sections[section].numberOfItems
        func size() -> CGSize {
          // The section's own size now and then: an exception removed, or none made.
          generator.chance(0.2)
            ? model.sections[section].itemSize(at: 0, layout: model.layout)
            : CGSize(width: generator.length(200), height: generator.length(120))
        }
        switch generator.random.nextInt(in: 0...3) {
        case 0 where count > 1:
          batch.deleteItems = [
            LayoutIndexPath(item: generator.random.nextIndex(below: count), section: section)
          ]
        case 1:
          batch.insertItems = [
            .init(
              at: LayoutIndexPath(item: generator.random.nextInt(in: 0...count), section: section),
              size: size())
          ]
        default:
          var items = Set<Int>()
          for _ in 0..<generator.random.nextInt(in: 1...4) where count > 0 {
            items.insert(generator.random.nextIndex(below: count))
          }
          batch.resizeItems = items.map {
            .init(at: LayoutIndexPath(item: $0, section: section), size: size())
          }
        }
        let (after, _) = try model.applying(batch)
        model = after
        if case .fixedWithExceptions = model.sections[section].itemSizing { sawExceptions += 1 }
        for i in layouts.indices {
          try layouts[i].performBatchUpdates(batch)
          layouts[i].prepare()
        }
        guard
          try agreeWithFreshReference(
            layouts, model: Self.materialized(model), rectsFrom: &generator,
            context: "seed \(seed), batch \(step)")
        else {
          Issue.record(Comment(rawValue: "the batch: \(batch)"))
          failures += 1
          break
        }
      }
      if failures >= 3 { break }
    }
    #expect(failures == 0, "base seed \(Self.baseSeed)")
    #expect(sawExceptions > 60, "sections kept exceptions \(sawExceptions) times")
  }

  @Test("past the bound on exceptions a section gives its sizes per item")
  func manyResizesGiveSizesPerItem() throws {
    var model = Self.grid(640)
    // 640 / 64 = 10 exceptions at most.
    for item in 0..<10 {
      model = try model.applying(
        BatchUpdate(resizeItems: [
          .init(at: LayoutIndexPath(item: item * 7, section: 0), size: .init(width: 50, height: 50))
        ])
      ).model
      #expect(Self.exceptionCount(model.sections[0]) == item + 1)
    }
    let (after, _) = try model.applying(
      BatchUpdate(resizeItems: [
        .init(at: LayoutIndexPath(item: 500, section: 0), size: .init(width: 50, height: 50))
      ]))
    #expect(Self.exceptionCount(after.sections[0]) == nil, "sizes per item")
    #expect(Self.materialized(model).sections[0].itemSizing != after.sections[0].itemSizing)
    var layout = try RunLengthLayout(model: after)
    layout.prepare()
    #expect(try equalsFreshLayout(layout, model: after, context: "per item"))
  }

  @Test("a section with exceptions rejects an insertion without a size, as one with sizes per item")
  func insertionNeedsASize() throws {
    let (model, _) = try Self.grid(200).applying(
      BatchUpdate(resizeItems: [
        .init(at: LayoutIndexPath(item: 3, section: 0), size: .init(width: 5, height: 5))
      ]))
    #expect(throws: LayoutError.self) {
      try model.applying(
        BatchUpdate(insertItems: [.init(at: LayoutIndexPath(item: 0, section: 0), size: nil)]))
    }
  }

  @Test(
    "exceptions out of place or with bad sizes are one-line errors naming the field",
    arguments: [
      ([(5, 10.0), (3, 10.0)], "sections[0].exceptions[1].item"),
      ([(5, 10.0), (5, 10.0)], "sections[0].exceptions[1].item"),
      ([(-1, 10.0)], "sections[0].exceptions[0].item"),
      ([(40, 10.0)], "sections[0].exceptions[0].item"),
      ([(2, -1.0)], "sections[0].exceptions[0].size.width"),
      ([(2, Double.nan)], "sections[0].exceptions[0].size.width"),
    ])
  func badExceptions(exceptions: [(Int, Double)], field: String) throws {
    var model = Self.grid(40)
    model.sections[0].itemSizing = .fixedWithExceptions(
      count: 40, itemSize: nil,
      exceptions: ContiguousArray(
        exceptions.map { .init(item: $0.0, size: CGSize(width: $0.1, height: 10)) }))
    for strategy in FlowStrategies.all {
      do {
        _ = try FlowStrategies.make(strategy, model: model)
        Issue.record("\(strategy.strategyName) accepted \(exceptions)")
      } catch {
        let message = "\(error)"
        #expect(message.hasPrefix(field), "\(message)")
        #expect(!message.contains("\n"), "one line: \(message)")
      }
    }
  }
}
