#ifndef LAYOUTLAB_TEMPORARY_FILES_H
#define LAYOUTLAB_TEMPORARY_FILES_H

/// Temporary files removed when SIGINT, SIGTERM or SIGHUP ends the process.
///
/// The signal handler only calls async-signal-safe functions (unlink, sigaction, raise) on a
/// fixed-size table of paths, then ends the process with the same signal, so the exit status
/// says what ended it. Signals ignored or handled by someone else when the first path is
/// registered are left alone.

/// Registers `path` for removal if a signal ends the process, installing the handlers on first
/// use. Returns the slot to pass to bench_temporary_forget, or -1 when the table is full or the
/// path too long (the path is then not removed on a signal; everything else works).
int bench_temporary_register(const char *path);

/// Forgets a registration (the file was renamed into place or removed). -1 is ignored.
void bench_temporary_forget(int slot);

/// Defers the handlers' work while a set of renames runs, so that a signal cannot end the
/// process between two of them: a signal arriving meanwhile takes effect at
/// bench_termination_resume. Returns 0, or -1 if a signal is already ending the process (then do
/// not start, and do not call bench_termination_resume).
int bench_termination_defer(void);

/// Ends a bench_termination_defer; the last one to end acts on a deferred signal.
void bench_termination_resume(void);

#endif
