import Foundation
import LayoutLab
import Testing

/// The mosaic layout of Apple's "Customizing collection view layouts" sample: segment styles,
/// the style sequence, content size, and its two query strategies — the sample's, which misses
/// elements, and the segment search, which does not.
///
/// Frames are worked out by hand for a 390-point-wide collection view. A segment starting at y
/// is 200 tall (y…y+200); the next starts 1 point below the previous segment's last frame, so
/// segment k (from 0) starts at y = 1 + 201·k. Integral cuts of 390:
///   halves:      ceil(390 × 0.5) = 195 → left x 0 w 195; right x 195+1 = 196, w 390−195−1 = 194
///   two thirds:  ceil(390 × 2/3) = 260 → left x 0 w 260; right x 261, w 390−260−1 = 129
///   one third:   ceil(390 × 1/3) = 130 → left x 0 w 130; right x 131, w 390−130−1 = 259
///   stacked:     ceil(200 × 0.5) = 100 → top y…y+100, h 100; bottom y+101, h 200−100−1 = 99
@Suite("Mosaic layout")
struct MosaicLayoutTests {
  typealias Style = MosaicSegmentStyle

  // MARK: Fixtures

  static func environment(width: Double = 390, height: Double = 844) -> CollectionViewEnvironment {
    CollectionViewEnvironment(size: CGSize(width: width, height: height))
  }

  static func layout(
    _ count: Int, width: Double = 390, query: MosaicQueryStrategy = .segmentSearch
  ) throws -> MosaicLayout {
    var layout = try MosaicLayout(
      model: MosaicLayoutModel(collectionView: environment(width: width), numberOfItems: count),
      query: query)
    layout.prepare()
    return layout
  }

  static func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> CGRect {
    CGRect(x: x, y: y, width: width, height: height)
  }

  /// The hand-computed frames of one segment of `style` starting at `y`, 390 wide.
  static func segment(_ style: Style, _ y: Double) -> [CGRect] {
    switch style {
    case .fullWidth: [rect(0, y, 390, 200)]
    case .fiftyFifty: [rect(0, y, 195, 200), rect(196, y, 194, 200)]
    case .twoThirdsOneThird:
      [rect(0, y, 260, 200), rect(261, y, 129, 100), rect(261, y + 101, 129, 99)]
    case .oneThirdTwoThirds:
      [rect(0, y, 130, 100), rect(0, y + 101, 130, 99), rect(131, y, 259, 200)]
    }
  }

  /// The segment styles of `count` items, worked out by hand from the sequence: start full
  /// width; then 1 left → full, 2 left → fifty-fifty, else full → 50/50 → 2/3 → 1/3 → 50/50.
  static let styles: [Int: [Style]] = [
    0: [],
    1: [.fullWidth],
    // full, 1 left → full
    2: [.fullWidth, .fullWidth],
    // full, 2 left → fifty-fifty
    3: [.fullWidth, .fiftyFifty],
    // full, 3 left → cycle: fifty-fifty; 1 left → full
    4: [.fullWidth, .fiftyFifty, .fullWidth],
    // full, fifty-fifty, 2 left → fifty-fifty again
    5: [.fullWidth, .fiftyFifty, .fiftyFifty],
    // full, fifty-fifty, 3 left → cycle: two-thirds/one-third
    6: [.fullWidth, .fiftyFifty, .twoThirdsOneThird],
    7: [.fullWidth, .fiftyFifty, .twoThirdsOneThird, .fullWidth],
    8: [.fullWidth, .fiftyFifty, .twoThirdsOneThird, .fiftyFifty],
    // 3 left after two-thirds/one-third → cycle: one-third/two-thirds
    9: [.fullWidth, .fiftyFifty, .twoThirdsOneThird, .oneThirdTwoThirds],
    10: [.fullWidth, .fiftyFifty, .twoThirdsOneThird, .oneThirdTwoThirds, .fullWidth],
    11: [.fullWidth, .fiftyFifty, .twoThirdsOneThird, .oneThirdTwoThirds, .fiftyFifty],
    // 3 left after one-third/two-thirds → cycle: fifty-fifty; then 1 left → full
    12: [
      .fullWidth, .fiftyFifty, .twoThirdsOneThird, .oneThirdTwoThirds, .fiftyFifty, .fullWidth,
    ],
  ]

  /// Segment k starts at 1 + 201·k.
  static func expectedFrames(_ count: Int) -> [CGRect] {
    styles[count]!.enumerated().flatMap { k, style in segment(style, 1 + 201 * Double(k)) }
  }

  // MARK: Styles and the style sequence

  @Test("each segment style cuts a 390-point segment integrally")
  func segmentStylesCutIntegrally() throws {
    // 1 item: full width (0, 1, 390, 200).
    #expect(
      try Self.layout(1).layoutAttributesForAllElements().map(\.frame) == [
        Self.rect(0, 1, 390, 200)
      ])
    // 3 items: full, then fifty-fifty at y 202: 195 | 1-point gutter | 194.
    let fifty = try Self.layout(3).layoutAttributesForAllElements().map(\.frame)
    #expect(Array(fifty[1...]) == [Self.rect(0, 202, 195, 200), Self.rect(196, 202, 194, 200)])
    // 6 items: full, fifty-fifty, two-thirds/one-third at y 403: 260 | 129 over 100 and 99.
    let twoThirds = try Self.layout(6).layoutAttributesForAllElements().map(\.frame)
    #expect(
      Array(twoThirds[3...]) == [
        Self.rect(0, 403, 260, 200), Self.rect(261, 403, 129, 100), Self.rect(261, 504, 129, 99),
      ])
    // 9 items: …, one-third/two-thirds at y 604: 130 (100 over 99) | 259.
    let oneThird = try Self.layout(9).layoutAttributesForAllElements().map(\.frame)
    #expect(
      Array(oneThird[6...]) == [
        Self.rect(0, 604, 130, 100), Self.rect(0, 705, 130, 99), Self.rect(131, 604, 259, 200),
      ])
  }

  @Test("0 to 12 items follow the style sequence, frame by frame", arguments: 0...12)
  func styleSequence(count: Int) throws {
    for query in MosaicQueryStrategy.allCases {
      let layout = try Self.layout(count, query: query)
      let elements = layout.layoutAttributesForAllElements()
      #expect(elements.map(\.frame) == Self.expectedFrames(count), "\(count) items, \(query)")
      #expect(
        elements.map(\.indexPath) == (0..<count).map { LayoutIndexPath(item: $0, section: 0) })
      #expect(elements.allSatisfy { $0.kind == .cell && $0.zIndex == 0 })
      // The content ends at the bottom of the last segment: 1 + 201·(segments) − 1.
      let segments = Double(Self.styles[count]!.count)
      let expectedSize =
        count == 0 ? CGSize.zero : CGSize(width: 390, height: 201 * segments)
      #expect(layout.collectionViewContentSize == expectedSize, "\(count) items")
    }
  }

  @Test("12 items, every frame written out")
  func twelveItemsLiterally() throws {
    let frames = try Self.layout(12).layoutAttributesForAllElements().map(\.frame)
    #expect(
      frames == [
        Self.rect(0, 1, 390, 200),  // full width, y 1 (the sample's lastFrame starts at .zero)
        Self.rect(0, 202, 195, 200), Self.rect(196, 202, 194, 200),  // fifty-fifty, 201 + 1
        Self.rect(0, 403, 260, 200), Self.rect(261, 403, 129, 100),  // 2/3 | 1/3, 402 + 1
        Self.rect(261, 504, 129, 99),  // 403 + 100 + 1, 200 − 100 − 1
        Self.rect(0, 604, 130, 100), Self.rect(0, 705, 130, 99),  // 1/3 stacked, 603 + 1
        Self.rect(131, 604, 259, 200),  // 2/3 wide on the right
        Self.rect(0, 805, 195, 200), Self.rect(196, 805, 194, 200),  // fifty-fifty, 804 + 1
        Self.rect(0, 1006, 390, 200),  // 1 left: full width, 1005 + 1
      ])
    #expect(try Self.layout(12).collectionViewContentSize == CGSize(width: 390, height: 1206))
  }

  @Test("the style sequence, transition by transition")
  func nextStyle() {
    #expect(Style.fullWidth.next(remainingItems: 5) == .fiftyFifty)
    #expect(Style.fiftyFifty.next(remainingItems: 5) == .twoThirdsOneThird)
    #expect(Style.twoThirdsOneThird.next(remainingItems: 5) == .oneThirdTwoThirds)
    #expect(Style.oneThirdTwoThirds.next(remainingItems: 5) == .fiftyFifty)
    for style in Style.allCases {
      #expect(style.next(remainingItems: 1) == .fullWidth)
      #expect(style.next(remainingItems: 2) == .fiftyFifty)
      #expect(style.next(remainingItems: 3).numberOfItems <= 3)
    }
  }

  @Test("100,000 items: count, frames at known positions, content size")
  func hundredThousandItems() throws {
    // Item 0 fills segment 0; then every 3 segments (50/50, 2/3, 1/3) hold 8 items. 99,999 =
    // 8 × 12,499 + 7: after 12,499 cycles (segments 1…37,497, items 1…99,992) 7 remain:
    // fifty-fifty (99,993–4, segment 37,498), 2/3 (99,995–7, segment 37,499), then 2 left →
    // fifty-fifty (99,998–9, segment 37,500). Segment k starts at y = 1 + 201·k.
    for query in MosaicQueryStrategy.allCases {
      let layout = try Self.layout(100_000, query: query)
      #expect(layout.layoutAttributesForAllElements().count == 100_000)
      func frame(_ item: Int) -> CGRect? {
        layout.layoutAttributesForItem(at: LayoutIndexPath(item: item, section: 0))?.frame
      }
      #expect(frame(0) == Self.rect(0, 1, 390, 200))
      // Item 50,001 = 1 + 8 × 6,250: first of cycle 6,250's fifty-fifty, segment 1 + 3 × 6,250
      // = 18,751, y = 1 + 201 × 18,751 = 3,768,952.
      #expect(frame(50_001) == Self.rect(0, 3_768_952, 195, 200))
      // Item 50,006 (offset 5 in that cycle): top-left of its one-third/two-thirds, segment
      // 18,753, y = 1 + 201 × 18,753 = 3,769,354; item 50,008 its wide right.
      #expect(frame(50_006) == Self.rect(0, 3_769_354, 130, 100))
      #expect(frame(50_008) == Self.rect(131, 3_769_354, 259, 200))
      // Segment 37,498: y = 1 + 201 × 37,498 = 7,537,099.
      #expect(frame(99_994) == Self.rect(196, 7_537_099, 194, 200))
      // Segment 37,499: y = 7,537,300; the bottom-right third at 7,537,300 + 101.
      #expect(frame(99_995) == Self.rect(0, 7_537_300, 260, 200))
      #expect(frame(99_997) == Self.rect(261, 7_537_401, 129, 99))
      // Segment 37,500: y = 7,537,501; the content ends at 7,537,501 + 200 = 7,537,701.
      #expect(frame(99_998) == Self.rect(0, 7_537_501, 195, 200))
      #expect(frame(99_999) == Self.rect(196, 7_537_501, 194, 200))
      #expect(frame(100_000) == nil)
      #expect(layout.collectionViewContentSize == CGSize(width: 390, height: 7_537_701))
      // A viewport y 3,769,000…3,769,200 meets segment 18,751 (3,768,952…3,769,152: items
      // 50,001–2) and the top of 18,752 (2/3 from 3,769,153: the left item 50,003 and the
      // top-right 50,004; the bottom-right 50,005 starts at 3,769,153 + 101 = 3,769,254).
      let viewport = layout.layoutAttributesForElements(in: Self.rect(0, 3_769_000, 390, 200))
      if query == .segmentSearch {
        #expect(viewport.map(\.indexPath.item) == [50_001, 50_002, 50_003, 50_004])
      }
    }
  }

  // MARK: Content size

  @Test("content size is the union of all frames (from the origin), every count and width")
  func contentSizeIsUnionOfFrames() throws {
    for width in [390.0, 391, 100.5, 3, 2, 1, 0, 1024] {
      for count in [0, 1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 13, 29, 100] {
        let layout = try Self.layout(count, width: width)
        let frames = layout.layoutAttributesForAllElements().map(\.frame)
        let union = frames.reduce(CGRect.zero) { $0.union($1) }
        #expect(
          layout.collectionViewContentSize == CGSize(width: union.maxX, height: union.maxY),
          "\(count) items, width \(width)")
        // The sample forgets the last frame; here it is covered.
        if let last = frames.last {
          #expect(layout.collectionViewContentSize.height == last.maxY)
        }
        #expect(frames.allSatisfy { $0.width >= 0 && $0.height >= 0 }, "width \(width)")
      }
    }
  }

  // MARK: The two queries

  @Test("the sample's query misses item 3 in rect (0, 550, 390, 10); the segment search does not")
  func sampleQueryMissesAnElement() throws {
    // Items 3 (0, 403, 260, 200) and 5 (261, 504, 129, 99) reach y 550…560; item 4 (261, 403,
    // 129, 100) ends at 503, above it. The sample's binary search over 12 items hits item 5
    // first ((0 + 11) / 2 = 5), walks back to item 4, whose maxY 503 < 550 stops the walk —
    // before item 3, whose maxY is 603.
    let rect = Self.rect(0, 550, 390, 10)
    let correct = try Self.layout(12, query: .segmentSearch).layoutAttributesForElements(in: rect)
    let sample = try Self.layout(12, query: .sampleQuery).layoutAttributesForElements(in: rect)
    #expect(correct.map(\.indexPath.item) == [3, 5])
    #expect(sample.map(\.indexPath.item) == [5])
  }

  @Test("a grid of rects over 100 items: the sample's query misses some, never invents any")
  func sampleQueryMissesOnAGrid() throws {
    let correct = try Self.layout(100, query: .segmentSearch)
    let sample = try Self.layout(100, query: .sampleQuery)
    var misses: [(rect: CGRect, missed: [Int])] = []
    for y in stride(from: 0.0, to: 20_200, by: 25) {
      for (x, width) in [(0.0, 390.0), (0, 100), (200, 50), (300, 90)] {
        let rect = Self.rect(x, y, width, 30)
        let want = correct.layoutAttributesForElements(in: rect)
        let got = sample.layoutAttributesForElements(in: rect)
        #expect(Set(got).isSubset(of: Set(want)), "\(rect)")
        let missed = Set(want).subtracting(got).map(\.indexPath.item).sorted()
        if !missed.isEmpty { misses.append((rect, missed)) }
      }
    }
    #expect(!misses.isEmpty)
    if let first = misses.first {
      print("sample query: first miss \(first.rect) misses \(first.missed)")
    }
  }

  @Test("the segment search equals a brute-force filter on 5,000 random rects (seeded)")
  func segmentSearchAgreesWithBruteForce() throws {
    let seed: UInt64 =
      ProcessInfo.processInfo.environment["LAYOUTLAB_SEED"].flatMap { UInt64($0) } ?? 0x4D05_A1C
    var random = MosaicTestRandom(seed: seed)
    var failures = 0
    var sampleMisses = 0
    for round in 0..<50 {
      let count = round == 0 ? 0 : random.int(in: 1...400)
      let width = [390.0, 320, 1024, 100.5, 2, 0][random.int(in: 0...5)]
      let correct = try Self.layout(count, width: width, query: .segmentSearch)
      let sample = try Self.layout(count, width: width, query: .sampleQuery)
      let all = correct.layoutAttributesForAllElements()
      let height = correct.collectionViewContentSize.height
      for _ in 0..<100 {
        // Rects of any size, partly outside the content, some of zero size, some with
        // negative size (standardized by the layout), some touching frames exactly.
        var rect = Self.rect(
          random.unit() * (width + 40) - 20, random.unit() * (height + 400) - 200,
          random.unit() * 500 - 50, random.unit() * 900 - 100)
        if random.int(in: 0...4) == 0 { rect.origin.y = Double(1 + 201 * random.int(in: 0...20)) }
        if random.int(in: 0...9) == 0 { rect.size = .zero }
        let standardized = rect.standardized
        let brute = all.filter { $0.frame.touchesOrIntersects(standardized) }
        let answer = correct.layoutAttributesForElements(in: rect)
        if answer != brute {
          failures += 1
          let message =
            "seed \(seed): \(count) items, width \(width), rect \(rect): segment search "
            + "\(answer.map(\.indexPath.item)), brute force \(brute.map(\.indexPath.item))"
          Issue.record("\(message)")
        }
        if sample.layoutAttributesForElements(in: rect) != brute { sampleMisses += 1 }
        if failures >= 5 { return }
      }
    }
    print(
      "mosaic random rects: seed \(seed) (set LAYOUTLAB_SEED to replay), sample query wrong on \(sampleMisses) of 5000"
    )
    #expect(sampleMisses > 0, "seed \(seed): the sample's query should miss somewhere")
  }

  @Test("item lookups: every item in O(1), nil outside the section, no supplementary views")
  func itemLookups() throws {
    for query in MosaicQueryStrategy.allCases {
      let layout = try Self.layout(12, query: query)
      for element in layout.layoutAttributesForAllElements() {
        #expect(layout.layoutAttributesForItem(at: element.indexPath) == element)
      }
      #expect(layout.layoutAttributesForItem(at: LayoutIndexPath(item: 12, section: 0)) == nil)
      #expect(layout.layoutAttributesForItem(at: LayoutIndexPath(item: -1, section: 0)) == nil)
      #expect(layout.layoutAttributesForItem(at: LayoutIndexPath(item: 0, section: 1)) == nil)
      #expect(
        layout.layoutAttributesForSupplementaryView(
          ofKind: .header, at: LayoutIndexPath(item: 0, section: 0)) == nil)
      #expect(layout.name == query.strategyName)
    }
  }

  // MARK: Bounds changes

  @Test("a width change lays out again; a scroll or a height change keeps the frames")
  func boundsChanges() throws {
    var layout = try Self.layout(3)
    let scrolled = Self.rect(0, 300, 390, 844)
    #expect(!layout.shouldInvalidateLayout(forBoundsChange: scrolled))
    #expect(!layout.shouldInvalidateLayout(forBoundsChange: Self.rect(0, 0, 390, 500)))
    try layout.invalidateLayout(with: .boundsChange(scrolled))
    layout.prepare()
    #expect(layout.layoutAttributesForAllElements().map(\.frame) == Self.expectedFrames(3))
    #expect(layout.collectionView.contentOffset == CGPoint(x: 0, y: 300))

    // 844 wide: halves ceil(422) = 422 → right at 423, 844 − 422 − 1 = 421 wide.
    let rotated = Self.rect(0, 0, 844, 390)
    #expect(layout.shouldInvalidateLayout(forBoundsChange: rotated))
    try layout.invalidateLayout(with: .boundsChange(rotated))
    layout.prepare()
    #expect(
      layout.layoutAttributesForAllElements().map(\.frame) == [
        Self.rect(0, 1, 844, 200), Self.rect(0, 202, 422, 200), Self.rect(423, 202, 421, 200),
      ])
    #expect(layout.collectionViewContentSize == CGSize(width: 844, height: 402))

    // Bad bounds are rejected and change nothing.
    #expect(throws: LayoutError.self) {
      try layout.invalidateLayout(with: .boundsChange(Self.rect(0, 0, -1, 390)))
    }
    #expect(layout.collectionView.bounds == rotated)
  }

  // MARK: Bad input

  @Test("bad input names the field")
  func badInput() {
    func field(_ body: () throws -> Void) -> String? {
      do { try body() } catch let error as LayoutError { return error.field } catch {
        return "not a LayoutError: \(error)"
      }
      return nil
    }
    #expect(
      field {
        _ = try MosaicLayout(
          model: MosaicLayoutModel(collectionView: Self.environment(), numberOfItems: -1))
      }
        == "sections[0].items")
    #expect(
      field {
        _ = try MosaicLayout(
          model: MosaicLayoutModel(collectionView: Self.environment(width: -5), numberOfItems: 1))
      } == "collectionView.size.width")
    let two =
      #"{"collectionView": {"size": [390, 844]}, "layout": {"kind": "mosaic"}, "sections": [{"items": 1}, {"items": 2}]}"#
    #expect(field { _ = try LayoutFile.decode(two) } == "sections")
    let none =
      #"{"collectionView": {"size": [390, 844]}, "layout": {"kind": "mosaic"}, "sections": []}"#
    #expect(field { _ = try LayoutFile.decode(none) } == "sections")
    let sized =
      #"{"collectionView": {"size": [390, 844]}, "layout": {"kind": "mosaic"}, "sections": [{"itemSizes": [[1, 1]]}]}"#
    #expect(field { _ = try LayoutFile.decode(sized) } == "sections[0].itemSizes")
    let flowKey =
      #"{"collectionView": {"size": [390, 844]}, "layout": {"kind": "mosaic", "itemSize": [1, 1]}, "sections": [{"items": 1}]}"#
    #expect(field { _ = try LayoutFile.decode(flowKey) } == "layout.itemSize")
    let kind =
      #"{"collectionView": {"size": [390, 844]}, "layout": {"kind": "masonry"}, "sections": [{"items": 1}]}"#
    #expect(field { _ = try LayoutFile.decode(kind) } == "layout.kind")
    let notString =
      #"{"collectionView": {"size": [390, 844]}, "layout": {"kind": 3}, "sections": [{"items": 1}]}"#
    #expect(field { _ = try LayoutFile.decode(notString) } == "layout.kind")
  }

  @Test("a mosaic layout file decodes and encodes back to the same file")
  func layoutFileRoundTrip() throws {
    let text =
      #"{"collectionView": {"size": [390, 844], "contentOffset": [0, 120]}, "layout": {"kind": "mosaic"}, "sections": [{"items": 7}]}"#
    let file = try LayoutFile.decode(text)
    #expect(
      file.content
        == .mosaic(
          MosaicLayoutModel(
            collectionView: CollectionViewEnvironment(
              size: CGSize(width: 390, height: 844), contentOffset: CGPoint(x: 0, y: 120)),
            numberOfItems: 7)))
    #expect(file.content.kind == .mosaic)
    #expect(try LayoutFile.decode(file.encoded()) == file)
  }
}

/// SplitMix64 (Steele, Lea & Flood): the same sequence on every platform for a seed.
struct MosaicTestRandom {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// In `0..<1`, from the top 53 bits.
  mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

  mutating func int(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
  }
}
