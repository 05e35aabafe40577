#ifndef LAYOUTLAB_INSTRUCTION_REGION_H
#define LAYOUTLAB_INSTRUCTION_REGION_H

/// Calls `body(context)` so that callgrind counts exactly what it executes: under
/// `valgrind --tool=callgrind --instr-atstart=no --collect-atstart=no`, client requests switch
/// instrumentation and collection on just around the call and write one profile part after
/// it (parts are numbered from 1, one per call). Everything else runs uninstrumented, several
/// times faster. Outside valgrind the requests are a few no-op instructions.
void bench_instruction_region(void *context, void (*body)(void *context));

/// 1 where this build issues callgrind's client requests (x86-64); 0 elsewhere, where
/// instructions cannot be counted.
int bench_instruction_region_controls_instrumentation(void);

#endif
