// libFuzzer's entry point for programs with their own main. SwiftPM links an executable
// target's main as `<Target>_main`, which libFuzzer's own main cannot replace, so each target
// defines that function and hands control to libFuzzer through SluiceFuzzMain.
#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer with the program's arguments on `callback`, one input per call.
int SluiceFuzzMain(int argc, char **argv, int (*callback)(const uint8_t *data, size_t size));
