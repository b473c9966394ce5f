import BenchmarkFixtures
import Benchmark
import MallocInterposerSwift
import Sluice
import SluiceDebugger

/// Benchmark 8: the memory history takes, measured as heap bytes in use by package-benchmark's
/// malloc interposer (bytes allocated minus bytes freed): what the program asked for, not
/// what the kernel lent it.
enum MemoryBenchmarks {
  static func register() {
    let perEntry = Comparison(
      "8 history memory, 1M actions kept", figure: "bytes per history entry",
      baseline: "bytes per element of [Action]", unit: .bytes, target: .atMost(64))
    registerComparison(perEntry, samples: 2, metrics: [.wallClock, .mallocCountTotal]) {
      let count = 1_000_000
      let before = heapInUse()
      let actions = (0..<count).map { Counter.actions[$0 & 63] }
      let arrayBytes = Double(heapInUse() - before) / Double(count)
      let session = DispatchBenchmarks.counterSession(historyLimit: count)
      let store = session.inspection.store(of: Counter.State.self, Counter.Action.self)!
      let start = heapInUse()
      for action in actions { store.send(action) }
      let entryBytes = Double(heapInUse() - start) / Double(count)
      blackHole(session)
      return (entryBytes, arrayBytes)
    }

    let flat = Comparison(
      "8 peak memory with max age 10,000", figure: "peak after 1M actions",
      baseline: "peak after 100k actions", unit: .bytes, target: .ratioAtMost(1.1))
    registerComparison(flat, samples: 2, metrics: [.wallClock, .mallocCountTotal]) {
      (peakHeap(sending: 1_000_000), peakHeap(sending: 100_000))
    }
  }

  /// The most heap in use, sampled every 1,000 actions, while a session with the default
  /// history limit of 10,000 records `count` actions.
  @MainActor
  static func peakHeap(sending count: Int) -> Double {
    let start = heapInUse()
    let session = DispatchBenchmarks.counterSession(historyLimit: 10_000)
    let store = session.inspection.store(of: Counter.State.self, Counter.Action.self)!
    var peak = 0
    for index in 0..<count {
      store.send(Counter.actions[index & 63])
      if index % 1_000 == 0 { peak = max(peak, heapInUse() - start) }
    }
    blackHole(session)
    return Double(peak)
  }

  /// Bytes allocated and not freed since the interposer started counting, which
  /// package-benchmark does for benchmarks that ask for a malloc metric.
  static func heapInUse() -> Int {
    let statistics = MallocInterposerSwift.getStatistics()
    return statistics.mallocBytesCount - statistics.freeBytesCount
  }
}
