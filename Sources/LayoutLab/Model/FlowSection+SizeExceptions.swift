import Foundation

extension FlowSection {
  /// An item of a `.fixedWithExceptions` section with a size of its own.
  public struct SizeException: Hashable, Sendable {
    public var item: Int
    public var size: CGSize

    public init(item: Int, size: CGSize) {
      self.item = item
      self.size = size
    }
  }

  /// The most exceptions a batch keeps in a section of `count` items before it gives the
  /// section one size per item: 1/64 of its items, and at most 1,024.
  ///
  /// Why: an exception costs run-length a few lines broken one by one, so with runs of 64
  /// items or more between exceptions (several lines each) the runs still save most of the
  /// work of breaking every line; past that, the flat loop over a buffer of sizes is faster.
  /// Other strategies read an item's size by a binary search over the exceptions, which the
  /// cap keeps to ten steps; and the model stays under 24 KB a section (24 bytes an exception),
  /// where per-item sizes cost 16 bytes an item. Giving the sizes per item past the bound costs
  /// one O(items) copy, after which the section is like any other with sizes per item.
  static func maximumSizeExceptions(count: Int) -> Int { min(1_024, count / 64) }
}

extension ContiguousArray where Element == FlowSection.SizeException {
  /// The index of the first exception for item `item` or a later one (`count` if none).
  ///
  /// - Complexity: O(log exceptions).
  @inline(__always)
  func index(atOrAfter item: Int) -> Int {
    // Invariant: exceptions are sorted by item, so those before the result name earlier items.
    partitioningIndex(count) { self[$0].item >= item }
  }

  /// The size of `item`: its exception's, or `fixed`.
  ///
  /// - Complexity: O(log exceptions).
  func size(of item: Int, fixed: CGSize) -> CGSize {
    let index = index(atOrAfter: item)
    return index < count && self[index].item == item ? self[index].size : fixed
  }
}

extension FlowSection {
  /// Gives item `item` of a section of `count` items of one size (`itemSize`, or the layout's)
  /// but for `exceptions` the size `size`: an exception, none if it is the one size, and
  /// sizes per item once there would be more exceptions than `maximumSizeExceptions` allows.
  ///
  /// - Complexity: O(log exceptions) to find the item, O(exceptions) to insert or remove one;
  ///   O(count) where it gives sizes per item.
  mutating func setExceptionalSize(
    _ size: CGSize, at item: Int, count: Int, itemSize: CGSize?,
    _ exceptions: inout ContiguousArray<SizeException>, _ layout: FlowLayoutConfiguration
  ) {
    let fixed = itemSize ?? layout.itemSize
    let index = exceptions.index(atOrAfter: item)
    let named = index < exceptions.count && exceptions[index].item == item
    if size == fixed {
      if named { exceptions.remove(at: index) }
    } else if named {
      exceptions[index].size = size
    } else if exceptions.count < Self.maximumSizeExceptions(count: count) {
      // Room for the next few at once: cells measured one after another (FLOW-26) add
      // exceptions one at a time, and each growth would be an allocation of its own.
      if exceptions.isEmpty {
        exceptions.reserveCapacity(min(Self.maximumSizeExceptions(count: count), 16))
      }
      exceptions.insert(SizeException(item: item, size: size), at: index)
    } else {
      var sizes = ContiguousArray(repeating: fixed, count: count)
      for exception in exceptions { sizes[exception.item] = exception.size }
      sizes[item] = size
      itemSizing = .perItem(sizes)
      return
    }
    itemSizing =
      exceptions.isEmpty
      ? .fixed(count: count, itemSize: itemSize)
      : .fixedWithExceptions(count: count, itemSize: itemSize, exceptions: exceptions)
  }

  /// The sizing of a section that had one size (`itemSize`, or the layout's) and now has
  /// `sizes`: that size still, with the items of other sizes as exceptions while they are
  /// few enough (`maximumSizeExceptions`), else the sizes per item.
  ///
  /// - Complexity: O(sizes).
  static func fixedSizing(
    _ sizes: ContiguousArray<CGSize>, itemSize: CGSize?, layout: FlowLayoutConfiguration
  ) -> ItemSizing {
    let fixed = itemSize ?? layout.itemSize
    let bound = maximumSizeExceptions(count: sizes.count)
    var exceptions = ContiguousArray<SizeException>()
    for (item, size) in sizes.enumerated() where size != fixed {
      guard exceptions.count < bound else { return .perItem(sizes) }
      exceptions.append(SizeException(item: item, size: size))
    }
    return exceptions.isEmpty
      ? .fixed(count: sizes.count, itemSize: itemSize)
      : .fixedWithExceptions(count: sizes.count, itemSize: itemSize, exceptions: exceptions)
  }
}
