import Sluice
import SluiceDebugger

/// Benchmark 17's case: a seeded session of 200 actions on a count and its step whose last
/// state reaches a threshold, and `shrink` asked to find the fewest actions that still do.
@MainActor
public enum ShrinkCase {
  /// How many actions the session sends.
  public static let actionCount = 200

  /// A session of the seeded actions, its interpreter, and the condition its last state
  /// satisfies (`count >= N`, N the last count).
  public static func session(seed: UInt64 = 5) -> (interpreter: CommandInterpreter, condition: String) {
    let feature = Feature("stepper", summary: "A count and its step", initialState: Stepper.State()) { _ in Stepper() }
    let debugger = Debugger(registry: FeatureRegistry([feature]), options: SessionOptions(usesVirtualClock: true))
    let session = try! debugger.use("stepper")
    let store = session.inspection.store(of: Stepper.State.self, Stepper.Action.self)!
    var random = seed
    for _ in 0..<actionCount { store.send(action(drawn: &random)) }
    _ = session.inspection.takeEvents()
    return (CommandInterpreter(debugger: debugger), "count >= \(store.state.count)")
  }

  /// Sends the same actions to a new session: what one replay of the whole session costs.
  public static func sendAll(seed: UInt64 = 5) {
    let store = Store(initialState: Stepper.State(), reducer: Stepper())
    var random = seed
    for _ in 0..<actionCount { store.send(action(drawn: &random)) }
  }

  /// Shrinks the session to the fewest actions that still reach its condition; returns how
  /// many replays it ran.
  public static func shrink(_ session: (interpreter: CommandInterpreter, condition: String)) async -> Int {
    guard let outcome = await session.interpreter.execute(line: "shrink \(session.condition)"),
      case .success(.answer(let answer)) = outcome.result, let shrinking = answer as? Shrinking,
      shrinking.stop == .minimal
    else { preconditionFailure("shrink failed") }
    return shrinking.replays
  }

  /// Three increments to one step change, the step from 1 to 9, and a decrement now and then.
  private static func action(drawn random: inout UInt64) -> Stepper.Action {
    random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    let draw = Int(truncatingIfNeeded: random >> 33) % 13
    switch draw {
    case 0..<3: return .increment
    case 3: return .decrement
    default: return .setStep(draw - 3)
    }
  }
}
