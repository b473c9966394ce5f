// Only the header matters: LLVMFuzzerRunDriver is in libFuzzer (-sanitize=fuzzer).
