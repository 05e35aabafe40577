import BenchmarkDatasets
import Foundation
import Testing

@testable import LayoutLab

/// The cache's way through the engine — lines broken in a first pass and kept in frame slots
/// (with a line index), or broken and placed in one loop over a pointer (without one) — gives
/// the frames, lines and work counters of the engine's sink path, bit for bit and count for
/// count, into blocks of exactly their size.
@Suite("Frame buffer path")
struct FrameBufferPathTests {
  /// What the sink path sends: every frame, line and section, and the work counted.
  struct RecordingSink: FlowLayoutSink {
    var counters = LayoutWorkCounters()
    var frames: [CGRect] = []
    var lines: [FlowLine] = []
    var sections: [FlowSectionRecord] = []

    mutating func appendCell(
      _ frame: CGRect, placement: FlowCellPlacement, item: Int, section: Int
    ) {
      frames.append(frame)
    }

    mutating func appendLine(
      _ line: FlowLine, relativeStart: Double, broken: FlowLayoutEngine.BrokenLine, section: Int
    ) {
      lines.append(line)
    }

    mutating func appendSection(_ record: FlowSectionRecord, section: Int) {
      sections.append(record)
    }
  }

  /// Every built-in dataset, plus sections that open with FLOW-11's empty line, at a scale
  /// that rounds (FLOW-21).
  static var models: [(String, FlowLayoutModel)] {
    var models = Dataset.all.map { ($0.name, $0.model(items: 3_000)) }
    var wide = Dataset.mixedFeed.model(items: 2_000)
    let sizes = (0..<99).map { (item: Int) -> CGSize in
      let width = 60 + item * 7 % 300
      let height = 80 + item % 5 * 30
      return CGSize(width: Double(width), height: Double(height))
    }
    wide.sections[0].itemSizing = .perItem(
      ContiguousArray([CGSize(width: 500, height: 90)] + sizes))
    models.append(("opens with an empty line", wide))
    // Columns (horizontal scrolling) through the same buffer path: an oversize first item,
    // lone items wider and narrower than the line, and a last line judged either way.
    var columns = Dataset.horizontal.model(items: 1_500)
    columns.sections[0].itemSizing = .perItem(
      ContiguousArray(
        [CGSize(width: 70, height: 400)] + sizes.map { CGSize(width: $0.height, height: $0.width) })
    )
    columns.sections[1].itemSizing = .perItem(
      ContiguousArray((0..<40).map { CGSize(width: 50 + Double($0 % 3) * 10, height: 180) }))
    models.append(("columns, with an empty line", columns))
    var rightToLeft = Dataset.mixedFeed.model(items: 2_000)
    rightToLeft.collectionView.layoutDirection = .rightToLeft
    models.append(("right to left", rightToLeft))
    return models
  }

  @Test("the cache's frames, lines and counters are the sink path's", arguments: [false, true])
  func cacheMatchesSinkPath(indexesLines: Bool) throws {
    for (name, model) in Self.models {
      try model.validate()
      let engine = FlowLayoutEngine(model)
      var sink = RecordingSink()
      let length = engine.layout(into: &sink)
      let cache = FlowAttributesCache(model, indexesLines: indexesLines)
      #expect(
        cache.cellFrames.elementsEqual(sink.frames) { $0.bitwiseEquals($1) }, "\(name): frames")
      #expect(cache.contentSize == engine.contentSize(length: length), "\(name)")
      #expect(cache.sections.map(\.record) == sink.sections, "\(name): sections")
      #expect(
        cache.counters == sink.counters + engine.measuringCounters,
        "\(name): work counted as the sink path counts it")
      if indexesLines {
        #expect(cache.lines.elementsEqual(sink.lines), "\(name): lines")
        #expect(cache.lines.count == sink.counters.linesBroken)
      }
    }
  }

  /// Whether `block`'s capacity is its count, give or take the allocator's rounding: less than
  /// a page (4 KiB) and a few elements more.
  static func isExact<Element>(_ block: ContiguousArray<Element>) -> Bool {
    let unused = (block.capacity - block.count) * MemoryLayout<Element>.stride
    return block.capacity >= block.count && unused < 4096 + 4 * MemoryLayout<Element>.stride
  }

  @Test("every block is allocated once, at its exact size", arguments: [false, true])
  func blocksAreExact(indexesLines: Bool) {
    for dataset in [Dataset.mixedFeed, .uniformGrid, .giantSection, .manySections] {
      let model = dataset.model(items: 20_000)
      let cache = FlowAttributesCache(model, indexesLines: indexesLines)
      // The allocator may round a block up: by a few elements, or, for a block it maps
      // (hundreds of KB), to a whole page, depending on what was freed before. Growth by
      // doubling would leave far more unused.
      #expect(Self.isExact(cache.cellFrames), "\(dataset.name)")
      #expect(Self.isExact(cache.sections), "\(dataset.name)")
      if indexesLines {
        #expect(Self.isExact(cache.lines), "\(dataset.name)")
        // Sections point into the blocks: each one's cells follow the previous one's, and each
        // one with items starts at a line whose first item is its first.
        var firstCell = 0
        var firstLine = 0
        for section in cache.sections {
          #expect(section.firstCell == firstCell && section.firstLine >= firstLine)
          if section.numberOfItems > 0 {
            #expect(cache.lines[section.firstLine].firstItem == 0)
          }
          firstCell += section.numberOfItems
          firstLine = section.firstLine
        }
        #expect(firstCell == cache.cellFrames.count)
      } else {
        #expect(cache.lines.capacity == 0, "no line index, no block")
      }
    }
  }
}

extension CGRect {
  /// The same bits in all four numbers (`==` would call -0 and 0 equal).
  fileprivate func bitwiseEquals(_ other: CGRect) -> Bool {
    [origin.x, origin.y, size.width, size.height].map(\.bitPattern)
      == [other.origin.x, other.origin.y, other.size.width, other.size.height].map(\.bitPattern)
  }
}
