import BenchmarkDatasets
import Foundation
import Testing

@testable import LayoutLab

/// Hot data is flat: a prepared cache is a handful of contiguous arrays of plain structs — no
/// per-item class instance, no dictionary entry, no per-item `LayoutAttributes`.
@Suite("Cache storage")
struct CacheStorageTests {
  /// The only stored properties a cache may have, by type.
  static let allowedTypes: Set<ObjectIdentifier> = [
    ObjectIdentifier(ContiguousArray<CGRect>.self),
    ObjectIdentifier(ContiguousArray<FlowCachedSection>.self),
    ObjectIdentifier(ContiguousArray<FlowLine>.self),
    ObjectIdentifier(FlowGeometry.self),
    ObjectIdentifier(CGSize.self),
    ObjectIdentifier(Bool.self),
    ObjectIdentifier(LayoutWorkCounters.self),
  ]

  @Test("the cache holds only flat arrays of plain (POD) structs", arguments: [false, true])
  func cacheIsFlat(indexesLines: Bool) {
    let model = Dataset.mixedFeed.model(items: 100_000)
    let cache = FlowAttributesCache(model, indexesLines: indexesLines)
    for child in Mirror(reflecting: cache).children {
      let type = Swift.type(of: child.value)
      #expect(Self.allowedTypes.contains(ObjectIdentifier(type)), "\(child.label ?? "?"): \(type)")
    }
    // Plain structs: copying one copies bytes, no reference counting, no object per element.
    #expect(_isPOD(CGRect.self) && _isPOD(FlowCachedSection.self) && _isPOD(FlowLine.self))
    #expect(_isPOD(FlowGeometry.self))
    // One frame per cell, written into storage reserved once for all of them.
    #expect(cache.cellFrames.count == 100_000)
    // (The allocator may round the block up a little; a growth by doubling would not fit.)
    #expect(cache.cellFrames.capacity < 101_000)
    #expect(cache.sections.count == model.sections.count)
    if indexesLines {
      #expect(!cache.lines.isEmpty && cache.sections.last?.firstLine ?? 0 < cache.lines.count)
      // The line index too is one block of its exact size, counted before the pass.
      #expect(cache.lines.capacity < cache.lines.count + cache.lines.count / 100 + 16)
    } else {
      #expect(cache.lines.isEmpty, "the cached-attributes strategy keeps no line index")
    }
  }
}

extension CacheStorageTests {
  @Test("a section's entry in the cache is no larger than its record and one index were")
  func sectionEntryIsSmall() {
    #expect(
      MemoryLayout<FlowCachedSection>.stride
        <= MemoryLayout<FlowSectionRecord>.stride + MemoryLayout<Int>.stride)
  }
}
