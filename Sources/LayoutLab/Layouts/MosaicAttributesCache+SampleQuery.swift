import Foundation

extension MosaicAttributesCache {
  /// The query of Apple's "Customizing collection view layouts" sample, reproduced to show
  /// what it gets wrong: it binary-searches the ITEMS for any frame that meets `rect`, then
  /// walks backwards while `maxY >= rect.minY` and forwards while `minY <= rect.maxY`.
  ///
  /// Both the search and the walks assume frames are ordered by their vertical extent; inside
  /// a segment they are not (the tall left frame of a two-thirds/one-third segment ends below
  /// the short top-right one after it), so the query can miss frames that meet the rect: a walk
  /// stops at a frame that ends above the rect while one before it still reaches into it, and
  /// the search can discard the half of the array that holds every match.
  ///
  /// Two departures, so that the only difference from the correct query is what the sample
  /// misses: the walked range is filtered with `touchesOrIntersects` (the sample also returns
  /// walked frames that do not meet the rect, such as the right half of a row when the rect
  /// covers only the left one — harmless to UIKit), and its frames are returned in item order
  /// (the sample returns the backward walk reversed, then the forward walk). The search's own
  /// test is `touchesOrIntersects`: the sample's `intersects` is closed on Apple platforms too.
  ///
  /// - Complexity: O(log n + w), w the frames walked.
  func sampleQueryCells(in rect: CGRect, counting counters: inout LayoutWorkCounters)
    -> [LayoutAttributes]
  {
    var result: [LayoutAttributes] = []
    frames.withUnsafeBufferPointer { frames in
      // The sample's `binSearch(_:start:end:)`, recursion unrolled: a frame that misses the
      // rect sends the search right if it ends above the rect, left otherwise — including
      // when it misses only horizontally.
      var start = 0
      var end = frames.count - 1
      var match: Int?
      while start <= end {
        let middle = (start + end) / 2
        counters.elementsScanned += 1
        if frames[middle].touchesOrIntersects(rect) {
          match = middle
          break
        }
        if frames[middle].maxY < rect.minY { start = middle + 1 } else { end = middle - 1 }
      }
      guard let match else { return }
      var first = match
      while first > 0 && frames[first - 1].maxY >= rect.minY { first -= 1 }
      var last = match
      while last + 1 < frames.count && frames[last + 1].minY <= rect.maxY { last += 1 }
      appendCells(in: first..<(last + 1), meeting: rect, to: &result, counters: &counters)
    }
    return result
  }
}
