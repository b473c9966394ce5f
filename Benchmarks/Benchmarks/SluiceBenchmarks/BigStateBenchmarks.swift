import BenchmarkFixtures
import Benchmark
import Foundation
import Sluice
import SluiceDebugger

/// Benchmark 8 at the size users have: a 10,000-row state (``Rows``), 100,000 actions each
/// changing one row, the default history limit. The history's memory against the final
/// state and the actions it keeps, and against the same states kept whole, as the history
/// kept them before it kept patches; time travel on that session (`jump`, `print` at an
/// entry, an entry's diff) against the same commands on Counter; and `save` and `load` of
/// that session against plain JSON of the states it records.
enum BigStateBenchmarks {
  /// How many actions, and the history limit (the default).
  static let actionCount = 100_000
  static let historyLimit = 10_000

  static func action(_ index: Int) -> Rows.Action { Rows.spreadAction(index) }

  static func register() {
    let memory = Comparison(
      "8 history memory, 10,000-row state", figure: "peak heap, 100k one-row edits",
      baseline: "the final state and the actions kept", unit: .bytes, target: .ratioAtMost(3))
    // Two samples: the first warms up, and only the second is kept.
    registerComparison(memory, samples: 2, metrics: [.wallClock, .mallocCountTotal]) {
      let before = MemoryBenchmarks.heapInUse()
      let state = Rows.State()
      let stateBytes = MemoryBenchmarks.heapInUse() - before
      blackHole(state)
      let actionBytes = historyLimit * MemoryLayout<Rows.Action>.stride
      return (Double(peakHeapOfSession()), Double(stateBytes + actionBytes))
    }

    let againstWhole = Comparison(
      "8 history memory, 10,000-row state, against whole states", figure: "peak heap of the session",
      baseline: "the states alone, each kept whole", unit: .bytes, target: .none)
    registerComparison(againstWhole, samples: 2, metrics: [.wallClock, .mallocCountTotal]) {
      (Double(peakHeapOfSession()), Double(peakHeapOfWholeStates()))
    }

    let indexes = (0..<200).map { ($0 * 4_999 + 17) % historyLimit + (actionCount - historyLimit) + 1 }
    for name in ["jump", "print at an entry", "diff of an entry"] {
      let comparison = Comparison(
        "8 \(name) on the 10,000-row session", figure: "10,000 rows", baseline: "Counter", unit: .nanoseconds,
        target: .atMost(1_000_000))
      registerComparison(comparison, samples: 5) {
        (median(of: command(name), on: rows, at: indexes), median(of: command(name), on: counter, at: indexes))
      }
    }
    registerSaveAndLoad()
  }

  /// `save` and `load` (which replays) of the 10,000-row session, in time and bytes, against
  /// plain JSON of the 10,000 states it records: what a history of whole states would write.
  /// Encoding all of them would take minutes and gigabytes, so 100 (every hundredth) are
  /// encoded and decoded and the figures scaled by 100: every state has the same 10,000 rows.
  static func registerSaveAndLoad() {
    let save = Comparison(
      "8 save the 10,000-row session", figure: "session save", baseline: "JSON-encode its 10,000 states",
      unit: .nanoseconds, target: .none)
    let load = Comparison(
      "8 load the 10,000-row session", figure: "session load with replay", baseline: "JSON-decode its 10,000 states",
      unit: .nanoseconds, target: .none)
    let size = Comparison(
      "8 the 10,000-row session's file", figure: "session file", baseline: "JSON of its 10,000 states",
      unit: .bytes, target: .none)
    registerComparison(save, samples: 2) { saveAndLoad().save }
    registerComparison(load, samples: 2) { saveAndLoad().load }
    registerComparison(size, samples: 2) { saveAndLoad().size }
  }

  /// One save and one load of ``rows``, against plain JSON of its states.
  @MainActor
  static func saveAndLoad() -> (save: Sample, load: Sample, size: Sample) {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-bench-rows-\(getpid()).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let saveTime = nanosecondsPerOperation(1) { try! rows.files.save(to: path) }
    let fresh = emptyRowsSession()
    let loadTime = nanosecondsPerOperation(1) { _ = try! fresh.files.load(from: path) }
    let fileSize = (try! FileManager.default.attributesOfItem(atPath: path)[.size] as! NSNumber).doubleValue

    let sampled = sampledStates
    var encoded: [Data] = []
    let encode = nanosecondsPerOperation(1) { encoded = sampled.map { try! JSONEncoder().encode($0) } }
    let decode = nanosecondsPerOperation(1) {
      for data in encoded { blackHole(try! JSONDecoder().decode(Rows.State.self, from: data)) }
    }
    let scale = Double(historyLimit / sampled.count)
    let jsonSize = Double(encoded.reduce(0) { $0 + $1.count })
    return ((saveTime, encode * scale), (loadTime, decode * scale), (fileSize, jsonSize * scale))
  }

  /// Every hundredth of the states the 10,000-row session records (its last 10,000).
  @MainActor static let sampledStates: [Rows.State] = {
    let store = Store(initialState: Rows.State(), reducer: Rows())
    var states: [Rows.State] = []
    for index in 0..<actionCount {
      store.send(action(index))
      if index >= actionCount - historyLimit && index % 100 == 0 { states.append(store.state) }
    }
    return states
  }()

  /// The sessions the commands are timed on, made on first use (not when the benchmarks
  /// are registered, for every run).
  @MainActor static let rows = rowsSession(sending: actionCount)
  @MainActor static let counter = counterSession(sending: actionCount)

  /// The command timed under `name`, on a session and an entry.
  @MainActor
  static func command(_ name: String) -> @MainActor (any DebugSession, Int) throws -> Void {
    switch name {
    case "jump": { session, index in try session.timeTravel.jump(to: index) }
    case "print at an entry":
      { session, index in
        blackHole(try session.inspection.tree(at: session.featureName == "rows" ? "rows[9]" : "count", after: index))
      }
    default: { session, index in blackHole(try session.inspection.entry(index).1.changedPaths.count) }
    }
  }

  /// The median time of `command` at each of `indexes`.
  @MainActor
  static func median(
    of command: @MainActor (any DebugSession, Int) throws -> Void, on session: any DebugSession, at indexes: [Int]
  ) -> Double {
    let times = indexes.map { index in nanosecondsPerOperation(1) { try! command(session, index) } }.sorted()
    return times[times.count / 2]
  }

  /// A session of Rows with nothing sent.
  @MainActor
  static func emptyRowsSession() -> any DebugSession {
    let feature = Feature("rows", summary: "10,000 rows", initialState: Rows.State()) { _ in Rows() }
    let debugger = Debugger(
      registry: FeatureRegistry([feature]), options: DispatchBenchmarks.sessionOptions(historyLimit: historyLimit))
    return try! debugger.use("rows")
  }

  /// A session of Rows with `count` actions sent.
  @MainActor
  static func rowsSession(sending count: Int) -> any DebugSession {
    let session = emptyRowsSession()
    let store = session.inspection.store(of: Rows.State.self, Rows.Action.self)!
    for index in 0..<count { store.send(action(index)) }
    return session
  }

  /// A session of Counter with `count` actions sent.
  @MainActor
  static func counterSession(sending count: Int) -> any DebugSession {
    let session = DispatchBenchmarks.counterSession(historyLimit: historyLimit)
    let store = session.inspection.store(of: Counter.State.self, Counter.Action.self)!
    for index in 0..<count { store.send(Counter.actions[index & 63]) }
    return session
  }

  /// The most heap in use, sampled every 1,000 actions, while a session records the
  /// actions.
  @MainActor
  static func peakHeapOfSession() -> Int {
    let start = MemoryBenchmarks.heapInUse()
    let session = emptyRowsSession()
    let store = session.inspection.store(of: Rows.State.self, Rows.Action.self)!
    var peak = 0
    for index in 0..<actionCount {
      store.send(action(index))
      if index % 1_000 == 0 { peak = max(peak, MemoryBenchmarks.heapInUse() - start) }
    }
    blackHole(session)
    return peak
  }

  /// The same, for the states alone kept whole, the last `historyLimit` of them: what the
  /// history held before it kept patches (its entries' other bytes left out).
  @MainActor
  static func peakHeapOfWholeStates() -> Int {
    let start = MemoryBenchmarks.heapInUse()
    let store = Store(initialState: Rows.State(), reducer: Rows())
    var states: [Rows.State] = []
    states.reserveCapacity(historyLimit)
    var peak = 0
    for index in 0..<actionCount {
      store.send(action(index))
      if states.count < historyLimit { states.append(store.state) } else { states[index % historyLimit] = store.state }
      if index % 1_000 == 0 { peak = max(peak, MemoryBenchmarks.heapInUse() - start) }
    }
    blackHole(states)
    return peak
  }
}
