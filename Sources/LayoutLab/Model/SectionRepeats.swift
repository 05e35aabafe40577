import Foundation

/// A model's sections as runs of equal sections (`FlowSection.equal`): for each section unlike
/// the one before it, how many sections in a row, from it, are equal to it. A section equal to
/// the one before lays out alike relative to its start (its own values and the layout's are all
/// a layout reads), so a run-length layout lays out each run's first section once. A
/// self-sizing view's sections at the estimate (FLOW-26) are such runs.
struct SectionRepeats: Sendable {
  /// How many sections each run holds; empty while every run holds one section, so that a
  /// model of sections all unlike allocates nothing.
  private var counts: [Int] = []
  /// The number of runs.
  private(set) var runCount = 0

  /// No section yet: append the runs in order (`appendRun(of:)`).
  init() {}

  /// The runs of `sections`.
  ///
  /// - Complexity: O(s) comparisons.
  init(of sections: [FlowSection]) {
    sections.withUnsafeBufferPointer { sections in
      guard let first = sections.baseAddress else { return }  // no section
      var index = 0
      while index < sections.count {
        let end = Self.endOfRun(from: index, in: first, count: sections.count) { _ in }
        appendRun(of: end - index)
        index = end
      }
    }
  }

  /// Where the run of sections equal to section `start` ends, calling `repeated` with each
  /// section of it after the first.
  @inline(__always)
  static func endOfRun<Failure: Error>(
    from start: Int, in first: UnsafePointer<FlowSection>, count: Int,
    _ repeated: (Int) throws(Failure) -> Void
  ) throws(Failure) -> Int {
    var end = start + 1
    while end < count && FlowSection.equal(first + end, first + end - 1) {
      try repeated(end)
      end += 1
    }
    return end
  }

  /// The next run: `count` ≥ 1 sections.
  @inline(__always)
  mutating func appendRun(of count: Int) {
    precondition(count >= 1)
    if counts.isEmpty && count > 1 {
      // The first repeat: every run before this one held one section.
      counts = Array(repeating: 1, count: runCount)
    }
    if !counts.isEmpty || count > 1 { counts.append(count) }
    runCount += 1
  }

  /// Whether every run holds one section.
  var eachSectionStandsAlone: Bool { counts.isEmpty }

  /// How many sections run `run` holds.
  @inline(__always)
  func count(ofRun run: Int) -> Int { counts.isEmpty ? 1 : counts[run] }
}
