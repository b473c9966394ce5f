// Pseudo-terminal calls for the shell's tests, which Swift's Glibc module leaves out
// (they need _GNU_SOURCE / _XOPEN_SOURCE), and a spawn that gives the child a controlling
// terminal, which posix_spawn cannot do portably.

#ifndef SLUICE_CTESTTERMINAL_H
#define SLUICE_CTESTTERMINAL_H

#include <stddef.h>
#include <sys/types.h>

/// Opens a new pseudo-terminal: returns the controlling side's descriptor and writes the
/// terminal device's path into `path`; -1 (errno set) on failure.
int sluice_test_open_pseudo_terminal(char *path, size_t path_size);

/// Starts `program` with `arguments` and `environment` (NULL-terminated) in a new session
/// whose controlling terminal is the device at `terminal_path`, as its standard input,
/// output and error. Returns the child's pid, or -1 (errno set).
pid_t sluice_test_spawn_on_terminal(
  const char *program, char *const arguments[], char *const environment[], const char *terminal_path);

#endif
