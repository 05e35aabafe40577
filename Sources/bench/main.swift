import BenchCLI
import BenchKit
import CAllocationCounter
import Foundation

// Wiring only: every command lives in BenchCLI, where tests run it in-process. This executable
// links the allocator wrapper, so it is the one place allocation counting is plugged in.
CommandIO.reserveClosedStandardDescriptors()
HarnessWiring.allocationCounter =
  bench_allocation_counter_is_wrapping() != 0
  ? AllocationCounter(
    unavailableReason: nil,
    exactSizes: { bench_allocation_exact_sizes($0 ? 1 : 0) },
    markRetained: { bench_allocation_retained_mark() },
    readRetained: {
      let retained = bench_allocation_retained_read()
      return retained.untracked_blocks == 0 ? Int(exactly: retained.live_bytes) : nil
    },
    read: {
      let totals = bench_allocation_counter_read()
      return AllocationCounter.Totals(allocations: totals.allocations, bytes: totals.bytes)
    })
  : .unavailable(
    "unavailable: "
      + (bench_allocation_counter_unavailable_reason().map { String(cString: $0) } ?? "unknown"))
// Only where something is measured: fixed thresholds keep freed blocks in the heap, which
// would raise what `bench layout` and `bench dataset` hold at their peak for nothing.
let measuring = ["run", "compare", "_ab-worker", "_instructions-worker"]
let command = CommandLine.arguments.dropFirst().first
let isMeasuring = command.map { measuring.contains($0) || $0.hasPrefix("-") } ?? true
if isMeasuring, bench_allocator_stabilize() != 0 {
  HarnessWiring.allocatorNote =
    "allocator: glibc's mmap and trim thresholds fixed at 1 GiB, so timings do not depend on the run's history"
}
exit(BenchCommand.run(Array(CommandLine.arguments.dropFirst())).rawValue)
