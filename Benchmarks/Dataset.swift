import Foundation
import LayoutLab

/// A synthetic layout the lab measures: generated from a fixed seed, so the same name and item
/// count give the same layout everywhere.
public struct Dataset: Sendable {
  public let name: String
  public let summary: String
  /// The kind of layout it is: which strategies of the registry measure it.
  public let kind: LayoutKind
  /// The seed of the rects and index paths its benchmarks query (`DatasetContext`).
  let querySeed: UInt64
  /// The one size of a layout file's dataset (`Dataset(name:layoutFile:)`): its item count.
  /// nil for a synthetic dataset, which is made at any size.
  public let fixedItems: Int?
  private let make: @Sendable (_ items: Int, _ random: inout SplitMix64) -> LayoutFileContent

  /// A flow dataset.
  init(
    name: String, summary: String,
    make: @escaping @Sendable (_ items: Int, _ random: inout SplitMix64) -> FlowLayoutModel
  ) {
    self.init(name: name, summary: summary, kind: .flow, querySeed: 0xB0A7_D5EE) {
      .flow(make($0, &$1))
    }
  }

  init(
    name: String, summary: String, kind: LayoutKind, querySeed: UInt64, fixedItems: Int? = nil,
    make: @escaping @Sendable (_ items: Int, _ random: inout SplitMix64) -> LayoutFileContent
  ) {
    self.name = name
    self.summary = summary
    self.kind = kind
    self.querySeed = querySeed
    self.fixedItems = fixedItems
    self.make = make
  }

  /// The layout with (about) `items` items; always exactly `items` cells. A layout file's
  /// dataset is the file whatever `items` asks (`fixedItems`).
  public func content(items: Int, seed: UInt64 = 0x4C41_594F_5554) -> LayoutFileContent {
    var random = SplitMix64(seed: seed)
    return make(max(items, 0), &random)
  }

  /// The flow layout of a flow dataset (every dataset of `all`, what `bench dataset` writes).
  public func model(items: Int, seed: UInt64 = 0x4C41_594F_5554) -> FlowLayoutModel {
    guard case .flow(let model) = content(items: items, seed: seed) else {
      preconditionFailure("\(name) is not a flow dataset")
    }
    return model
  }

  /// A phone in portrait: 390 × 844 points at 3× (the lab's default collection view).
  static let phone = CollectionViewEnvironment(
    size: CGSize(width: 390, height: 844), adjustedContentInset: EdgeInsets(top: 47, bottom: 34),
    safeAreaInsets: EdgeInsets(top: 47, bottom: 34), displayScale: 3)

  /// Splits `items` into sections of `perSection` (the last one takes the rest).
  static func sectionCounts(_ items: Int, perSection: Int) -> [Int] {
    guard items > 0 else { return [] }
    let full = items / perSection
    let rest = items % perSection
    return Array(repeating: perSection, count: full) + (rest > 0 ? [rest] : [])
  }

  /// The flow datasets: what `bench dataset` writes.
  public static let all: [Dataset] = [
    uniformGrid, mixedFeed, manySections, giantSection, horizontal, pinnedHeaders, estimatedSizes,
    estimatedSizes3x, columnFlow,
  ]

  /// Every dataset the suite measures, in run order: the flow datasets, then the others
  /// (`bench run` only, since a layout file of them is not what `bench dataset` writes).
  public static let measured: [Dataset] = all + [mosaic]

  public static func named(_ name: String, in datasets: [Dataset] = all) -> Dataset? {
    datasets.first { $0.name == name }
  }

  /// `count` sizes drawn by `size`, in order, as per-item sizing.
  static func randomSizes(
    _ count: Int, _ random: inout SplitMix64, size: (inout SplitMix64) -> CGSize
  ) -> FlowSection.ItemSizing {
    var sizes = ContiguousArray<CGSize>()
    sizes.reserveCapacity(count)
    for _ in 0..<count { sizes.append(size(&random)) }
    return .perItem(sizes)
  }

  /// The mosaic layout of Apple's "Customizing collection view layouts" sample: one vertical
  /// section on a phone.
  public static let mosaic = Dataset(
    name: "mosaic", summary: "Apple's sample's mosaic: one section of 200-point segments",
    kind: .mosaic, querySeed: 0x4D05_A1C
  ) { items, _ in
    .mosaic(
      MosaicLayoutModel(
        collectionView: CollectionViewEnvironment(size: CGSize(width: 390, height: 844)),
        numberOfItems: items))
  }

  /// The column flow layout of Apple's "Customizing collection view layouts" sample on a
  /// landscape iPad: the flow model `ColumnFlowLayout` derives from 1,024 points less 20-point
  /// margins (three columns of 328 × 70), sections of 100 with headers.
  public static let columnFlow = Dataset(
    name: "column-flow",
    summary: "the sample's column flow: 3 columns at 1,024 points, sections of 100"
  ) { items, _ in
    var layout = ColumnFlowConfiguration()
    layout.headerReferenceSize = CGSize(width: 0, height: 44)
    let environment = CollectionViewEnvironment(
      size: CGSize(width: 1_024, height: 768), safeAreaInsets: EdgeInsets(top: 24, bottom: 20),
      layoutMargins: EdgeInsets(top: 0, left: 20, bottom: 0, right: 20), displayScale: 2)
    let sections = sectionCounts(items, perSection: 100).map { FlowSection(items: $0) }
    return ColumnFlowLayoutModel(collectionView: environment, layout: layout, sections: sections)
      .flowModel
  }

  /// One item size in one section: the case FLOW-10 lays out in closed form.
  public static let uniformGrid = Dataset(
    name: "uniform-grid", summary: "one section of 120×120 items, three to a row"
  ) { items, _ in
    var layout = FlowLayoutConfiguration()
    layout.itemSize = CGSize(width: 120, height: 120)
    return FlowLayoutModel(
      collectionView: phone, layout: layout, sections: [FlowSection(items: items)])
  }

  /// Photo-like sizes (aspect ratios 3:4 to 16:9), in sections of 1,000 with headers.
  public static let mixedFeed = Dataset(
    name: "mixed-feed", summary: "photo-like mixed sizes, sections of 1,000 with headers",
    make: mixedFeedModel)

  static func mixedFeedModel(_ items: Int, _ random: inout SplitMix64) -> FlowLayoutModel {
    mixedFeedModel(items, &random, pixelsPerPoint: 1)
  }

  /// `mixedFeedModel(_:_:)` with sizes drawn in pixels of a `pixelsPerPoint` screen, as
  /// self-sizing cells report them there (UIKit rounds a fitting size to the screen's pixels):
  /// whole points at 1, thirds of a point at 3. At 1 the sizes are the very ones of the
  /// mixed-feed dataset.
  static func mixedFeedModel(
    _ items: Int, _ random: inout SplitMix64, pixelsPerPoint scale: Int
  ) -> FlowLayoutModel {
    var layout = FlowLayoutConfiguration()
    layout.headerReferenceSize = CGSize(width: 0, height: 44)
    layout.sectionInset = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    layout.minimumInteritemSpacing = 4
    layout.minimumLineSpacing = 4
    let aspects: [Double] = [0.75, 1, 4.0 / 3, 1.5, 16.0 / 9]
    let sections = sectionCounts(items, perSection: 1_000).map { count in
      FlowSection(
        itemSizing: randomSizes(count, &random) { random in
          let height = Double(random.nextInt(in: (80 * scale)...(220 * scale)))
          let width = min(
            Double(374 * scale), (height * aspects[random.nextInt(in: 0...4)]).rounded())
          // One division of whole pixels: the nearest `Double` to a third, as a 3× screen's
          // rounding gives.
          return CGSize(width: width / Double(scale), height: height / Double(scale))
        })
    }
    return FlowLayoutModel(collectionView: phone, layout: layout, sections: sections)
  }

  /// Sections of 100 items with headers, footers and insets.
  public static let manySections = Dataset(
    name: "many-sections", summary: "sections of 100 uniform items, headers, footers, insets"
  ) { items, _ in
    var layout = FlowLayoutConfiguration()
    layout.itemSize = CGSize(width: 80, height: 80)
    layout.headerReferenceSize = CGSize(width: 0, height: 40)
    layout.footerReferenceSize = CGSize(width: 0, height: 24)
    layout.sectionInset = EdgeInsets(top: 10, left: 16, bottom: 10, right: 16)
    let sections = sectionCounts(items, perSection: 100).map { FlowSection(items: $0) }
    return FlowLayoutModel(collectionView: phone, layout: layout, sections: sections)
  }

  /// Every item in one section of varied sizes: line breaking without section boundaries.
  public static let giantSection = Dataset(
    name: "giant-section", summary: "one section of varied sizes"
  ) { items, random in
    let sizing = randomSizes(items, &random) { random in
      CGSize(
        width: Double(random.nextInt(in: 40...200)), height: Double(random.nextInt(in: 40...120)))
    }
    return FlowLayoutModel(
      collectionView: phone, layout: FlowLayoutConfiguration(),
      sections: [FlowSection(itemSizing: sizing)])
  }

  /// Columns scrolling sideways on a landscape phone, mixed sizes in sections of 500.
  public static let horizontal = Dataset(
    name: "horizontal", summary: "horizontal scrolling, mixed sizes, sections of 500"
  ) { items, random in
    var layout = FlowLayoutConfiguration()
    layout.scrollDirection = .horizontal
    layout.headerReferenceSize = CGSize(width: 30, height: 0)
    let environment = CollectionViewEnvironment(
      size: CGSize(width: 844, height: 390), displayScale: 3)
    let sections = sectionCounts(items, perSection: 500).map { count in
      FlowSection(
        itemSizing: randomSizes(count, &random) { random in
          CGSize(
            width: Double(random.nextInt(in: 60...160)),
            height: Double(random.nextInt(in: 50...150)))
        })
    }
    return FlowLayoutModel(collectionView: environment, layout: layout, sections: sections)
  }

  /// Sections of 50 full-width rows with pinned headers and footers, scrolled into the middle.
  public static let pinnedHeaders = Dataset(
    name: "pinned-headers", summary: "sections of 50 rows, pinned headers and footers"
  ) { items, _ in
    var layout = FlowLayoutConfiguration()
    layout.itemSize = CGSize(width: 390, height: 60)
    layout.minimumLineSpacing = 1
    layout.headerReferenceSize = CGSize(width: 0, height: 36)
    layout.footerReferenceSize = CGSize(width: 0, height: 20)
    layout.sectionHeadersPinToVisibleBounds = true
    layout.sectionFootersPinToVisibleBounds = true
    var environment = phone
    environment.contentOffset = CGPoint(x: 0, y: Double(items / 2) * 61)
    let sections = sectionCounts(items, perSection: 50).map { FlowSection(items: $0) }
    return FlowLayoutModel(collectionView: environment, layout: layout, sections: sections)
  }

  /// Self-sizing: photo-like sizes that cells report when measured, with an estimated item
  /// size of 100×100 (FLOW-26), in sections of 1,000 with headers. Laid out directly, the sizes
  /// are the measured ones; the `self-sizing-sweep` workload starts from the estimates.
  public static let estimatedSizes = Dataset(
    name: "estimated-sizes",
    summary: "self-sizing: estimated 100×100, cells report photo-like sizes"
  ) { items, random in
    var model = mixedFeedModel(items, &random)
    model.layout.estimatedItemSize = .size(CGSize(width: 100, height: 100))
    return model
  }

  /// `estimated-sizes` as a 3× phone measures it: the lab's phone is a 3× screen, where a
  /// self-sizing cell reports a size rounded to pixels — thirds of a point. Sums of thirds are
  /// not exact in `Double`s, so this layout is off the grid that every other dataset is on
  /// (docs/FlowRules.md, "Exact positions"): its positions are exact sums, rounded once, and
  /// a strategy that groups its additions its own way must keep them exactly. The estimates
  /// are whole points, so a self-sizing view starts on the grid and leaves it at its first
  /// measured cell.
  public static let estimatedSizes3x = Dataset(
    name: "estimated-sizes-3x",
    summary: "self-sizing at 3×: estimated 100×100, cells report photo-like sizes in thirds"
  ) { items, random in
    var model = mixedFeedModel(items, &random, pixelsPerPoint: 3)
    model.layout.estimatedItemSize = .size(CGSize(width: 100, height: 100))
    return model
  }
}
