import BenchKit
import Foundation
import LayoutLab

/// Where a routine is in its cycle of questions (rects, index paths): which one to ask next,
/// and which one was asked last, for the check. The cycle's length is a power of two.
struct QuestionCycle {
  private let mask: Int
  private(set) var next = 0
  /// -1 before the first question.
  private(set) var last = -1

  init(count: Int) {
    precondition(count > 0 && count & (count - 1) == 0, "a cycle of \(count) questions")
    mask = count - 1
  }

  /// The index of the question to ask now.
  @inline(__always) mutating func advance() -> Int {
    last = next
    next = (next + 1) & mask
    return last
  }

  mutating func rewind() { next = 0 }
}

/// Rect queries on a prepared layout, cycling through `rects` (a scroll sweep or random
/// jumps); one iteration is one query.
///
/// The check compares answers with the reference's: equal, for an exact strategy. A strategy
/// that can miss elements by design (`LayoutDescriptor.answersExactly` false: the mosaic
/// sample's query) must return only the reference's elements, with their frames, in order —
/// and miss exactly as many as it missed untimed, which `elementsMissedPerCycle` reports, so a
/// change in what it misses shows in `bench compare` rather than passing silently.
final class QueryRoutine<Layout: CollectionViewLayout>: BenchmarkRoutine {
  let layout: Layout
  let rects: [CGRect]
  /// The reference's answers, asked for by the check only (`DatasetContext` says why).
  private let referenceAnswers: () -> [[LayoutAttributes]]
  private lazy var answers = referenceAnswers()
  let exact: Bool
  /// How many of each rect's reference elements the strategy leaves out: zero for an exact
  /// strategy, what it left out untimed otherwise.
  let misses: [Int]
  /// Whether `countWork()` reports `elementsMissedPerCycle` (`DatasetContext.reportsMisses`).
  let reportsMisses: Bool
  private var cycle: QuestionCycle
  private var lastAnswer: [LayoutAttributes] = []

  init(
    _ layout: Layout, rects: [CGRect], answers: @escaping @autoclosure () -> [[LayoutAttributes]],
    exact: Bool, reportsMisses: Bool
  ) {
    var layout = layout
    layout.prepare()
    self.layout = layout
    self.rects = rects
    referenceAnswers = answers
    self.exact = exact
    self.reportsMisses = reportsMisses
    cycle = QuestionCycle(count: rects.count)
    let prepared = layout
    misses =
      exact
      ? Array(repeating: 0, count: rects.count)
      : zip(rects, answers()).map { rect, answer in
        answer.count - prepared.layoutAttributesForElements(in: rect).count
      }
  }

  func runBatch(iterations: Int) {
    for _ in 0..<iterations {
      lastAnswer = layout.layoutAttributesForElements(in: rects[cycle.advance()])
    }
    blackHole(lastAnswer)
  }

  func check() throws {
    guard cycle.last >= 0 else { throw BenchmarkCheckFailure("no query ran") }
    try check(lastAnswer, query: cycle.last)
    // Every eighth rect too: a strategy may be right on one rect and wrong on another.
    for index in stride(from: 0, to: rects.count, by: 8) {
      try check(layout.layoutAttributesForElements(in: rects[index]), query: index)
    }
  }

  private func check(_ answer: [LayoutAttributes], query index: Int) throws {
    if let problem = answerMismatch(answer, answers[index], exact) {
      throw BenchmarkCheckFailure("query \(index) (\(rects[index])): \(problem)")
    }
    let missed = answers[index].count - answer.count
    guard missed == misses[index] else {
      throw BenchmarkCheckFailure(
        "query \(index) (\(rects[index])) misses \(missed) elements, not \(misses[index])")
    }
  }

  func rewind() { cycle.rewind() }

  /// The mean work of one query over the whole cycle (deterministic), and what the cycle
  /// misses in all.
  func countWork() -> [String: Int] {
    var counters = LayoutWorkCounters()
    for rect in rects { _ = layout.layoutAttributesForElements(in: rect, counting: &counters) }
    var work = counters.dictionary.mapValues { ($0 + rects.count / 2) / rects.count }
    if reportsMisses { work["elementsMissedPerCycle"] = misses.reduce(0, +) }
    return work
  }
}

/// Attributes for one item, or one header or footer, at random index paths; one iteration is
/// one lookup. Checked against the reference's answers.
final class LookupRoutine<Layout: CollectionViewLayout>: BenchmarkRoutine {
  let layout: Layout
  let paths: [LayoutIndexPath]
  /// The reference's answers, asked for by the check only (`DatasetContext` says why).
  private let referenceAnswers: () -> [LayoutAttributes?]
  private lazy var answers = referenceAnswers()
  /// nil: cells; otherwise the supplementary kind.
  let kind: ElementKind?
  private var cycle: QuestionCycle
  private var lastAnswer: LayoutAttributes?

  init(
    _ layout: Layout, paths: [LayoutIndexPath],
    answers: @escaping @autoclosure () -> [LayoutAttributes?], kind: ElementKind?
  ) {
    var layout = layout
    layout.prepare()
    self.layout = layout
    self.paths = paths
    referenceAnswers = answers
    self.kind = kind
    cycle = QuestionCycle(count: paths.count)
  }

  func runBatch(iterations: Int) {
    if let kind {
      for _ in 0..<iterations {
        lastAnswer = layout.layoutAttributesForSupplementaryView(
          ofKind: kind, at: paths[cycle.advance()])
      }
    } else {
      for _ in 0..<iterations {
        lastAnswer = layout.layoutAttributesForItem(at: paths[cycle.advance()])
      }
    }
    blackHole(lastAnswer)
  }

  func check() throws {
    guard cycle.last >= 0, lastAnswer == answers[cycle.last] else {
      throw BenchmarkCheckFailure(
        "lookup of \(paths[max(cycle.last, 0)]) differs from the reference")
    }
  }

  func rewind() { cycle.rewind() }
}
