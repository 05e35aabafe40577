#include "InstructionRegion.h"

// Valgrind's client requests: a no-op instruction sequence that valgrind recognises. The
// request code and five arguments are passed by address in rax; the answer comes back in rdx
// (valgrind's documented protocol, valgrind.h). Callgrind's requests are numbered from
// ('C' << 24 | 'T' << 16): START_INSTRUMENTATION is +4 and STOP_INSTRUMENTATION +5.
#if defined(__x86_64__)
static unsigned long valgrind_request(unsigned long request) {
  volatile unsigned long arguments[6] = {request, 0, 0, 0, 0, 0};
  unsigned long result = 0;
  __asm__ volatile("rolq $3, %%rdi ; rolq $13, %%rdi\n\t"
                   "rolq $61, %%rdi ; rolq $51, %%rdi\n\t"
                   "xchgq %%rbx, %%rbx"
                   : "=d"(result)
                   : "a"(&arguments[0]), "0"(result)
                   : "cc", "memory");
  return result;
}
int bench_instruction_region_controls_instrumentation(void) { return 1; }
#else
static unsigned long valgrind_request(unsigned long request) {
  (void)request;
  return 0;
}
int bench_instruction_region_controls_instrumentation(void) { return 0; }
#endif

static const unsigned long callgrind_requests =
    ((unsigned long)'C' << 24) | ((unsigned long)'T' << 16);
static const unsigned long dump_stats = callgrind_requests + 0;
static const unsigned long zero_stats = callgrind_requests + 1;
static const unsigned long toggle_collect = callgrind_requests + 2;
static const unsigned long start_instrumentation = callgrind_requests + 4;
static const unsigned long stop_instrumentation = callgrind_requests + 5;

// noinline and used: one call, which the counted region brackets exactly.
__attribute__((noinline, used)) void bench_instruction_region_body(void *context,
                                                                   void (*body)(void *context)) {
  body(context);
  // Keeps the call from becoming a tail jump.
  __asm__ volatile("" ::: "memory");
}

// Under `valgrind --tool=callgrind --instr-atstart=no --collect-atstart=no`: instrument, zero,
// collect around the body alone, write one profile part (numbered from 1), stop instrumenting.
// The count includes the call of `body` and one client request: a constant few instructions.
void bench_instruction_region(void *context, void (*body)(void *context)) {
  valgrind_request(start_instrumentation);
  valgrind_request(zero_stats);
  valgrind_request(toggle_collect);
  bench_instruction_region_body(context, body);
  valgrind_request(toggle_collect);
  valgrind_request(dump_stats);
  valgrind_request(stop_instrumentation);
}
