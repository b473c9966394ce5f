import Sluice
import Testing

private enum Mode: Equatable, Sendable {
  case dark, light
}

private struct Settings: Reducer {
  struct State: Equatable, Sendable {
    var mode = Mode.light
  }

  enum Action: Equatable, Sendable {
    case setMode(Mode)
    case child(Child.Action)
    /// Sends `setMode` with each mode in turn, from an effect: caused actions, which the
    /// frequency signal counts.
    case cycle([Mode])
  }

  enum Child {
    enum Action: Equatable, Sendable {
      case toggle(id: Int)
    }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .setMode(let mode): state.mode = mode
    case .cycle(let modes): return .merge(modes.map { .send(.setMode($0)) })
    case .child: break
    }
    return .none
  }
}

@MainActor
@Suite struct CaseNamePayloadTests {
  @Test func aPlainEnumPayloadDoesNotSplitTheCase() {
    #expect(caseName(of: Settings.Action.setMode(.dark)) == "setMode")
    #expect(caseName(of: Settings.Action.setMode(.light)) == "setMode")
    #expect(caseNamer(for: Settings.Action.self)(.setMode(.dark)) == "setMode")
  }

  @Test func aChildFeaturesActionFormsACasePath() {
    #expect(caseName(of: Settings.Action.child(.toggle(id: 3))) == "child.toggle")
  }

  @Test func alternatingPayloadsOfOneCaseTripTheFrequencySignal() {
    let recorder = EventRecorder<Settings.State, Settings.Action>()
    let clock = ManualClock()
    let store = Store(
      initialState: Settings.State(), reducer: Settings(), clock: clock,
      cycleDetection: CycleDetection(
        frequency: .init(limit: 3, window: .seconds(1)), maximumDepth: nil, policy: .warn),
      monitor: recorder)

    store.send(.cycle([.dark, .light, .dark, .light]))

    #expect(recorder.warnings.count == 1)
    #expect(recorder.warnings.first?.caseName == "setMode")
    #expect(store.state.mode == .light)
  }
}
