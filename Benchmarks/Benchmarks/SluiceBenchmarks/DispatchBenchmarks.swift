import BenchmarkFixtures
import Benchmark
import Sluice
import SluiceDebugger

/// Benchmarks 1–4: what `send` costs, against the reducer called directly.
enum DispatchBenchmarks {
  static let sends = 1_000_000

  static func register() {
    let plainSend = Comparison(
      "1 send, no middleware/effect/monitor", figure: "store.send", baseline: "reducer called directly",
      unit: .nanoseconds, target: .ratioAtMost(2.5))
    registerComparison(plainSend) {
      let direct = directCalls(of: Counter(), initialState: Counter.State(), Counter.actions)
      let store = Store(initialState: Counter.State(), reducer: Counter())
      return (sendAll(Counter.actions, to: store), direct)
    }

    // Recording an action reads the clock twice, for the reducer's duration: a cost no
    // plain send pays, which an instruction count barely sees (a vDSO call is a few dozen
    // instructions but tens of nanoseconds). In time, the target is the plain send, ten
    // times its cost again, and the two readings, all measured in this run.
    let engine = Comparison(
      "2 send with the engine recording history", figure: "store.send under the engine",
      baseline: "plain store.send", allowance: "two clock readings", unit: .nanoseconds,
      target: .atMostBaselinePlus(times: 10))
    registerComparisonWithAllowance(engine) {
      let plain = sendAll(Counter.actions, to: Store(initialState: Counter.State(), reducer: Counter()))
      let clockReadings = twoClockReadings()
      return ((sendAll(Counter.actions, toSessionOf: counterSession()), plain), clockReadings)
    }

    let middleware = Comparison(
      "3 send with three middleware", figure: "store.send with 3 middleware",
      baseline: "plain store.send + the middleware called directly", unit: .nanoseconds,
      target: .ratioAtMost(2))
    registerComparison(middleware) {
      let plain = sendAll(Counter.actions, to: Store(initialState: Counter.State(), reducer: Counter()))
      let own = middlewareCalls(state: Counter.State(), Counter.actions)
      let store = Store(
        initialState: Counter.State(), reducer: Counter(), middleware: CounterMiddleware.all)
      return (sendAll(Counter.actions, to: store), plain + own)
    }

    let roundTrip = Comparison(
      "11 effect round trip .ping -> .send(.pong)", figure: "store.send(.ping)",
      baseline: "the two reducer calls", unit: .nanoseconds, target: .ratioAtMost(20))
    registerComparison(roundTrip) {
      let store = Store(initialState: PingPong.State(), reducer: PingPong())
      let pings = [PingPong.Action](repeating: .ping, count: 64)
      let direct = directCalls(of: PingPong(), initialState: PingPong.State(), [PingPong.Action](repeating: .ping, count: 32).flatMap { [$0, .pong] })
      // Two direct calls stand for one round trip.
      return (sendAll(pings, to: store), 2 * direct)
    }

    let runTrip = Comparison(
      "11 effect round trip through .run + finish()", figure: "await store.send(.start).finish()",
      baseline: "the two reducer calls", unit: .nanoseconds, target: .atMost(3_000))
    registerComparison(runTrip) {
      let direct = directCalls(of: RunTrip(), initialState: RunTrip.State(), [.start, .done])
      return (await runTrips(10_000, on: Store(initialState: RunTrip.State(), reducer: RunTrip())), 2 * direct)
    }

    let actorSend = Comparison(
      "12 send to a store on an actor of its own", figure: "store.send on the actor",
      baseline: "store.send on the main actor", unit: .nanoseconds, target: .ratioAtMost(1.1))
    registerComparison(actorSend) {
      let plain = sendAll(Counter.actions, to: Store(initialState: Counter.State(), reducer: Counter()))
      let server = CounterServer()
      let start = ContinuousClock.now
      await server.sendAll(sends)
      let onActor = nanoseconds(since: start) / Double(sends)
      blackHole(await server.count)
      return (onActor, plain)
    }

    let actorRunTrip = Comparison(
      "12 .run round trip on an actor's store", figure: "await store.send(.start).finish() on the actor",
      baseline: "the same on the main actor", unit: .nanoseconds, target: .ratioAtMost(1.5))
    registerComparison(actorRunTrip) {
      let onMain = await runTrips(10_000, on: Store(initialState: RunTrip.State(), reducer: RunTrip()))
      let server = CounterServer()
      let start = ContinuousClock.now
      let trips = await server.runTrips(10_000)
      precondition(trips == 10_000, "every trip came back")
      return (nanoseconds(since: start) / 10_000, onMain)
    }

    let largeState = Comparison(
      "4 send editing a 10,000-row state in place", figure: "store.send", baseline: "reducer called directly",
      unit: .nanoseconds, target: .ratioAtMost(2))
    registerComparison(largeState) {
      let direct = directCalls(of: Rows(), initialState: Rows.State(), Rows.actions)
      let store = Store(initialState: Rows.State(), reducer: Rows())
      return (sendAll(Rows.actions, to: store), direct)
    }
  }

  /// Nanoseconds per round trip for `count` trips through `store`: each send awaited until
  /// its job has sent `.done` and it was reduced.
  @MainActor
  static func runTrips(_ count: Int, on store: Store<RunTrip.State, RunTrip.Action>) async -> Double {
    let start = ContinuousClock.now
    for _ in 0..<count { await store.send(.start).finish() }
    precondition(store.state.trips == count, "every trip came back")
    return nanoseconds(since: start) / Double(count)
  }

  /// Nanoseconds elapsed since `start`.
  static func nanoseconds(since start: ContinuousClock.Instant) -> Double {
    let (seconds, attoseconds) = (ContinuousClock.now - start).components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }

  /// Nanoseconds per action for `sends` actions sent to `store`, cycling through `actions`.
  @MainActor
  static func sendAll<State, Action>(_ actions: [Action], to store: Store<State, Action>) -> Double {
    let mask = actions.count - 1
    let time = nanosecondsPerOperation(sends) {
      for index in 0..<sends {
        store.send(actions[index & mask])
      }
    }
    blackHole(store.state)
    return time
  }

  /// Nanoseconds per action for `sends` actions sent, typed, to the store of `session`,
  /// which records each of them.
  @MainActor
  static func sendAll(_ actions: [Counter.Action], toSessionOf session: any DebugSession) -> Double {
    let store = session.inspection.store(of: Counter.State.self, Counter.Action.self)!
    let recordedBefore = session.inspection.history(last: 1).first?.index ?? 0
    // The store holds its monitor, and the monitor the session only weakly: without this,
    // the session could go as soon as the store is taken from it, and nothing be recorded.
    let time = withExtendedLifetime(session) { sendAll(actions, to: store) }
    precondition(
      session.inspection.history(last: 1).first?.index == recordedBefore + sends,
      "the session did not record every send")
    return time
  }

  /// Nanoseconds per pair of the clock readings a store takes around each reduction it
  /// times, taken `sends` times.
  static func twoClockReadings() -> Double {
    var elapsed: UInt64 = 0
    let time = nanosecondsPerOperation(sends) {
      for _ in 0..<sends { elapsed &+= readClockTwice() }
    }
    blackHole(elapsed)
    return time
  }

  /// Nanoseconds per action for the same actions given straight to the reducer: the limit
  /// a store approaches.
  static func directCalls<R: Reducer>(of reducer: R, initialState: R.State, _ actions: [R.Action]) -> Double {
    var state = initialState
    let mask = actions.count - 1
    let time = nanosecondsPerOperation(sends) {
      for index in 0..<sends {
        blackHole(reducer.reduce(into: &state, action: actions[index & mask]).isNone)
      }
    }
    blackHole(state)
    return time
  }

  /// Nanoseconds per action for asking the three middleware directly, by hand, with the
  /// state as it is after the action: their own cost, which any store must pay. Each is a
  /// closure the app handed over, so each answer costs a call through it.
  static func middlewareCalls(state: Counter.State, _ actions: [Counter.Action]) -> Double {
    let (first, second, third) = (CounterMiddleware.all[0], CounterMiddleware.all[1], CounterMiddleware.all[2])
    let mask = actions.count - 1
    return nanosecondsPerOperation(sends) {
      for index in 0..<sends {
        let action = actions[index & mask]
        blackHole(
          first.effect(for: action, in: state).isNone && second.effect(for: action, in: state).isNone
            && third.effect(for: action, in: state).isNone)
      }
    }
  }

  /// A debugger session of the counter, recording history as the debugger does by default
  /// (without per-action diffs unless `diffDisplay` asks for them).
  @MainActor
  static func counterSession(historyLimit: Int = 10_000, diffDisplay: DiffDisplay = .off) -> any DebugSession {
    var options = sessionOptions(historyLimit: historyLimit)
    options.diffDisplay = diffDisplay
    let debugger = Debugger(registry: FeatureRegistry([counterFeature]), options: options)
    return try! debugger.use("counter")
  }

  /// The debugger's defaults, except two that would measure something else: per-action
  /// diffs (benchmark 5 measures those), and the cycle detector's frequency signal, since a
  /// million sends a second of one case is exactly what it exists to flag. Its depth signal
  /// stays on.
  static func sessionOptions(historyLimit: Int = 10_000) -> SessionOptions {
    var cycleDetection = CycleDetection.default
    cycleDetection.frequency = nil
    return SessionOptions(cycleDetection: cycleDetection, historyLimit: historyLimit, diffDisplay: .off)
  }

  static let counterFeature = Feature(
    "counter", summary: "The benchmarks' counter", initialState: Counter.State()
  ) { _ in Counter() }
}
