import BenchmarkDatasets
import Foundation
import Testing

@testable import LayoutLab

/// The pieces run-length's rect query is built from (`RunLengthLayout+RectQuery.swift`): a
/// frame's axes computed apart, the search for the last run a viewport meets, the answer
/// written in place — and queries that take each path, against the reference.
@Suite("Run-length rect query")
struct RunLengthRectQueryTests {
  static let baseSeed: UInt64 =
    ProcessInfo.processInfo.environment["LAYOUTLAB_SEED"].flatMap { UInt64($0) } ?? 0x5EC7_0A11

  @Test(
    "a cell frame's origins computed axis by axis, or rounded in two lanes (for any geometry or one orientation), equal cellFrame's, bit for bit"
  )
  func splitCellFrameEqualsCellFrame() {
    let seed = Self.baseSeed
    print("RunLengthRectQueryTests.splitCellFrameEqualsCellFrame: seed \(seed)")
    var random = SplitMix64(seed: seed)
    for vertical in [true, false] {
      for direction in [LayoutDirection.leftToRight, .rightToLeft] {
        for scale in [0.0, 2, 3] {
          let model = FlowLayoutModel(
            collectionView: screen(390, 844, scale: scale, direction: direction),
            layout: flowLayout { if !vertical { $0.scrollDirection = .horizontal } },
            sections: [uniform(10, 50, 50)])
          var geometry = FlowGeometry(model)
          // A horizontal right-to-left layout mirrors within its content length.
          if !vertical { geometry.mirrorWidth = 12_345.678 }
          for _ in 0..<500 {
            func value(_ range: ClosedRange<Int>) -> Double {
              Double(random.nextInt(in: range)) + random.nextUnit()
            }
            let cell = FlowCellPlacement(
              main: value(0...400), offset: value(0...20) / 7, mainLength: value(1...200),
              thickness: value(1...200))
            let (sectionStart, lineStart) = (value(0...1_000_000), value(0...5_000) / 3)
            let whole = geometry.cellFrame(cell, sectionStart: sectionStart, lineStart: lineStart)
            let split = geometry.cellFrame(
              mainOrigin: geometry.cellMainOrigin(main: cell.main, mainLength: cell.mainLength),
              mainLength: cell.mainLength, thickness: cell.thickness,
              scrollOrigin: geometry.cellScrollOrigin(
                offset: cell.offset, thickness: cell.thickness, sectionStart: sectionStart,
                lineStart: lineStart))
            let bits = { (frame: CGRect) in
              [frame.minX, frame.minY, frame.width, frame.height].map(\.bitPattern)
            }
            #expect(
              bits(whole) == bits(split),
              "seed \(seed), vertical \(vertical), \(direction), scale \(scale): \(whole) \(split)"
            )
            let twoLanes = geometry.cellFrameRoundingInTwoLanes(
              cell, sectionStart: sectionStart, lineStart: lineStart)
            #expect(
              bits(whole) == bits(twoLanes),
              "seed \(seed), vertical \(vertical), \(direction), scale \(scale): \(whole) \(twoLanes)"
            )
            // The same, compiled for the geometry's orientation (a one-line run's loop).
            func oriented<Orientation: FlowOrientation>(_ orientation: Orientation.Type) -> CGRect {
              geometry.cellFrameRoundingInTwoLanes(
                cell, sectionStart: sectionStart, lineStart: lineStart, as: orientation)
            }
            let compiled =
              switch (vertical, direction == .rightToLeft) {
              case (true, false): oriented(FlowOrientations.VerticalLeftToRight.self)
              case (true, true): oriented(FlowOrientations.VerticalRightToLeft.self)
              case (false, false): oriented(FlowOrientations.HorizontalLeftToRight.self)
              case (false, true): oriented(FlowOrientations.HorizontalRightToLeft.self)
              }
            #expect(
              bits(whole) == bits(compiled),
              "seed \(seed), vertical \(vertical), \(direction), scale \(scale): \(whole) \(compiled)"
            )
          }
        }
      }
    }
  }

  @Test(
    "runsStarting(from:where:) gives runsStarting(where:)'s answer from any valid start, as a chain and as a tree",
    arguments: [3_000, 12_000])
  func gallopingSearchEqualsBinarySearch(items: Int) throws {
    let seed = Self.baseSeed &+ 1
    print("RunLengthRectQueryTests.gallopingSearchEqualsBinarySearch(\(items)): seed \(seed)")
    var random = SplitMix64(seed: seed)
    let sizes = (0..<items).map { _ in
      CGSize(
        width: Double(random.nextInt(in: 40...200)), height: Double(random.nextInt(in: 40...120)))
    }
    var layout = try RunLengthLayout(
      model: FlowLayoutModel(
        collectionView: screen(390, 844, scale: 3), sections: [FlowSection(itemSizes: sizes)]))
    layout.prepare()
    let section = layout.prepared.sections[0]
    let runs = section.runs
    // 3,000 items: a chain of runs; 12,000: over `treeAtPrepare` runs, a tree from prepare on.
    let asTree = runs.count >= FlowLayoutEngine.SectionRuns.treeAtPrepare
    try #require(runs.count > 100 && (section.startSums != nil) == asTree)
    try #require(asTree == (items == 12_000))
    let end = section.start(ofRun: runs.count - 1)
    for _ in 0..<2_000 {
      let limit = random.nextUnit() * (end + 200) - 100
      let isBefore = { (start: Double) in start <= limit }
      let expected = section.runsStarting(where: isBefore)
      // Any start at or before the answer keeps the precondition: the runs before it hold.
      let from = random.nextInt(in: 0...expected)
      #expect(
        section.runsStarting(from: from, where: isBefore) == expected,
        "seed \(seed): from \(from), limit \(limit)")
    }
    #expect(section.runsStarting(from: runs.count) { _ in true } == runs.count)
    #expect(section.runsStarting(from: 0) { _ in false } == 0)
    // From a guess, anywhere (out of range too), forward or back: the same answer.
    for _ in 0..<2_000 {
      let limit = random.nextUnit() * (end + 200) - 100
      let isBefore = { (start: Double) in start <= limit }
      let expected = section.runsStarting(where: isBefore)
      let guess = random.nextInt(in: -10...(runs.count + 10))
      #expect(
        section.runsStarting(near: guess, where: isBefore) == expected,
        "seed \(seed): guess \(guess), limit \(limit)")
      #expect(section.runsStarting(near: expected, where: isBefore) == expected)
    }
    #expect(section.runsStarting(near: runs.count) { _ in true } == runs.count)
    #expect(section.runsStarting(near: runs.count) { _ in false } == 0)
    #expect(section.runsStarting(near: 0) { _ in true } == runs.count)
  }

  @Test("appendInPlace appends what it initializes, after what the array held")
  func appendInPlaceAppendsWhatItWrites() {
    var values = [1, 2]
    values.reserveCapacity(10)
    var context = 7
    values.appendInPlace(with: &context) { context, buffer in
      for index in 0..<3 { buffer.initializeElement(at: index, to: context + index) }
      context = 0
      return 3
    }
    #expect(values == [1, 2, 7, 8, 9])
    #expect(context == 0)
    var empty: [Int] = []
    empty.appendInPlace(with: &context) { _, _ in 0 }
    #expect(empty.isEmpty)
  }

  @Test(
    "queries equal the reference's: lines of more than 64 columns, right-to-left, horizontal, no rounding"
  )
  func queriesEqualReferenceOnEveryColumnPath() throws {
    let seed = Self.baseSeed &+ 2
    print("RunLengthRectQueryTests.queriesEqualReferenceOnEveryColumnPath: seed \(seed)")
    var random = SplitMix64(seed: seed)
    for vertical in [true, false] {
      for direction in [LayoutDirection.leftToRight, .rightToLeft] {
        for scale in [0.0, 3] {
          // 11.3-point items: 30 columns to a line, 3.1-point ones 81 (the first 64 main
          // origins are computed once per run, the others per cell), then 3, then one; mixed
          // sections between them.
          let model = FlowLayoutModel(
            collectionView: screen(390, 844, scale: scale, direction: direction),
            layout: flowLayout {
              if !vertical { $0.scrollDirection = .horizontal }
              $0.minimumInteritemSpacing = 1.7
              $0.minimumLineSpacing = 2.3
              $0.headerReferenceSize = CGSize(width: 30, height: 30)
            },
            sections: [
              uniform(1_000, 11.3, 11.3), uniform(50, 120.5, 60.25),
              sized((0..<200).map { _ in (Double(random.nextInt(in: 20...150)), 40.5) }),
              uniform(7, 390, 44), uniform(2_000, 3.1, 3.1),
            ])
          let layout = try prepared(RunLengthLayout.strategyName, model)
          let reference = try prepared(NaiveLinearLayout.strategyName, model)
          let length =
            vertical
            ? layout.collectionViewContentSize.height : layout.collectionViewContentSize.width
          for _ in 0..<60 {
            let position = random.nextUnit() * length - 100
            let extent = Double(random.nextInt(in: 0...900))
            let across = Double(random.nextInt(in: -50...300))
            let rect =
              vertical
              ? CGRect(x: across, y: position, width: 200, height: extent)
              : CGRect(x: position, y: across, width: extent, height: 200)
            #expect(
              layout.layoutAttributesForElements(in: rect)
                == reference.layoutAttributesForElements(in: rect),
              "seed \(seed), vertical \(vertical), \(direction), scale \(scale), rect \(rect)")
          }
        }
      }
    }
  }

  @Test("firstLine(of:_:thickness:start:) gives the binary search's answer for any run and rect")
  func firstLineEqualsBinarySearch() throws {
    let seed = Self.baseSeed &+ 3
    print("RunLengthRectQueryTests.firstLineEqualsBinarySearch: seed \(seed)")
    var random = SplitMix64(seed: seed)
    for lineSpacing in [0.0, 2.5, 4] {
      let model = FlowLayoutModel(
        collectionView: screen(390, 844, scale: 3),
        layout: flowLayout { $0.minimumLineSpacing = lineSpacing },
        sections: [
          uniform(100_000, 120.5, 60.25),
          sized((0..<300).map { _ in (Double(random.nextInt(in: 20...150)), 40.5) }),
        ])
      var layout = try RunLengthLayout(model: model)
      layout.prepare()
      // Positions exact in `Double`s: the runs answer, not the fallback.
      try #require(layout.exact.layout == nil)
      let state = layout.prepared
      // Thicknesses and starts the layout never makes too: 0 (a pitch of 0 with no line
      // spacing), tiny, huge, and negative starts.
      let thicknesses = [0.0, 1e-300, 0.1, 60.25, 40.5, 1e6, 1e300]
      let starts = [0.0, 123.456, -5_000, 1e12, -1e300]
      withUnsafePointer(to: state) { state in
        withUnsafePointer(to: layout.model) { model in
          for _ in 0..<400 {
            let position = (random.nextUnit() - 0.1) * 7_000_000
            let rect = CGRect(x: 0, y: position, width: 390, height: random.nextUnit() * 900)
            let query = RunLengthLayout.RectQuery(
              rect, state: state, model: model, counters: LayoutWorkCounters())
            for section in state.pointee.sections {
              for run in 0..<section.runs.count {
                let lines = section.run(run)
                let thickness = thicknesses[random.nextInt(in: 0...(thicknesses.count - 1))]
                let start = starts[random.nextInt(in: 0...(starts.count - 1))]
                let expected = partitioningIndex(lines.lineCount) {
                  start + (section.lineStart($0, of: lines, thickness: thickness) + thickness)
                    >= query.low
                }
                let found = query.firstLine(of: lines, section, thickness: thickness, start: start)
                #expect(
                  found == expected,
                  "seed \(seed), spacing \(lineSpacing), run \(run), thickness \(thickness), start \(start), low \(query.low)"
                )
              }
            }
          }
        }
      }
    }
  }
}
