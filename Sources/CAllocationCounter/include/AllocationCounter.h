#ifndef LAYOUTLAB_ALLOCATION_COUNTER_H
#define LAYOUTLAB_ALLOCATION_COUNTER_H

#include <stdint.h>

/// Heap allocations made by the whole process since it started, summed over every thread.
typedef struct {
  /// malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign, valloc and pvalloc calls.
  uint64_t allocations;
  /// Bytes those calls asked for.
  uint64_t bytes;
  /// free calls with a non-null pointer.
  uint64_t frees;
} bench_allocation_totals;

/// 1 when this build wraps the allocator (Linux with glibc), 0 where it does not: then every
/// total stays 0 and a report must say "unavailable", never print the zeros.
int bench_allocation_counter_is_wrapping(void);

/// Why the allocator is not wrapped (no glibc, or a sanitizer's build), for reports; NULL when
/// it is.
const char *bench_allocation_counter_unavailable_reason(void);

/// The totals so far. Exact when no other thread allocates concurrently.
bench_allocation_totals bench_allocation_counter_read(void);

/// Opens (1) or closes (0) a counting window: within it, malloc_usable_size answers the size
/// each block allocated in the window was asked for rather than what the heap's history made
/// it, so that code growing buffers into their usable size (Swift arrays) allocates the same
/// way on every run. Call on one thread, around the counted code.
void bench_allocation_exact_sizes(int open);

/// What stays allocated since the last `bench_allocation_retained_mark`.
typedef struct {
  /// Bytes asked for by blocks allocated since the mark, inside a counting window, and not
  /// freed since: exact (the size asked for, recorded per block, whatever glibc handed out).
  uint64_t live_bytes;
  /// Blocks allocated since the mark that the window's table was too full to record: when
  /// not 0, `live_bytes` is not exact (their frees could not be subtracted).
  uint64_t untracked_blocks;
} bench_retained_totals;

/// Starts counting retained bytes: blocks allocated from now on, within the open counting
/// window (`bench_allocation_exact_sizes(1)`), are added when allocated and subtracted when
/// freed; blocks allocated before the mark are ignored either way. Call on one thread.
void bench_allocation_retained_mark(void);

/// The retained bytes since the last mark.
bench_retained_totals bench_allocation_retained_read(void);

/// Fixes glibc's mmap and trim thresholds (1 GiB), so that how a block is served does not
/// depend on the process's history; returns 1 if it could. Called once at startup.
int bench_allocator_stabilize(void);

#endif
