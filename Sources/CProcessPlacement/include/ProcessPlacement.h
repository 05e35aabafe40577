#ifndef LAYOUTLAB_PROCESS_PLACEMENT_H
#define LAYOUTLAB_PROCESS_PLACEMENT_H

/// Where the processes of an A/B comparison run (docs/BenchMethod.md, "A/B against another
/// build"). Both sides must see the same CPU and the same kind of address layout, or a
/// difference of placement passes for a difference of code.

/// The CPU this thread is running on, or -1 where that cannot be known.
int bench_current_cpu(void);

/// Restricts this process (and every process it starts afterwards) to one CPU. 0 on success,
/// -1 where affinity cannot be set (then nothing changed).
int bench_pin_to_cpu(int cpu);

/// Turns address-space randomization off for every program this process executes from now
/// on (its children inherit it; the running process keeps its own layout). 0 on success, -1
/// where it cannot be (then nothing changed).
int bench_disable_address_randomization_for_children(void);

/// 1 when this process itself runs without address-space randomization, 0 otherwise.
int bench_address_randomization_is_off(void);

#endif
