#include "CFuzzDriver.h"

// In libFuzzer (-sanitize=fuzzer).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

int SluiceFuzzMain(int argc, char **argv, int (*callback)(const uint8_t *data, size_t size)) {
  return LLVMFuzzerRunDriver(&argc, &argv, callback);
}
