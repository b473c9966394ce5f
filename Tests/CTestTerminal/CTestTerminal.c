#define _GNU_SOURCE
#include "CTestTerminal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

int sluice_test_open_pseudo_terminal(char *path, size_t path_size) {
  int controller = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (controller < 0) return -1;
  if (grantpt(controller) != 0 || unlockpt(controller) != 0 || ptsname_r(controller, path, path_size) != 0) {
    int saved = errno;
    close(controller);
    errno = saved;
    return -1;
  }
  return controller;
}

pid_t sluice_test_spawn_on_terminal(
  const char *program, char *const arguments[], char *const environment[], const char *terminal_path
) {
  pid_t child = fork();
  if (child != 0) return child;
  // In the child, only async-signal-safe calls until execve: the parent has other threads.
  if (setsid() < 0) _exit(126);
  int terminal = open(terminal_path, O_RDWR);  // The first terminal a session leader opens
  if (terminal < 0) _exit(126);                // becomes its controlling terminal;
  ioctl(terminal, TIOCSCTTY, 0);               // TIOCSCTTY makes sure of it.
  if (dup2(terminal, 0) < 0 || dup2(terminal, 1) < 0 || dup2(terminal, 2) < 0) _exit(126);
  if (terminal > 2) close(terminal);
  // Nothing else of the test process: a descriptor left open (another test's pipe or socket)
  // would keep whatever waits on it waiting for as long as this program lives.
  closefrom(3);
  execve(program, arguments, environment);
  _exit(127);
}
