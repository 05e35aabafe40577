import BenchmarkDatasets
import Foundation
import TestFixtures
import Testing

@testable import LayoutLab

/// What exact positions (docs/FlowRules.md, "Exact positions") change against today's
/// reference, counted on the randomized suites' layouts and on the goldens: nothing where
/// every summand is on one grid (every benchmark dataset); elsewhere only where today's chain
/// of additions was itself off in the last bits. The counts are printed for the record.
@Suite("Exact positions against today's reference")
struct ExactPositionDifferenceTests {
  /// The layouts of the randomized suites, by their own seeds: `DifferentialTests` (2,400),
  /// `UnusualValueDifferentialTests` (800, those FLOW-28 accepts) and `BatchUpdateTests`
  /// (1,200, each after 1–5 random batches drawn by the same generator).
  @Test("randomized suites: nothing changes on one grid, and the changes elsewhere are counted")
  func randomizedSuites() throws {
    var plain = ExactPositionDifferences()
    for index in 0..<DifferentialTests.layoutCount {
      var generator = RandomLayouts(seed: DifferentialTests.baseSeed &+ UInt64(index))
      plain += .of(generator.model(), name: "differential \(index)")
    }
    var unusual = ExactPositionDifferences()
    for index in 0..<800 {
      var generator = RandomLayouts(
        seed: UnusualValueDifferentialTests.baseSeed &+ UInt64(index), unusual: true)
      let model = generator.model()
      guard (try? model.validate()) != nil else { continue }
      unusual += .of(model, name: "unusual \(index)")
    }
    var batches = ExactPositionDifferences()
    for index in 0..<BatchUpdateTests.sequenceCount {
      var generator = RandomLayouts(seed: BatchUpdateTests.baseSeed &+ UInt64(index))
      var model = generator.model()
      for _ in 0..<generator.random.nextInt(in: 1...5) {
        model = try model.applying(generator.batch(for: model)).model
      }
      batches += .of(model, name: "batches \(index)")
    }
    for (name, counts) in [("differential", plain), ("unusual", unusual), ("batches", batches)] {
      print("exact positions, \(name): \(counts)")
      for example in counts.examples { print("  \(example)") }
      #expect(counts.notReproduced == 0 && counts.referenceDiffers == 0, "\(name)")
      #expect(counts.layoutsOnOneGridChanged == 0, "\(name)")
      #expect(counts.layoutsOnFastPathChanged == 0 && counts.layoutsOnFastPath > 50, "\(name)")
    }
    // The suites reach both kinds of layout.
    #expect(plain.layoutsOnOneGrid > 300 && plain.layoutsChanged > 0)
  }

  /// The goldens are UIKit's output: exact positions must give every one of their frames.
  @Test("golden layouts: no frame changes")
  func goldens() throws {
    var counts = ExactPositionDifferences()
    for name in GoldenFixtures.caseNames {
      let spec = try GoldenFixtures.read("\(name).spec.json")
      let model = try #require(LayoutFile.decode(spec).flowModel)
      counts += .of(model, name: name)
    }
    print("exact positions, goldens: \(counts)")
    for example in counts.examples { print("  \(example)") }
    #expect(counts.layouts >= GoldenFixtures.minimumCaseCount)
    #expect(counts.notReproduced == 0 && counts.changedPixels == 0 && counts.referenceDiffers == 0)
  }

  /// The datasets the benchmarks lay out are on one grid, but for the one that is off it on
  /// purpose (`estimated-sizes-3x`): not a bit changes on the grid.
  @Test("benchmark datasets: every summand on one grid, no bit changes")
  func benchmarkDatasets() {
    var counts = ExactPositionDifferences()
    for dataset in Dataset.all
    where dataset.kind == .flow
      && dataset.name != Dataset.estimatedSizes3x.name
    {
      for items in [1_000, 10_000] {
        counts += .of(dataset.model(items: items), name: "\(dataset.name) \(items)")
      }
    }
    print("exact positions, datasets: \(counts)")
    #expect(counts.layouts == counts.layoutsOnOneGrid && counts.layouts == counts.layoutsOnFastPath)
    #expect(counts.changedBits == 0 && counts.changedPixels == 0 && counts.notReproduced == 0)
  }

  /// Sizes in thirds of a point (a 3× screen's self-sizing cells) are off the grid at any size:
  /// the reference takes exact positions, and where the engine's chain of `Double` additions
  /// was off in its last bits, the counts show it.
  @Test("the 3× self-sizing dataset: off the grid, exact positions reproduce the reference")
  func datasetInThirds() {
    var counts = ExactPositionDifferences()
    for items in [1_000, 10_000] {
      counts += .of(
        Dataset.estimatedSizes3x.model(items: items), name: "estimated-sizes-3x \(items)")
    }
    print("exact positions, estimated-sizes-3x: \(counts)")
    for example in counts.examples { print("  \(example)") }
    #expect(counts.layouts == 2 && counts.layoutsOnOneGrid == 0 && counts.layoutsOnFastPath == 0)
    #expect(counts.notReproduced == 0 && counts.referenceDiffers == 0)
  }
}
