import Foundation

extension IncrementalSection {
  /// Traps if the section's lines and items disagree. Runs in debug builds only — after every
  /// full layout and every update of a section, and from the tests — and compiles to nothing
  /// in release builds (as swift-collections' `_checkInvariants()`).
  ///
  /// What holds: the lines cover the items exactly, in order; only FLOW-11's empty first line
  /// of a mixed section holds no item; lines start in order along the scroll axis, and within
  /// the section; `firstLineNotHoldingOne` is what its name says; a uniform section's last line
  /// is never judged (FLOW-12 is for mixed sections).
  ///
  /// - Complexity: O(lines) in debug builds; O(1) in release builds.
  #if DEBUG
    func checkInvariants() {
      precondition(
        lines.isEmpty == (numberOfItems == 0), "lines without items, or items without lines")
      precondition(metrics != nil || lines.isEmpty, "lines without metrics")
      var nextItem = 0
      var previousStart = Position.zero
      for (index, line) in lines.enumerated() {
        precondition(
          line.broken.firstItem == nextItem,
          "line \(index) starts at item \(line.broken.firstItem), not \(nextItem)")
        precondition(
          line.broken.itemCount > 0 || (index == 0 && !isUniform),
          "line \(index) holds no item and is not FLOW-11's empty first line")
        let start = start(ofLine: index)
        precondition(start >= previousStart, "line \(index) starts before the line above it")
        precondition(start >= .zero && start <= length, "line \(index) is outside its section")
        nextItem = line.broken.endItem
        previousStart = start
      }
      precondition(nextItem == numberOfItems, "lines hold \(nextItem) items, not \(numberOfItems)")
      precondition(
        firstLineNotHoldingOne == lines.firstIndex { $0.broken.itemCount != 1 },
        "firstLineNotHoldingOne is \(String(describing: firstLineNotHoldingOne))")
      precondition(!(isUniform && lastLineIsComplete), "a uniform section's last line was judged")
      precondition(
        blockShifts.isEmpty
          || blockShifts.count == (lines.count + Self.linesPerBlock - 1) / Self.linesPerBlock + 1,
        "the tree of block shifts has \(blockShifts.count) nodes for \(lines.count) lines")
      precondition(length >= .zero && headerLength >= 0 && footerLength >= 0, "bad lengths")
    }
  #else
    @inline(__always)
    func checkInvariants() {}
  #endif
}
