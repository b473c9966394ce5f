import SluiceMacroSupport

/// A feature whose reducer is a `body`, with parameters of every kind the description records.
@Feature
struct Tally {
  struct State: Equatable, Sendable, Codable {
    var count = 0
    var notes: [String] = []
  }

  enum Action: Equatable, Sendable, Codable {
    /// Adds `amount` to the count.
    case add(amount: Int = 1)
    /// Writes `note` down `times` times.
    case note(String, times: Int)
    /** Forgets everything. */
    case reset
    case move(_ from: Int, to: Int)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .add(let amount):
        state.count += amount
      case .note(let note, let times):
        state.notes += Array(repeating: note, count: times)
      case .reset:
        state = State()
      case .move:
        break
      }
      return .none
    }
  }
}
