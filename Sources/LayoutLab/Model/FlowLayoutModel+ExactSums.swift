import Foundation

/// When `Double` additions of scroll-axis positions are exact whatever their grouping, so that
/// the fast path (the engine's chain, a strategy's trees and k · pitch) gives the bits of
/// exact positions (docs/FlowRules.md, "Exact positions") and the slow one
/// (`ExactPositionSink`) is not needed.
///
/// The argument (`ExactSummands`' over a whole layout): if every summand — FLOW-7's padding,
/// each section's header, `before` and `after` insets, footer and s_l, every item's thickness
/// — is a whole number of u = 2^unit points, every line thickness is too and every cell's
/// offset `(line − item) / 2` a whole number of u/2; every position, and every partial sum of
/// any grouping of its summands, is then a whole number of u/2 no larger than the content
/// length (all summands are ≥ 0). Below 2⁵³ · u/2 that is a `Double` exactly: no addition
/// rounds. The unit is the coarsest one all summands share (1 for whole points, 2⁻¹ with
/// halves…), and at least 2⁻⁶³, so that offsets are whole units of `ExactPosition` too.
enum ExactSums {
  /// The finest unit the fast path takes: offsets of half of it are still whole 2⁻⁶⁴ points,
  /// which `ExactPosition` holds exactly.
  static let finestUnit = -63

  /// The exponent of the largest power of two `value` is a whole multiple of; `Int.max` for 0.
  @inline(__always)
  static func unit(of value: Double) -> Int { ExactArithmetic.granularity(value) }

  /// The unit of a model's scroll-axis summands (nil: the slow path) after `context` changed
  /// the model to `model`: the finer of the old one and that of the sizes the context brings
  /// — the content length is checked after the layout — or found again for new delegate
  /// metrics. A model once on the slow path stays there until then: sound, if not the least.
  ///
  /// - Complexity: O(sizes the context brings); O(n) for new delegate metrics.
  static func unit(
    _ unit: Int?, after context: LayoutInvalidationContext, model: FlowLayoutModel
  ) -> Int? {
    guard let unit else {
      return context.hasDelegateMetrics ? model.scrollAxisExactUnit : nil
    }
    guard let brought = context.scrollAxisUnit(in: model) else { return model.scrollAxisExactUnit }
    let finer = min(unit, brought)
    return finer >= finestUnit ? finer : nil
  }

  /// Whether a content length computed with every summand a whole number of 2^`unit` points
  /// proves every sum exact: under 2⁵¹ units, a factor of two below the 2⁵² (2⁵³ half units)
  /// the argument needs, so that had one sum rounded, the exact length would pass 2⁵² units
  /// and the computed one, within a relative 10⁻⁸ of it, 2⁵¹.
  @inline(__always)
  static func lengthIsExact(_ length: Double, unit: Int) -> Bool {
    guard unit >= finestUnit else { return false }
    // All zero: nothing to round.
    if unit == Int.max { return length == 0 }
    // 2^(unit + 51), built from its bits: `Double(sign:exponent:significand:)` costs a call
    // and a loop, paid after every prepare. Units above 2⁹⁷² bound nothing a layout reaches.
    let exponent = UInt64(min(unit + 51, 1023) + 1023)
    return length < Double(bitPattern: exponent << 52)
  }
}

extension FlowLayoutModel {
  /// The unit every scroll-axis summand is a whole number of, if their total, a bound on the
  /// content length, proves `Double` sums of positions exact in any grouping (`ExactSums`);
  /// nil otherwise.
  ///
  /// - Complexity: O(sections + items with a size of their own).
  var scrollAxisExactUnit: Int? {
    let geometry = FlowGeometry(self)
    var sums = ScrollAxisSummands(isVertical: geometry.isVertical)
    sums.add(geometry.paddingBefore)
    sums.add(geometry.paddingAfter)
    for section in sections {
      sums.add(section, layout: layout)
      if sums.unit < ExactSums.finestUnit { return nil }
    }
    return ExactSums.lengthIsExact(sums.total, unit: sums.unit) ? sums.unit : nil
  }

  /// `scrollAxisExactUnit`, reading one section of each run of equal sections in `repeats`
  /// (found by validation of this model): a section equal to the one before brings the same
  /// summands, so the same unit, and its total again. A self-sizing view's sections at the
  /// estimate are such runs, and its first screen must not pay O(sections) here.
  ///
  /// - Complexity: O(runs + items with a size of their own in a run's first section).
  func scrollAxisExactUnit(repeats: SectionRepeats) -> Int? {
    let geometry = FlowGeometry(self)
    var sums = ScrollAxisSummands(isVertical: geometry.isVertical)
    sums.add(geometry.paddingBefore)
    sums.add(geometry.paddingAfter)
    var index = 0
    for run in 0..<repeats.runCount {
      // Runs found for another model: the plain count.
      guard index < sections.count else { return scrollAxisExactUnit }
      var section = ScrollAxisSummands(isVertical: geometry.isVertical)
      section.add(sections[index], layout: layout)
      let count = repeats.count(ofRun: run)
      sums.add(section, times: count)
      if sums.unit < ExactSums.finestUnit { return nil }
      index += count
    }
    guard index == sections.count else { return scrollAxisExactUnit }
    return ExactSums.lengthIsExact(sums.total, unit: sums.unit) ? sums.unit : nil
  }

  /// Whether `Double` sums of positions are exact in any grouping (`scrollAxisExactUnit`).
  var scrollAxisSumsAreExact: Bool { scrollAxisExactUnit != nil }
}

/// A running account of scroll-axis summands: the unit they share, and their total.
struct ScrollAxisSummands {
  let isVertical: Bool
  /// The exponent of the coarsest power of two every summand is a whole multiple of.
  private(set) var unit = Int.max
  private(set) var total = 0.0

  init(isVertical: Bool) { self.isVertical = isVertical }

  @inline(__always)
  mutating func add(_ value: Double, times: Int = 1) {
    guard times > 0 else { return }
    // FLOW-28 rejects non-finite values before any layout; never a trap on them.
    unit = value.isFinite ? min(unit, ExactSums.unit(of: value)) : Int.min
    total += value * Double(times)
  }

  /// Another account's summands, `times` over (equal sections): the same unit, `times` its
  /// total.
  @inline(__always)
  mutating func add(_ other: ScrollAxisSummands, times: Int) {
    guard times > 0 else { return }
    unit = min(unit, other.unit)
    total += other.total * Double(times)
  }

  /// The scroll-axis length of an item of `size`: its thickness.
  @inline(__always)
  func thickness(_ size: CGSize) -> Double { isVertical ? size.height : size.width }

  /// A section's header, insets, footer, one s_l per line at most (its items and FLOW-11's
  /// empty line) and its items' thicknesses.
  mutating func add(_ section: FlowSection, layout: FlowLayoutConfiguration) {
    let header = section.headerReferenceSize ?? layout.headerReferenceSize
    let footer = section.footerReferenceSize ?? layout.footerReferenceSize
    let inset = section.sectionInset ?? layout.sectionInset
    add(isVertical ? header.height : header.width)
    add(isVertical ? footer.height : footer.width)
    add(isVertical ? inset.top : inset.left)
    add(isVertical ? inset.bottom : inset.right)
    add(section.minimumLineSpacing ?? layout.minimumLineSpacing, times: section.numberOfItems + 1)
    switch section.itemSizing {
    case .fixed(let count, let size):
      add(thickness(size ?? layout.itemSize), times: count)
    case .fixedWithExceptions(let count, let size, let exceptions):
      add(thickness(size ?? layout.itemSize), times: count)
      for exception in exceptions { add(thickness(exception.size)) }
    case .perItem(let sizes):
      sizes.withUnsafeBufferPointer { sizes in
        var unit = self.unit
        var sum = 0.0
        for size in sizes {
          let value = thickness(size)
          unit = value.isFinite ? min(unit, ExactSums.unit(of: value)) : Int.min
          sum += value
        }
        self.unit = unit
        total += sum
      }
    }
  }
}

extension LayoutInvalidationContext {
  /// The unit of the sizes this context brings to a model (resizes, insertions, inserted
  /// sections; `Int.max` for none), to be combined with the model's (`ExactSums`); nil when it
  /// replaces the model's metrics, which needs `scrollAxisExactUnit` again. The content length
  /// is checked after the layout (`ExactSums.lengthIsExact`).
  ///
  /// - Complexity: O(sizes the context brings).
  func scrollAxisUnit(in model: FlowLayoutModel) -> Int? {
    if hasDelegateMetrics { return nil }
    var sums = ScrollAxisSummands(isVertical: model.layout.scrollDirection == .vertical)
    for resize in invalidatedItems { sums.add(sums.thickness(resize.size)) }
    guard let batch = batchUpdate else { return sums.unit }
    for resize in batch.resizeItems { sums.add(sums.thickness(resize.size)) }
    for insertion in batch.insertItems {
      if let size = insertion.size { sums.add(sums.thickness(size)) }
    }
    for insertion in batch.insertSections { sums.add(insertion.section, layout: model.layout) }
    return sums.unit
  }
}
