import BenchmarkDatasets
import Foundation
import LayoutLab

/// Random flow layouts for differential tests: every knob FLOW-1…25 reads, with the edge cases
/// weighted up (empty sections, zero-size and oversize items, zero line dimension, fractional
/// sizes, every scale from 0 to 3).
struct RandomLayouts {
  var random: SplitMix64
  /// Draws lengths from `unusualLengths` a third of the time: values at the edges of the
  /// arithmetic (tenths, thirds, the limit of docs/Limits.md, the smallest subnormal).
  var unusual = false
  /// How many sections a model holds.
  var sectionCounts = 0...6
  /// Lengths are whole or halves, and unusual ones only those that are multiples of a power
  /// of two (no −0): the sums `ExactSummands` proves exact.
  var dyadic = false

  init(seed: UInt64, unusual: Bool = false) {
    random = SplitMix64(seed: seed)
    self.unusual = unusual
  }

  /// Lengths where exactness arguments are easiest to get wrong (−0 passes FLOW-28: not < 0).
  static let unusualLengths: [Double] = [
    -0.0, 0.1, 0.2, 0.3, 1.0 / 3, 0.5, 2.5, 1e-3, 1e-300, 0x1p-10, 0x1p-11, 1e9, 1e9 - 0.1,
    .leastNonzeroMagnitude,
    999_999_999.5, 123_456_789.7, 0x1p29 + 0x1p-10, 4_503_599_627_370_496.0 / 1e7,
  ]

  mutating func chance(_ probability: Double) -> Bool { random.nextUnit() < probability }

  mutating func pick<T>(_ options: [T]) -> T {
    options[random.nextIndex(below: options.count)]
  }

  /// A length in `0...max`: often whole, sometimes fractional, sometimes exactly zero.
  mutating func length(_ max: Double) -> Double {
    if chance(0.08) { return 0 }
    if unusual && chance(0.3) {
      return dyadic ? pick(Self.unusualDyadicLengths) : pick(Self.unusualLengths)
    }
    let value = random.nextUnit() * max
    if dyadic { return chance(0.5) ? value.rounded() : (value * 2).rounded() / 2 }
    return chance(0.5) ? value.rounded() : (value * 10).rounded() / 10
  }

  static let unusualDyadicLengths: [Double] = [
    0.5, 2.5, 0x1p-10, 0x1p-11, 1e9, 999_999_999.5, 0x1p29 + 0x1p-10,
  ]

  mutating func insets(_ max: Double) -> EdgeInsets {
    chance(0.4)
      ? .zero
      : EdgeInsets(top: length(max), left: length(max), bottom: length(max), right: length(max))
  }

  /// An item size; one in ten wider or taller than any line.
  mutating func itemSize() -> CGSize {
    if chance(0.05) { return .zero }
    if chance(0.1) { return CGSize(width: 300 + length(400), height: 300 + length(400)) }
    return CGSize(width: length(160), height: length(160))
  }

  mutating func model() -> FlowLayoutModel {
    let width = chance(0.03) ? 0 : 40 + length(560)
    let height = chance(0.03) ? 0 : 40 + length(860)
    var environment = CollectionViewEnvironment(
      size: CGSize(width: width, height: height),
      contentOffset: CGPoint(x: chance(0.8) ? 0 : length(200) - 100, y: length(3_000) - 200),
      adjustedContentInset: insets(chance(0.05) ? 400 : 40),
      safeAreaInsets: insets(60), layoutMargins: insets(40),
      displayScale: pick([0, 0, 1, 2, 3, 2.5]),
      layoutDirection: chance(0.25) ? .rightToLeft : .leftToRight)
    if chance(0.1) { environment.displayScale = 3 }

    var layout = FlowLayoutConfiguration()
    layout.scrollDirection = chance(0.5) ? .vertical : .horizontal
    layout.itemSize = itemSize()
    layout.minimumLineSpacing = chance(0.2) ? 0 : length(24)
    layout.minimumInteritemSpacing = chance(0.2) ? 0 : length(24)
    layout.sectionInset = insets(30)
    layout.headerReferenceSize = chance(0.5) ? .zero : CGSize(width: length(60), height: length(60))
    layout.footerReferenceSize = chance(0.6) ? .zero : CGSize(width: length(50), height: length(50))
    layout.sectionHeadersPinToVisibleBounds = chance(0.3)
    layout.sectionFootersPinToVisibleBounds = chance(0.3)
    layout.sectionInsetReference = pick(SectionInsetReference.allCases)
    if chance(0.1) {
      layout.estimatedItemSize = chance(0.5) ? .automatic : .size(CGSize(width: 50, height: 50))
    }

    var sections: [FlowSection] = []
    for _ in 0..<random.nextInt(in: sectionCounts) {
      var section: FlowSection
      let count = chance(0.15) ? 0 : random.nextInt(in: 1...30)
      switch random.nextInt(in: 0...3) {
      case 0: section = FlowSection(items: count)
      case 1: section = FlowSection(items: count, itemSize: itemSize())
      case 2:
        // Per-item sizes that are all equal: uniform by FLOW-8.
        let size = itemSize()
        section = FlowSection(itemSizes: Array(repeating: size, count: count))
      default:
        var sizes: [CGSize] = []
        for _ in 0..<count { sizes.append(itemSize()) }
        section = FlowSection(itemSizes: sizes)
      }
      if chance(0.3) { section.sectionInset = insets(30) }
      if chance(0.3) { section.minimumInteritemSpacing = length(20) }
      if chance(0.3) { section.minimumLineSpacing = length(20) }
      if chance(0.3) { section.headerReferenceSize = CGSize(width: length(50), height: length(50)) }
      if chance(0.3) { section.footerReferenceSize = CGSize(width: length(50), height: length(50)) }
      sections.append(section)
    }
    return FlowLayoutModel(collectionView: environment, layout: layout, sections: sections)
  }

  /// Query rects: random ones over (and beyond) the content, and ones built from `frames` so
  /// that an edge or a corner exactly touches a frame, or a zero-size rect sits on its boundary.
  mutating func rects(around frames: [CGRect], contentSize: CGSize, count: Int) -> [CGRect] {
    var rects: [CGRect] = []
    for _ in 0..<count {
      if let frame = frames.isEmpty ? nil : pick(frames), chance(0.5) {
        let w = length(200)
        let h = length(200)
        rects.append(
          pick([
            CGRect(x: frame.minX - w, y: frame.minY, width: w, height: h),  // right edge on minX
            CGRect(x: frame.maxX, y: frame.minY, width: w, height: h),  // left edge on maxX
            CGRect(x: frame.minX, y: frame.minY - h, width: w, height: h),  // bottom edge on minY
            CGRect(x: frame.minX, y: frame.maxY, width: w, height: h),  // top edge on maxY
            CGRect(x: frame.maxX, y: frame.maxY, width: w, height: h),  // corner
            CGRect(x: frame.minX, y: frame.maxY, width: 0, height: 0),  // zero-size on boundary
            CGRect(x: frame.maxX, y: frame.minY, width: -w, height: -h),  // negative size
          ]))
      } else {
        let x = random.nextUnit() * (contentSize.width + 200) - 100
        let y = random.nextUnit() * (contentSize.height + 200) - 100
        rects.append(CGRect(x: x, y: y, width: length(600), height: length(900)))
      }
    }
    return rects
  }
}
