import BenchmarkFixtures
import Benchmark
import Sluice

/// Benchmark 14: what recording a reducer's dependency reads in production costs per `send`
/// (`recordingDependencies()`), on a reducer that reads an id, the date and a random number
/// on every action: with nothing taking the reads, against the same reducer's plain store;
/// and adopted by a session that records (the flight recorder's), against the same session
/// on the plain reducer, which records the actions but no reads.
enum RecordedReadsBenchmarks {
  static func register() {
    let idle = Comparison(
      "14 send, reads recorded, no session", figure: "store.send, recordingDependencies()",
      baseline: "plain store.send, same reducer", unit: .nanoseconds, target: .ratioAtMost(1.1))
    registerComparison(idle) {
      let plain = DispatchBenchmarks.sendAll(Stamps.actions, to: Stamps.plainStore())
      let time = DispatchBenchmarks.sendAll(Stamps.actions, to: Stamps.recordingStore())
      return (time, plain)
    }

    let recorded = Comparison(
      "14 send, reads recorded by an adopted session", figure: "store.send, adopted, reads recorded",
      baseline: "store.send, adopted, plain reducer", unit: .nanoseconds, target: .none)
    registerComparison(recorded) {
      let plainStore = Stamps.plainStore()
      let plainSession = Stamps.adopt(plainStore)
      let plain = withExtendedLifetime(plainSession) { DispatchBenchmarks.sendAll(Stamps.actions, to: plainStore) }
      let store = Stamps.recordingStore()
      let session = Stamps.adopt(store)
      let time = withExtendedLifetime(session) { DispatchBenchmarks.sendAll(Stamps.actions, to: store) }
      precondition(session.inspection.history(last: 1).first?.reads.count == 3, "the session recorded the reads")
      return (time, plain)
    }
  }
}
