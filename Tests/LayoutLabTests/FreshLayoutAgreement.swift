import Foundation
import LayoutLab
import Testing

/// The check every update suite makes after a batch: each layout, updated in place, answers as a
/// layout made from scratch for the resulting data does.

/// Whether every one of `layouts` gives the reference's (naive-linear, laid out fresh from
/// `model`) content size, elements and answers to six random rects around them — bit for bit.
/// The first layout that differs is reported (its first differing element and `context` with
/// its name), and the check stops there.
func agreeWithFreshReference(
  _ layouts: [any FlowLayoutStrategy], model: FlowLayoutModel,
  rectsFrom generator: inout RandomLayouts,
  context: String, sourceLocation: SourceLocation = #_sourceLocation
) throws -> Bool {
  var fresh = try NaiveLinearLayout(model: model)
  fresh.prepare()
  let dump = fresh.layoutAttributesForAllElements()
  let rects = generator.rects(
    around: dump.map(\.frame), contentSize: fresh.collectionViewContentSize, count: 6)
  for layout in layouts {
    var same =
      layout.collectionViewContentSize == fresh.collectionViewContentSize
      && layout.layoutAttributesForAllElements() == dump
    for rect in rects where same {
      same =
        layout.layoutAttributesForElements(in: rect) == fresh.layoutAttributesForElements(in: rect)
    }
    if !same {
      let named = "\(context), \(layout.name)"
      expectSameElements(layout.layoutAttributesForAllElements(), dump, named)
      Issue.record(
        Comment(rawValue: "\(named): differs from a fresh reference"),
        sourceLocation: sourceLocation)
      return false
    }
  }
  return true
}

/// Whether `layout` has the content size and every element of an incremental layout made fresh
/// from `model`, bit for bit; records the first differing element with `context` if not. (The
/// incremental strategy is the reference here because these models hold up to a million items.)
func equalsFreshLayout(
  _ layout: some FlowLayoutStrategy, model: FlowLayoutModel, context: String,
  sourceLocation: SourceLocation = #_sourceLocation
) throws -> Bool {
  var fresh = try IncrementalLayout(model: model)
  fresh.prepare()
  #expect(
    layout.collectionViewContentSize == fresh.collectionViewContentSize, "\(context)",
    sourceLocation: sourceLocation)
  let all = layout.layoutAttributesForAllElements()
  let expected = fresh.layoutAttributesForAllElements()
  guard all == expected else {
    let index =
      all.indices.first { $0 >= expected.count || all[$0] != expected[$0] }
      ?? min(all.count, expected.count)
    Issue.record(
      "\(context): element \(index) differs from a fresh layout", sourceLocation: sourceLocation)
    return false
  }
  return true
}
