// Removes registered temporary files when SIGINT, SIGTERM or SIGHUP ends the process.
//
// A signal handler may only call async-signal-safe functions and must not take locks, so the
// registry is a fixed table of paths, each slot guarded by an atomic state, and the handler
// claims a slot before reading its path: a slot is never rewritten while the handler reads it.

#define _GNU_SOURCE
#include "TemporaryFiles.h"

#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

enum { slot_count = 64 };
enum { slot_free, slot_filling, slot_registered, slot_removing };

static char paths[slot_count][PATH_MAX];
static _Atomic int states[slot_count];

// Termination state: -1 once a signal is ending the process; otherwise the number of deferrals
// in progress (low 16 bits) and the signal that arrived during them (the bits above).
static _Atomic int termination = 0;
enum { count_mask = 0xffff, signal_shift = 16 };

static const int handled_signals[] = {SIGINT, SIGTERM, SIGHUP};

static void remove_registered(void) {
  for (int slot = 0; slot < slot_count; slot++) {
    int expected = slot_registered;
    // Claimed for good: the process is ending, the slot is never reused.
    if (atomic_compare_exchange_strong(&states[slot], &expected, slot_removing)) {
      unlink(paths[slot]);
    }
  }
}

// Removes the files, then ends the process with `signo` by its default action. Inside the
// handler the signal stays blocked until the handler returns, and then takes effect.
static void end_process(int signo) {
  remove_registered();
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  sigaction(signo, &action, NULL);
  raise(signo);
}

static void handle(int signo) {
  int state = atomic_load(&termination);
  for (;;) {
    if (state == -1) return;  // another thread is already ending the process
    if ((state & count_mask) == 0) {
      if (atomic_compare_exchange_weak(&termination, &state, -1)) {
        end_process(signo);
        return;
      }
    } else if (atomic_compare_exchange_weak(
                   &termination, &state, (state & count_mask) | (signo << signal_shift))) {
      return;  // deferred: bench_termination_resume acts on it
    }
  }
}

static void install(void) {
  for (size_t index = 0; index < sizeof handled_signals / sizeof handled_signals[0]; index++) {
    int signo = handled_signals[index];
    struct sigaction old;
    // Only over the default action: an ignored signal (nohup) stays ignored.
    if (sigaction(signo, NULL, &old) != 0 || (old.sa_flags & SA_SIGINFO) != 0 ||
        old.sa_handler != SIG_DFL) {
      continue;
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handle;
    sigfillset(&action.sa_mask);  // one handler at a time on this thread
    action.sa_flags = SA_RESTART;
    sigaction(signo, &action, NULL);
  }
}

int bench_temporary_register(const char *path) {
  static pthread_once_t installed = PTHREAD_ONCE_INIT;
  pthread_once(&installed, install);
  size_t length = strlen(path);
  if (length >= PATH_MAX) return -1;
  for (int slot = 0; slot < slot_count; slot++) {
    int expected = slot_free;
    if (atomic_compare_exchange_strong(&states[slot], &expected, slot_filling)) {
      memcpy(paths[slot], path, length + 1);
      atomic_store(&states[slot], slot_registered);
      return slot;
    }
  }
  return -1;
}

void bench_temporary_forget(int slot) {
  if (slot < 0 || slot >= slot_count) return;
  int expected = slot_registered;
  // Fails only when the handler has claimed the slot: the process is ending; leave it.
  atomic_compare_exchange_strong(&states[slot], &expected, slot_free);
}

int bench_termination_defer(void) {
  int state = atomic_load(&termination);
  for (;;) {
    if (state == -1) return -1;
    if (atomic_compare_exchange_weak(&termination, &state, state + 1)) return 0;
  }
}

void bench_termination_resume(void) {
  int state = atomic_load(&termination);
  for (;;) {
    int count = (state & count_mask) - 1;
    int signo = state >> signal_shift;
    if (count == 0 && signo != 0) {
      if (atomic_compare_exchange_weak(&termination, &state, -1)) {
        end_process(signo);
        return;
      }
    } else if (atomic_compare_exchange_weak(
                   &termination, &state, (state & ~count_mask) | count)) {
      return;
    }
  }
}
