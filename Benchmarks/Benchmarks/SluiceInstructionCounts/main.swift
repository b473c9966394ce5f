import BenchmarkFixtures
import Foundation
import Sluice
import SluiceDebugger
import SluiceReporting

// `SluiceInstructionCounts WORKLOAD N` runs one workload N times inside `measured`, the
// only function callgrind counts (`--toggle-collect`), so set-up is left out and the count
// divided by N is the workload's instructions per operation. `Scripts/bench --instructions`
// runs each figure and its baseline this way and prints their ratio.

/// Runs `body` once; callgrind counts the instructions of this call only.
@inline(never)
func measured(_ body: () -> Void) {
  body()
}

/// Runs `body` once, for workloads that are `async` (a script run): the same name, so
/// callgrind counts this call only. Nothing in the body may suspend onto the global
/// executor, which valgrind cannot follow: it runs on the main actor, as does the body.
@MainActor
@inline(never)
func measured(_ body: @MainActor () async -> Void) async {
  await body()
}

/// A session of Rows under the engine (diff off, history limit 10,000) with `count` one-row
/// edits sent, and its store.
@MainActor
func rowsSession(sending count: Int) -> (any DebugSession, Store<Rows.State, Rows.Action>) {
  var cycleDetection = CycleDetection.default
  cycleDetection.frequency = nil
  let options = SessionOptions(cycleDetection: cycleDetection, historyLimit: 10_000, diffDisplay: .off)
  let feature = Feature("rows", summary: "rows", initialState: Rows.State()) { _ in Rows() }
  let session = try! Debugger(registry: FeatureRegistry([feature]), options: options).use("rows")
  let store = session.inspection.store(of: Rows.State.self, Rows.Action.self)!
  for index in 0..<count { store.send(Rows.spreadAction(index)) }
  return (session, store)
}

/// A session of Counter under the engine (history limit 10,000), diffs shown as `diffDisplay`,
/// and its store.
@MainActor
func counterSession(diffDisplay: DiffDisplay) -> (any DebugSession, Store<Counter.State, Counter.Action>) {
  var cycleDetection = CycleDetection.default
  cycleDetection.frequency = nil
  let options = SessionOptions(cycleDetection: cycleDetection, historyLimit: 10_000, diffDisplay: diffDisplay)
  let feature = Feature("counter", summary: "counter", initialState: Counter.State()) { _ in Counter() }
  let session = try! Debugger(registry: FeatureRegistry([feature]), options: options).use("counter")
  return (session, session.inspection.store(of: Counter.State.self, Counter.Action.self)!)
}

/// Marks where the round trips `run-trip` looks at begin and end, for a debugger's breakpoints.
@inline(never) func tripsBegin() { keep(0) }
@inline(never) func tripsEnd() { keep(1) }

/// Keeps a value alive and opaque, so the optimiser cannot drop the work that made it.
@inline(never)
func keep<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

@MainActor
func run(_ workload: String, _ count: Int) async -> Bool {
  let actions = Counter.actions
  let mask = actions.count - 1
  switch workload {
  case "reducer":
    var state = Counter.State()
    let reducer = Counter()
    measured {
      for index in 0..<count { keep(reducer.reduce(into: &state, action: actions[index & mask]).isNone) }
    }
    keep(state)
  case "send":
    let store = Store(initialState: Counter.State(), reducer: Counter())
    measured {
      for index in 0..<count { store.send(actions[index & mask]) }
    }
    keep(store.state)
  case "actor-send":
    // The same sends, to a store that lives on an actor of the program's own.
    let owner = CounterOwner()
    await owner.sendAll(count)
    keep(await owner.count)
  case "engine", "engine-full-diff":
    // With the full diff, what a session an attached client watches does by default.
    let (session, store) = counterSession(diffDisplay: workload == "engine" ? .off : .full)
    // Grow the history's storage first: the target is no allocation once it has grown.
    for index in 0..<20_000 { store.send(actions[index & mask]) }
    measured {
      for index in 0..<count { store.send(actions[index & mask]) }
    }
    keep(session)
  case "trace-export":
    // Benchmark 7's trace: a counter session of 10,000 actions written as a trace (Trace
    // Event Format JSON), N times; the count divided by 10,000 is per action.
    let (session, store) = counterSession(diffDisplay: .off)
    for index in 0..<10_000 { store.send(actions[index & mask]) }
    measured {
      for _ in 0..<count { keep(ExportedTrace(session.files.describeTrace(origin: "a benchmark")).json()) }
    }
    keep(session)
  case "rows-send":
    // Benchmark 8 at size: one row of 10,000 changed per action, a plain store.
    let store = Store(initialState: Rows.State(), reducer: Rows())
    measured {
      for index in 0..<count { store.send(Rows.spreadAction(index)) }
    }
    keep(store.state)
  case "engine-rows":
    // The same under the engine recording history (diff off), as benchmark 2's Counter.
    let (session, store) = rowsSession(sending: 20_000)
    measured {
      for index in 0..<count { store.send(Rows.spreadAction(20_000 + index)) }
    }
    keep(session)
  case "rows-save":
    // Benchmark 8 at size: `save` of a session of 10,000 one-row edits of the 10,000 rows,
    // N times (not in `Scripts/bench --instructions`' table: for finding where a save goes).
    let (session, _) = rowsSession(sending: 10_000)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-rows-save-\(getpid()).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    measured {
      for _ in 0..<count { try! session.files.save(to: path) }
    }
    keep(session)
  case "run-trip":
    // Benchmark 11's `.run` round trip, N times after 100 to warm up. Its job runs on the
    // cooperative pool, which valgrind cannot follow, so it is not in `Scripts/bench
    // --instructions`' table: to see where each allocation of a trip comes from, break on
    // `malloc` in gdb between `tripsBegin` and `tripsEnd` (README, benchmark 11).
    let store = Store(initialState: RunTrip.State(), reducer: RunTrip())
    for _ in 0..<100 { await store.send(.start).finish() }
    tripsBegin()
    for _ in 0..<count { await store.send(.start).finish() }
    tripsEnd()
    keep(store.state)
  case "stamps-plain", "stamps-recording-idle", "stamps-adopted", "stamps-adopted-recording":
    // Benchmark 14: a reducer reading an id, the date and a random number; plain or built
    // with `recordingDependencies()`, alone or adopted by a session that records.
    let store = workload == "stamps-adopted-recording" || workload == "stamps-recording-idle"
      ? Stamps.recordingStore() : Stamps.plainStore()
    let session = workload.hasPrefix("stamps-adopted") ? Stamps.adopt(store) : nil
    let stamps = Stamps.actions
    // Grow the history's storage first, as benchmark 2 does.
    for index in 0..<20_000 { store.send(stamps[index & 63]) }
    measured {
      for index in 0..<count { store.send(stamps[index & 63]) }
    }
    keep(session)
    keep(store.state)
  case "monitored":
    // The store's own share of the engine's cost: the same send with a monitor that does
    // nothing and the same cycle detection.
    var cycleDetection = CycleDetection.default
    cycleDetection.frequency = nil
    let store = Store(
      initialState: Counter.State(), reducer: Counter(), cycleDetection: cycleDetection, monitor: NoOpMonitor())
    measured {
      for index in 0..<count { store.send(actions[index & mask]) }
    }
    keep(store.state)
  case "decode-action":
    // What a script line's action costs before it is sent: text to a literal tree to the
    // action, through Decodable.
    let texts = [".increment", ".add(12)", ".decrement", ".add(-3)"]
    measured {
      for index in 0..<count { keep(try! ActionText.decode(Counter.Action.self, from: texts[index & 3])) }
    }
  case "script-diff-off", "script-diff-summary":
    // A whole `sluice run` line, as benchmark 6 runs it: read, parsed, decoded, sent,
    // reported to output nobody reads.
    let display = workload == "script-diff-off" ? "off" : "summary"
    let runner = scriptRunner()
    await runner.run(ScriptSource(name: "setup", text: "use counter\nset diff \(display)\n"))
    let lines = ["send .increment", "send .add(12)", ".decrement", "send .add(-3)"]
    let script = ScriptSource(name: "bench", text: (0..<count).map { lines[$0 & 3] }.joined(separator: "\n"))
    await measured {
      await runner.run(script)
    }
    guard runner.status == .success else { fatalError("the script failed") }
  case "dap-round":
    // Benchmark 15: an editor's view of a stop through the debug adapter.
    let adapter = await EditorRound.launchedAdapter()
    var bytes = 0
    await measured {
      for round in 0..<count { bytes += await EditorRound.adapterRound(adapter, seq: 10 + round * 3) }
    }
    keep(bytes)
  case "protocol-round":
    // Its baseline: the same answers through the JSON protocol.
    let runner = await EditorRound.protocolRunner()
    await measured {
      for _ in 0..<count { await runner.run(EditorRound.protocolRound) }
    }
    guard runner.status == .success else { fatalError("the round failed") }
  case "parse-command":
    // What a script line costs to parse as a command, its action left as text.
    let lines = ["send .increment", "send .add(12)", ".decrement", "send .add(-3)"]
    let parser = CommandParser()
    measured {
      for index in 0..<count { keep(try! parser.parse(lines[index & 3])) }
    }
  case "middleware":
    let store = Store(initialState: Counter.State(), reducer: Counter(), middleware: CounterMiddleware.all)
    measured {
      for index in 0..<count { store.send(actions[index & mask]) }
    }
    keep(store.state)
  case "send+middleware-direct":
    let store = Store(initialState: Counter.State(), reducer: Counter())
    let (first, second, third) = (CounterMiddleware.all[0], CounterMiddleware.all[1], CounterMiddleware.all[2])
    measured {
      // The middleware see the counter's initial state: reading `store.state` here would
      // add the store's observation bookkeeping to the baseline.
      let state = Counter.State()
      for index in 0..<count {
        let action = actions[index & mask]
        store.send(action)
        keep(
          first.effect(for: action, in: state).isNone && second.effect(for: action, in: state).isNone
            && third.effect(for: action, in: state).isNone)
      }
    }
  case "ping-send":
    let store = Store(initialState: PingPong.State(), reducer: PingPong())
    measured {
      for _ in 0..<count { store.send(.ping) }
    }
    keep(store.state)
  case "ping-direct":
    var state = PingPong.State()
    let reducer = PingPong()
    measured {
      for _ in 0..<count {
        keep(reducer.reduce(into: &state, action: .ping).isNone)
        keep(reducer.reduce(into: &state, action: .pong).isNone)
      }
    }
    keep(state)
  case "agent-idle", "agent-reading", "agent-stalled", "agent-detached", "agent-recording":
    // Benchmark 13: the same sends to a store a SluiceAgent offers, in each state a program
    // can be in. Only the sends on the main thread are counted: the event loop's threads,
    // which write to the client, and the client's own reading thread are not.
    let attached = await AttachedCounter.start(AttachedCounter.Scenario(rawValue: workload)!)
    let store = attached.store
    // As for the engine: a debugged store's history grows its storage first. Then the main
    // actor is let go, so that the session reports the events of those sends to the client
    // (read, or piled up in the agent's bounded buffer for a client that stopped reading);
    // how long does not decide what is counted, only what state the buffers are in.
    for index in 0..<20_000 { store.send(actions[index & mask]) }
    try? await Task.sleep(for: .milliseconds(200))
    measured {
      for index in 0..<count { store.send(actions[index & mask]) }
    }
    keep(store.state)
    await attached.stop()
  case "diff-small":
    let old = DiffStates.Small(count: 1)
    let new = DiffStates.Small(count: 2)
    measured {
      for _ in 0..<count { keep(StateDiff(from: old, to: new)) }
    }
  case "diff-small-inspectable":
    let old = DiffStates.InspectableSmall(count: 1)
    let new = DiffStates.InspectableSmall(count: 2)
    measured {
      for _ in 0..<count { keep(StateDiff(from: old, to: new)) }
    }
  case "equal-small":
    let old = DiffStates.Small(count: 1)
    let new = DiffStates.Small(count: 2)
    measured {
      for _ in 0..<count { keep(old == new) }
    }
  default:
    return false
  }
  return true
}

/// A runner for scripts against the counter, with benchmark 6's settings.
@MainActor
func scriptRunner() -> ScriptRunner {
  var cycleDetection = CycleDetection.default
  cycleDetection.frequency = nil
  let options = SessionOptions(cycleDetection: cycleDetection, historyLimit: 10_000, diffDisplay: .off)
  let feature = Feature("counter", summary: "counter", initialState: Counter.State()) { _ in Counter() }
  let debugger = Debugger(registry: FeatureRegistry([feature]), options: options)
  return ScriptRunner(interpreter: CommandInterpreter(debugger: debugger), output: DiscardingOutput())
}

/// Output nobody reads: the workload measures producing it.
@MainActor
final class DiscardingOutput: ScriptOutput {
  func write(_ line: String, to channel: OutputChannel) {}
}

/// A monitor that hears everything and does nothing, taking the three events of every
/// action directly, as the debugger does.
@MainActor
final class NoOpMonitor: @MainActor StoreMonitor {
  func store(didReport event: StoreEvent<Counter.State, Counter.Action>) {}
  func store(didQueue action: Counter.Action, context: ActionContext) {}
  func store(willReduce action: Counter.Action, context: ActionContext) {}
  func store(
    didReduce action: Counter.Action, context: ActionContext, oldState: Counter.State?, newState: Counter.State,
    duration: Duration
  ) {}
}

/// An actor of its own that owns a counter store. Its executor is the main thread's, because
/// valgrind cannot follow the threads of the cooperative pool that a default actor runs on;
/// a synchronous send never hops, so the executor does not change what is counted.
/// (`CounterServer`, for the timed benchmarks, is a default actor.)
actor CounterOwner {
  nonisolated var unownedExecutor: UnownedSerialExecutor { MainActor.sharedUnownedExecutor }
  lazy var store = Store(initialState: Counter.State(), reducer: Counter(), isolation: self)

  func sendAll(_ count: Int) {
    let actions = Counter.actions
    let mask = actions.count - 1
    // Read the lazy property once, as a program would keep its store in a local.
    let store = store
    measured {
      for index in 0..<count { store.send(actions[index & mask]) }
    }
  }

  var count: Int { store.state.count }
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]), count > 0 else {
  print("usage: SluiceInstructionCounts WORKLOAD N")
  exit(2)
}
guard await run(arguments[1], count) else {
  print("SluiceInstructionCounts: no workload named \(arguments[1])")
  exit(2)
}
