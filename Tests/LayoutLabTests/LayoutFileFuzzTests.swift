import BenchmarkDatasets
import Foundation
import LayoutLab
import TestFixtures
import Testing

/// Bad input never crashes: mutated layout files are either rejected with a named field or
/// laid out by every strategy, identically, with finite frames.
@Suite("Layout file fuzzing")
struct LayoutFileFuzzTests {
  static let weirdValues = [
    "-1", "0", "1e308", "-1e308", "1e999", "1e-320", "4294967297", "1e15", "0.5", "\"x\"", "null",
    "true", "[]", "{}", "[1]", "[1, 2, 3, 4, 5]", "99999999999",
  ]

  @Test("4,000 mutations of the golden files: rejected by name, or laid out finitely")
  func mutatedGoldenFiles() throws {
    let seed: UInt64 = 0xF1_1E5
    print("layout file fuzzing: seed \(seed)")
    var random = SplitMix64(seed: seed)
    if let problem = GoldenFixtures.problem {
      Issue.record(Comment(rawValue: problem))
      return
    }
    let specs = try GoldenFixtures.caseNames.map { try GoldenFixtures.read("\($0).spec.json") }
    var accepted = 0
    var rejected = 0
    for step in 0..<4_000 {
      var text = Array(specs[random.nextIndex(below: specs.count)].unicodeScalars)
      for _ in 0..<random.nextInt(in: 1...3) {
        guard !text.isEmpty else { break }
        let at = random.nextIndex(below: text.count)
        switch random.nextInt(in: 0...3) {
        case 0: text.remove(at: at)
        case 1: text.insert(Unicode.Scalar(UInt8(random.nextInt(in: 32...126))), at: at)
        case 2:
          // Replace a number with a weird value.
          let digits = text.indices.filter { text[$0].properties.numericType != nil }
          if let start = digits.isEmpty ? nil : digits[random.nextIndex(below: digits.count)] {
            var end = start
            while end < text.count, text[end].properties.numericType != nil || text[end] == "." {
              end += 1
            }
            text.replaceSubrange(
              start..<end,
              with: Self.weirdValues[random.nextIndex(below: Self.weirdValues.count)]
                .unicodeScalars)
          }
        default:
          text[at] = Unicode.Scalar(UInt8(random.nextInt(in: 32...126)))
        }
      }
      let mutated = String(String.UnicodeScalarView(text))
      do {
        let model = try #require(LayoutFile.decode(mutated).flowModel)
        accepted += 1
        guard model.numberOfItems <= 50_000 else { continue }
        var dumps: [[LayoutAttributes]] = []
        for strategy in FlowStrategies.all {
          var layout = try FlowStrategies.make(strategy, model: model)
          layout.prepare()
          let dump = layout.layoutAttributesForAllElements()
          #expect(
            layout.collectionViewContentSize.width.isFinite
              && layout.collectionViewContentSize.height.isFinite)
          dumps.append(dump)
        }
        #expect(dumps.allSatisfy { $0 == dumps[0] }, "seed \(seed), step \(step)")
        #expect(
          dumps[0].allSatisfy {
            [$0.frame.minX, $0.frame.minY, $0.frame.width, $0.frame.height].allSatisfy(\.isFinite)
          },
          "seed \(seed), step \(step): \(mutated)")
        // And it prints.
        _ = LayoutOutput.dump(contentSize: .zero, elements: dumps[0])
      } catch let error as LayoutError {
        rejected += 1
        #expect(!error.description.isEmpty)
        #expect(!error.description.contains("\n"))
      }
    }
    #expect(accepted > 200 && rejected > 1_000, "accepted \(accepted), rejected \(rejected)")
  }
}
