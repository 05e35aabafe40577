// Counts heap allocations by wrapping glibc's allocator: this file defines malloc, free and
// their siblings, and forwards each call to glibc's own implementation (`__libc_malloc`, …).
// Linked into the `bench` executable only, whose definitions take precedence over libc's for
// every library the process loads (the Swift runtime, Foundation, Dispatch).
//
// Counting must be cheap (it runs around every allocation, timed regions included) and must
// never allocate itself. Each thread claims one slot of a static table the first time it
// allocates and bumps plain counters in it; a reader sums the slots. Threads beyond the table's
// size share one overflow slot updated atomically.

#define _GNU_SOURCE
#include "AllocationCounter.h"

// A sanitizer (swift build --sanitize=thread or address) brings its own allocator and
// intercepts malloc and free itself: a second definition here would clash with it (and count
// its allocations, not the program's). Under one, the wrapper is compiled out and reports
// "unavailable", as on a platform without glibc.
#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
#define LAYOUTLAB_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
#define LAYOUTLAB_SANITIZED 1
#endif

#if defined(__linux__) && defined(__GLIBC__) && !defined(LAYOUTLAB_SANITIZED)

#include <dlfcn.h>
#include <errno.h>
#include <string.h>
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

// Exact sizes. Swift grows an array into all of its block's usable size (malloc_usable_size),
// and how much larger than asked a block is depends on the heap's history — which differs from
// run to run (other threads, earlier benchmarks) — so the number of reallocations, and the
// allocation count, would too. Within a counting window, malloc_usable_size answers the size
// each block was asked for. That is always safe (never more than the real usable size) and
// makes the count depend on the code counted only. Blocks are remembered in a static table
// (no allocation) only while a window is open; it is emptied when the next one opens.
enum { exact_capacity = 1 << 18 };  // a power of two; half of it usable
typedef struct {
  void *pointer;  // NULL: empty; `exact_gone`: a freed block (a tombstone)
  size_t size;
  uint64_t mark;  // the retained-bytes mark current when the block was allocated
} exact_entry;
static exact_entry exact_table[exact_capacity];
static size_t exact_occupied = 0;

// Retained bytes: what was allocated since the last mark and is still live. Kept in the same
// table, under the same lock, because it needs the same thing: the size each block was asked
// for, by pointer, recorded when it was allocated. A free subtracts the size recorded at its
// allocation — never glibc's usable size, which depends on the heap's history — and only for
// a block allocated since the mark (a block made earlier, such as the model a layout is given,
// is not the marked code's to retain or release). So the figure is exact and the same on
// every run. A block the full table could not record is counted in `retained_untracked`:
// its free could not be subtracted, so the figure is then not exact and is reported as such.
static uint64_t retained_mark = 0;
static uint64_t retained_live = 0;
static uint64_t retained_untracked = 0;
static _Atomic int exact_open = 0;
static atomic_flag exact_lock = ATOMIC_FLAG_INIT;
static char exact_gone_marker;
#define exact_gone ((void *)&exact_gone_marker)

static inline size_t exact_slot(void *pointer) {
  return (size_t)(((uintptr_t)pointer >> 4) * 0x9E3779B97F4A7C15ull) >> (64 - 18);
}

static inline void exact_acquire(void) {
  while (atomic_flag_test_and_set_explicit(&exact_lock, memory_order_acquire)) {}
}

static inline void exact_release(void) {
  atomic_flag_clear_explicit(&exact_lock, memory_order_release);
}

/// The entry for `pointer`, or NULL.
static exact_entry *exact_find(void *pointer) {
  for (size_t index = exact_slot(pointer), probes = 0; probes < exact_capacity;
       index = (index + 1) & (exact_capacity - 1), probes++) {
    if (exact_table[index].pointer == pointer) return &exact_table[index];
    if (exact_table[index].pointer == NULL) return NULL;
  }
  return NULL;
}

static void exact_forget(void *pointer) {
  if (pointer == NULL || !atomic_load_explicit(&exact_open, memory_order_relaxed)) return;
  exact_acquire();
  exact_entry *entry = exact_find(pointer);
  if (entry != NULL) {
    entry->pointer = exact_gone;
    if (entry->mark == retained_mark) retained_live -= entry->size;
  }
  exact_release();
}

static void exact_remember(void *pointer, size_t size) {
  if (pointer == NULL || !atomic_load_explicit(&exact_open, memory_order_relaxed)) return;
  exact_acquire();
  exact_entry *entry = exact_find(pointer);
  if (entry == NULL && exact_occupied < exact_capacity / 2) {
    size_t index = exact_slot(pointer);
    while (exact_table[index].pointer != NULL && exact_table[index].pointer != exact_gone) {
      index = (index + 1) & (exact_capacity - 1);
    }
    if (exact_table[index].pointer == NULL) exact_occupied++;
    entry = &exact_table[index];
  }
  // A full table leaves later blocks at their real usable size: the count may then vary.
  if (entry != NULL) {
    if (entry->pointer == pointer && entry->mark == retained_mark) retained_live -= entry->size;
    entry->pointer = pointer;
    entry->size = size;
    entry->mark = retained_mark;
    retained_live += size;
  } else {
    retained_untracked++;
  }
  exact_release();
}

void bench_allocation_exact_sizes(int open) {
  exact_acquire();
  if (open) {
    memset(exact_table, 0, sizeof exact_table);
    exact_occupied = 0;
  }
  atomic_store_explicit(&exact_open, open, memory_order_relaxed);
  exact_release();
}

void bench_allocation_retained_mark(void) {
  exact_acquire();
  retained_mark++;
  retained_live = 0;
  retained_untracked = 0;
  exact_release();
}

bench_retained_totals bench_allocation_retained_read(void) {
  exact_acquire();
  bench_retained_totals totals = {retained_live, retained_untracked};
  exact_release();
  return totals;
}

size_t malloc_usable_size(void *pointer) {
  static size_t (*libc_usable_size)(void *);
  if (pointer != NULL && atomic_load_explicit(&exact_open, memory_order_relaxed)) {
    exact_acquire();
    exact_entry *entry = exact_find(pointer);
    size_t size = entry != NULL ? entry->size : 0;
    exact_release();
    if (entry != NULL) return size;
  }
  if (libc_usable_size == NULL) {
    libc_usable_size = (size_t(*)(void *))dlsym(RTLD_NEXT, "malloc_usable_size");
  }
  return libc_usable_size != NULL ? libc_usable_size(pointer) : 0;
}

void *malloc(size_t size) {
  count_allocation(size);
  void *pointer = __libc_malloc(size);
  exact_remember(pointer, size);
  return pointer;
}

void *calloc(size_t count, size_t size) {
  count_allocation(count * size);
  void *pointer = __libc_calloc(count, size);
  exact_remember(pointer, count * size);
  return pointer;
}

void *realloc(void *pointer, size_t size) {
  count_allocation(size);
  exact_forget(pointer);
  void *moved = __libc_realloc(pointer, size);
  exact_remember(moved, size);
  return moved;
}

void free(void *pointer) {
  if (pointer != NULL) {
    slot_t *slot = my_slot();
    bump(&slot->frees, 1, slot);
  }
  exact_forget(pointer);
  __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
  count_allocation(size);
  void *pointer = __libc_memalign(alignment, size);
  exact_remember(pointer, size);
  return pointer;
}

void *aligned_alloc(size_t alignment, size_t size) {
  count_allocation(size);
  void *pointer = __libc_memalign(alignment, size);
  exact_remember(pointer, size);
  return pointer;
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
  count_allocation(size);
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL && size != 0) return ENOMEM;
  exact_remember(pointer, size);
  *result = pointer;
  return 0;
}

void *valloc(size_t size) {
  count_allocation(size);
  void *pointer = __libc_valloc(size);
  exact_remember(pointer, size);
  return pointer;
}

void *pvalloc(size_t size) {
  count_allocation(size);
  void *pointer = __libc_pvalloc(size);
  exact_remember(pointer, size);
  return pointer;
}

int bench_allocation_counter_is_wrapping(void) { return 1; }

const char *bench_allocation_counter_unavailable_reason(void) { return NULL; }

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

const char *bench_allocation_counter_unavailable_reason(void) {
#if defined(LAYOUTLAB_SANITIZED)
  return "a sanitizer replaces the allocator in this build";
#else
  return "the allocator wrapper needs Linux with glibc";
#endif
}

void bench_allocation_exact_sizes(int open) { (void)open; }

void bench_allocation_retained_mark(void) {}

bench_retained_totals bench_allocation_retained_read(void) {
  bench_retained_totals totals = {0, 0};
  return totals;
}

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
