import BenchKit
import Foundation

/// `bench _retained-check BYTES`: measures, with the real runner and the allocator wrapper this
/// executable links, a routine that keeps exactly BYTES of heap from one iteration, and prints
/// the retained bytes the harness reports — BYTES, or the test that runs it fails. The routine
/// also frees a block made before the iteration and allocates and frees scratch blocks in it,
/// which must change nothing. Not for people: `bench help` omits it; tests run it, since the
/// wrapper is linked into `bench` only.
enum RetainedCheckCommand {
  static func run(_ arguments: [String], io: CommandIO) throws -> String {
    guard arguments.count == 1, let bytes = Int(arguments[0]), bytes >= 2, bytes <= 1 << 30
    else {
      throw UsageError("_retained-check: expected a number of bytes from 2 to 2^30")
    }
    var configuration = BenchmarkRunner.Configuration(
      timeBudget: 0.001, allocationCounter: HarnessWiring.allocationCounter.verified(),
      measuresPeakMemory: false)
    configuration.minimumSamples = 3
    let result = try BenchmarkRunner(configuration).measure(
      Benchmark(strategy: "known", workload: "retain", dataset: "bytes", items: 1) {
        KnownRetentionRoutine(bytes: bytes)
      })
    guard let retained = result.retainedBytes else {
      return "not measured: \(result.allocationsNote ?? "no retained bytes")\n"
    }
    return "\(retained)\n"
  }
}

/// Keeps `bytes` of heap from an iteration: half made untimed in `prepareBatch`, the rest in
/// `runBatch`, each one `malloc` of exactly that size (`allocate` with a small alignment).
private final class KnownRetentionRoutine: BenchmarkRoutine {
  let bytes: Int
  private var kept: [UnsafeMutableRawPointer] = []
  /// Made before the iteration: freeing it in the iteration must not lower what it retains.
  private var early: UnsafeMutableRawPointer?

  init(bytes: Int) {
    self.bytes = bytes
    kept.reserveCapacity(2)
    early = UnsafeMutableRawPointer.allocate(byteCount: 4096, alignment: 8)
  }

  deinit { release() }

  var measuresRetainedMemory: Bool { true }

  private func release() {
    for block in kept { block.deallocate() }
    kept.removeAll(keepingCapacity: true)
  }

  func prepareBatch(iterations: Int) {
    release()
    early?.deallocate()
    early = nil
    let scratch = UnsafeMutableRawPointer.allocate(byteCount: 1000, alignment: 8)
    kept.append(UnsafeMutableRawPointer.allocate(byteCount: bytes / 2, alignment: 8))
    scratch.deallocate()
  }

  /// Every iteration replaces the block the one before kept, so that a batch takes time in
  /// proportion to its iterations (the runner's calibration doubles batches until one does).
  func runBatch(iterations: Int) {
    for _ in 0..<iterations {
      if kept.count > 1, let last = kept.popLast() { last.deallocate() }
      let scratch = UnsafeMutableRawPointer.allocate(byteCount: 3000, alignment: 8)
      kept.append(UnsafeMutableRawPointer.allocate(byteCount: bytes - bytes / 2, alignment: 8))
      scratch.deallocate()
    }
    blackHole(kept.count)
  }

  /// Nothing to check: it computes nothing, only keeps.
  func check() throws {}
}
