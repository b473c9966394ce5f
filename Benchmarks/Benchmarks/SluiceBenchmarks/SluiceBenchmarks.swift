import Benchmark

/// Every benchmark of Sluice; `Scripts/bench` runs them and prints the table.
let benchmarks: @Sendable () -> Void = {
  DispatchBenchmarks.register()
  DiffBenchmarks.register()
  ScriptBenchmarks.register()
  SessionFileBenchmarks.register()
  TraceBenchmarks.register()
  MemoryBenchmarks.register()
  BigStateBenchmarks.register()
  AllocationBenchmarks.register()
  ComplexityBenchmarks.register()
  AttachBenchmarks.register()
  RecordedReadsBenchmarks.register()
  EditorBenchmarks.register()
  HistoryQuestionsBenchmarks.register()
  ShrinkBenchmarks.register()
}
