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
    read: {
      let totals = bench_allocation_counter_read()
      return AllocationCounter.Totals(allocations: totals.allocations, bytes: totals.bytes)
    })
  : .unavailable("unavailable: the allocator wrapper needs Linux with glibc")
if bench_allocator_stabilize() != 0 {
  HarnessWiring.allocatorNote =
    "allocator: glibc's mmap and trim thresholds fixed at 1 GiB, so timings do not depend on the run's history"
}
exit(BenchCommand.run(Array(CommandLine.arguments.dropFirst())).rawValue)
