import BenchmarkDatasets
import Foundation
import LayoutLab
import Testing

/// Batch updates: UIKit's `performBatchUpdates` rules, and every strategy equal to a fresh
/// reference layout of the resulting data after every batch.
@Suite("Batch updates")
struct BatchUpdateTests {
  static let sequenceCount = 1_200
  static let baseSeed: UInt64 =
    ProcessInfo.processInfo.environment["LAYOUTLAB_SEED"].flatMap { UInt64($0) } ?? 0xBA7C_0001

  @Test("after every batch of 1,200 random sequences, every strategy equals a fresh reference")
  func randomBatchSequences() throws {
    print("batch update tests: base seed \(Self.baseSeed) (set LAYOUTLAB_SEED to replay)")
    var failures = 0
    var kinds = [String: Int]()
    for index in 0..<Self.sequenceCount {
      let seed = Self.baseSeed &+ UInt64(index)
      var generator = RandomLayouts(seed: seed)
      var model = generator.model()
      var layouts = try FlowStrategies.all.map { try FlowStrategies.make($0, model: model) }
      for i in layouts.indices { layouts[i].prepare() }
      for step in 0..<generator.random.nextInt(in: 1...5) {
        let batch = generator.batch(for: model)
        count(batch, into: &kinds, model: model)
        let (after, _) = try model.applying(batch)
        model = after
        for i in layouts.indices {
          try layouts[i].performBatchUpdates(batch)
          layouts[i].prepare()
        }
        // The reference computed from scratch for the resulting data.
        guard
          try agreeWithFreshReference(
            layouts, model: model, rectsFrom: &generator, context: "seed \(seed), batch \(step)")
        else {
          Issue.record(Comment(rawValue: "the batch: \(batch)"))
          failures += 1
          break
        }
      }
      if failures >= 3 { break }
    }
    #expect(failures == 0, "base seed \(Self.baseSeed)")
    // Every kind of change happened, many times.
    for kind in [
      "deleteSections", "insertSections", "deleteItems", "insertItems", "moveItems", "reloadItems",
      "resizeItems", "bounds", "emptiesSection", "firstItem", "lastItem", "firstSection",
      "lastSection",
    ] {
      #expect(kinds[kind, default: 0] > 30, "\(kind) happened \(kinds[kind, default: 0]) times")
    }
  }

  func count(_ batch: BatchUpdate, into kinds: inout [String: Int], model: FlowLayoutModel) {
    func add(_ key: String, _ condition: Bool) { if condition { kinds[key, default: 0] += 1 } }
    add("deleteSections", !batch.deleteSections.isEmpty)
    add("insertSections", !batch.insertSections.isEmpty)
    add("deleteItems", !batch.deleteItems.isEmpty)
    add("insertItems", !batch.insertItems.isEmpty)
    add("moveItems", !batch.moveItems.isEmpty)
    add("reloadItems", !batch.reloadItems.isEmpty)
    add("resizeItems", !batch.resizeItems.isEmpty)
    add("bounds", batch.boundsSize != nil || batch.contentOffset != nil)
    let removed = batch.deleteItems + batch.moveItems.map(\.from)
    add(
      "emptiesSection",
      model.sections.indices.contains { section in
        let count = model.sections[section].numberOfItems
        return count > 0 && removed.filter { $0.section == section }.count == count
      })
    add(
      "firstItem",
      removed.contains { $0.item == 0 } || batch.insertItems.contains { $0.at.item == 0 })
    add("lastItem", removed.contains { $0.item == model.sections[$0.section].numberOfItems - 1 })
    add(
      "firstSection",
      batch.deleteSections.contains(0) || batch.insertSections.contains { $0.at == 0 })
    add("lastSection", batch.deleteSections.contains(model.sections.count - 1))
  }
}
