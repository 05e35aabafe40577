#include "ProcessPlacement.h"

#if defined(__linux__)
#define _GNU_SOURCE
#include <sched.h>
#include <sys/personality.h>

int bench_current_cpu(void) { return sched_getcpu(); }

int bench_pin_to_cpu(int cpu) {
  if (cpu < 0 || cpu >= CPU_SETSIZE) return -1;
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  return sched_setaffinity(0, sizeof set, &set) == 0 ? 0 : -1;
}

int bench_disable_address_randomization_for_children(void) {
  // personality(0xffffffff) reads the persona without changing it.
  int current = personality(0xffffffff);
  if (current == -1) return -1;
  return personality((unsigned long)current | ADDR_NO_RANDOMIZE) == -1 ? -1 : 0;
}

int bench_address_randomization_is_off(void) {
  int current = personality(0xffffffff);
  return current != -1 && (current & ADDR_NO_RANDOMIZE) ? 1 : 0;
}

#else

int bench_current_cpu(void) { return -1; }
int bench_pin_to_cpu(int cpu) { (void)cpu; return -1; }
int bench_disable_address_randomization_for_children(void) { return -1; }
int bench_address_randomization_is_off(void) { return 0; }

#endif
