import BenchmarkFixtures
import Benchmark
import Sluice

/// Benchmark 13: what a store a `SluiceAgent` offers costs per `send`, against a plain
/// store's `send` measured in the same sample: with the agent and no client, with a client
/// reading, with a client that stopped reading, and after the client detached.
///
/// Like every dispatch benchmark, each figure is the wall time of a million sends in a row
/// on the main actor. The agent's event loop and the client's reading thread run on other
/// threads meanwhile; the session reports the sends' events to the client only once the
/// main actor is free again, after the figure's clock has stopped.
enum AttachBenchmarks {
  static func register() {
    registerPlainStore(
      "13 send, agent started, no client", scenario: .noClient, figure: "store.send, attached, no client")

    // An adopted store with a client attached is debugged by the same engine as benchmark 2's
    // session, describing each action's full diff as the shell does: its baseline is that
    // session with the full diff, measured in the same sample, and the agent may add little.
    registerAdopted(
      "13 send, a client attached and reading", scenario: .clientReading,
      figure: "store.send, adopted, client reading")
    registerAdopted(
      "13 send, a client attached, stopped reading", scenario: .clientStoppedReading,
      figure: "store.send, adopted, client not reading")

    registerPlainStore(
      "13 send after the client detached", scenario: .afterDetach, figure: "store.send, given back")

    // The flight recorder records with no client: the engine's recording, diff off. Its
    // target is within twice benchmark 2's session send (the plain send plus the engine's
    // recording), measured in the same sample.
    let recording = Comparison(
      "13 send, flight recorder on, no client", figure: "store.send, recorded",
      baseline: "store.send under the engine", unit: .nanoseconds, target: .ratioAtMost(2))
    registerComparison(recording) {
      let engine = DispatchBenchmarks.sendAll(Counter.actions, toSessionOf: DispatchBenchmarks.counterSession())
      let attached = await AttachedCounter.start(.flightRecorder)
      let time = DispatchBenchmarks.sendAll(Counter.actions, to: attached.store)
      await attached.stop()
      return (time, engine)
    }
  }

  /// A store nothing of the debugger is on the send path of: the target is the plain
  /// store's cost, within the noise of a shared machine.
  private static func registerPlainStore(_ name: String, scenario: AttachedCounter.Scenario, figure: String) {
    let comparison = Comparison(
      name, figure: figure, baseline: "plain store.send", unit: .nanoseconds, target: .ratioAtMost(1.1))
    registerComparison(comparison) {
      let plain = plainSend()
      let attached = await AttachedCounter.start(scenario)
      let time = DispatchBenchmarks.sendAll(Counter.actions, to: attached.store)
      await attached.stop()
      return (time, plain)
    }
  }

  /// Nanoseconds per action of the baseline: a plain counter store's `send`.
  @MainActor
  private static func plainSend() -> Double {
    DispatchBenchmarks.sendAll(Counter.actions, to: Store(initialState: Counter.State(), reducer: Counter()))
  }

  /// A store a client's session adopted, recording history with each action's full diff.
  private static func registerAdopted(_ name: String, scenario: AttachedCounter.Scenario, figure: String) {
    let comparison = Comparison(
      name, figure: figure, baseline: "store.send under the engine, full diff", unit: .nanoseconds,
      target: .ratioAtMost(1.5))
    registerComparison(comparison) {
      let engine = DispatchBenchmarks.sendAll(
        Counter.actions, toSessionOf: DispatchBenchmarks.counterSession(diffDisplay: .full))
      let attached = await AttachedCounter.start(scenario)
      let time = DispatchBenchmarks.sendAll(Counter.actions, to: attached.store)
      precondition(attached.store.monitor != nil, "the store was adopted while it was measured")
      await attached.stop()
      return (time, engine)
    }
  }
}
