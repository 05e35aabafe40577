// Counts heap allocations by wrapping glibc's allocator: this file defines malloc, free and
// their siblings, and forwards each call to glibc's own implementation (`__libc_malloc`, …).
// Linked into the `bench` executable only, whose definitions take precedence over libc's for
// every library the process loads (the Swift runtime, Foundation, Dispatch).
//
// Counting must be cheap (it runs around every allocation, timed regions included) and must
// never allocate itself. Each thread claims one slot of a static table the first time it
// allocates and bumps plain counters in it; a reader sums the slots. Threads beyond the table's
// size share one overflow slot updated atomically.

#include "AllocationCounter.h"

#if defined(__linux__) && defined(__GLIBC__)

#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

typedef struct {
  _Atomic uint64_t allocations;
  _Atomic uint64_t bytes;
  _Atomic uint64_t frees;
  char padding[64 - 3 * sizeof(uint64_t)];  // one cache line per slot: no false sharing
} slot_t;

enum { slot_count = 512 };
static slot_t slots[slot_count + 1];  // the last one is the shared overflow slot
static _Atomic int claimed = 0;
static __thread slot_t *this_thread_slot __attribute__((tls_model("initial-exec")));

static slot_t *my_slot(void) {
  slot_t *slot = this_thread_slot;
  if (__builtin_expect(slot == NULL, 0)) {
    int index = atomic_fetch_add_explicit(&claimed, 1, memory_order_relaxed);
    slot = &slots[index < slot_count ? index : slot_count];
    this_thread_slot = slot;
  }
  return slot;
}

static inline void bump(_Atomic uint64_t *counter, uint64_t amount, slot_t *slot) {
  if (slot == &slots[slot_count]) {
    atomic_fetch_add_explicit(counter, amount, memory_order_relaxed);
  } else {
    // Only this thread writes its slot: a relaxed load and store, no locked instruction.
    atomic_store_explicit(
      counter, atomic_load_explicit(counter, memory_order_relaxed) + amount, memory_order_relaxed);
  }
}

static inline void count_allocation(size_t size) {
  slot_t *slot = my_slot();
  bump(&slot->allocations, 1, slot);
  bump(&slot->bytes, size, slot);
}

void *malloc(size_t size) {
  count_allocation(size);
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  count_allocation(count * size);
  return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
  count_allocation(size);
  return __libc_realloc(pointer, size);
}

void free(void *pointer) {
  if (pointer != NULL) {
    slot_t *slot = my_slot();
    bump(&slot->frees, 1, slot);
  }
  __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
  count_allocation(size);
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  count_allocation(size);
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
  count_allocation(size);
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL && size != 0) return ENOMEM;
  *result = pointer;
  return 0;
}

void *valloc(size_t size) {
  count_allocation(size);
  return __libc_valloc(size);
}

void *pvalloc(size_t size) {
  count_allocation(size);
  return __libc_pvalloc(size);
}

int bench_allocation_counter_is_wrapping(void) { return 1; }

bench_allocation_totals bench_allocation_counter_read(void) {
  bench_allocation_totals totals = {0, 0, 0};
  int used = atomic_load_explicit(&claimed, memory_order_relaxed);
  int last = used < slot_count ? used : slot_count;
  for (int index = 0; index <= last; index++) {
    totals.allocations += atomic_load_explicit(&slots[index].allocations, memory_order_relaxed);
    totals.bytes += atomic_load_explicit(&slots[index].bytes, memory_order_relaxed);
    totals.frees += atomic_load_explicit(&slots[index].frees, memory_order_relaxed);
  }
  return totals;
}

#else

int bench_allocation_counter_is_wrapping(void) { return 0; }

bench_allocation_totals bench_allocation_counter_read(void) {
  bench_allocation_totals totals = {0, 0, 0};
  return totals;
}

#endif

#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h>

int bench_allocator_stabilize(void) {
  // glibc serves large blocks with mmap and raises that threshold as such blocks are freed, so
  // the cost of the same allocation (fresh pages and their faults, or reused heap) depends on
  // what the process did before: a benchmark would time differently after a short run than
  // after a long one. Fixed thresholds make it depend on the code measured only.
  return mallopt(M_MMAP_THRESHOLD, 1 << 30) && mallopt(M_TRIM_THRESHOLD, 1 << 30);
}
#else
int bench_allocator_stabilize(void) { return 0; }
#endif
