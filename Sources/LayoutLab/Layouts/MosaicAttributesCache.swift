import Foundation

/// Every frame of a prepared mosaic layout, flat: one `CGRect` per item and one record per
/// segment. No per-item object, no dictionary: attributes are built only for what a query
/// returns. Both query strategies share it; they differ only in how they search it.
struct MosaicAttributesCache: Sendable {
  /// Height of every segment, as in Apple's sample.
  static let segmentHeight = 200.0
  /// Space between a segment and the previous segment's last frame.
  static let segmentSpacing = 1.0

  /// The frame of every item, in item order.
  private(set) var frames: ContiguousArray<CGRect> = []
  private(set) var segments: ContiguousArray<MosaicSegment> = []
  /// Covers every frame: the largest `maxX` and `maxY` (zero without items).
  private(set) var contentSize = CGSize.zero

  /// Lays out `model`'s items segment after segment.
  ///
  /// - Complexity: O(n).
  init(_ model: MosaicLayoutModel) {
    let count = model.numberOfItems
    let width = model.collectionView.bounds.width
    frames.reserveCapacity(count)
    // At least one segment per three items.
    segments.reserveCapacity(count / 3 + 1)
    var style = MosaicSegmentStyle.fullWidth
    // The sample's `lastFrame` starts as `.zero`, so the first segment starts at y = 1.
    var lastFrameMaxY = 0.0
    var maxX = 0.0
    while frames.count < count {
      let firstItem = frames.count
      precondition(style.numberOfItems <= count - firstItem, "next(remainingItems:) overfilled")
      let segmentFrame = CGRect(
        x: 0, y: lastFrameMaxY + Self.segmentSpacing, width: width, height: Self.segmentHeight)
      style.appendFrames(in: segmentFrame, to: &frames)
      var segment = MosaicSegment(
        firstItem: firstItem, itemCount: style.numberOfItems, minY: .infinity, maxY: -.infinity)
      for frame in frames[firstItem...] {
        segment.minY = min(segment.minY, frame.minY)
        segment.maxY = max(segment.maxY, frame.maxY)
        maxX = max(maxX, frame.maxX)
      }
      segments.append(segment)
      // Unlike the sample, which folds each frame into its content bounds one step late and so
      // never counts the last one, every frame counts here.
      contentSize = CGSize(width: maxX, height: max(contentSize.height, segment.maxY))
      lastFrameMaxY = frames[frames.count - 1].maxY
      style = style.next(remainingItems: count - frames.count)
    }
  }

  /// - Complexity: O(1).
  func attributesForItem(at indexPath: LayoutIndexPath) -> LayoutAttributes? {
    guard indexPath.section == 0, frames.indices.contains(indexPath.item) else { return nil }
    return cell(indexPath.item)
  }

  /// The attributes of item `item` of section 0.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func cell(_ item: Int) -> LayoutAttributes {
    LayoutAttributes(
      kind: .cell, indexPath: LayoutIndexPath(item: item, section: 0), frame: frames[item],
      zIndex: 0)
  }

  /// Appends the items in `items` whose frames meet `rect` (FLOW-22), in item order.
  ///
  /// - Complexity: O(items.count).
  func appendCells(
    in items: Range<Int>, meeting rect: CGRect, to result: inout [LayoutAttributes],
    counters: inout LayoutWorkCounters
  ) {
    counters.elementsScanned += items.count
    frames.withUnsafeBufferPointer { frames in
      for item in items where frames[item].touchesOrIntersects(rect) {
        result.append(
          LayoutAttributes(
            kind: .cell, indexPath: LayoutIndexPath(item: item, section: 0), frame: frames[item],
            zIndex: 0))
      }
    }
  }
}
