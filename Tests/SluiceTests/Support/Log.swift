import Sluice

/// A feature whose state is the list of things that happened to it, in order: the tool for
/// testing in what order effects deliver.
struct Log: Reducer {
  struct State: Equatable, Sendable {
    var entries: [String] = []
  }

  enum Action: Hashable, Sendable {
    case start
    case log(String)
    case cancel(String)
  }

  /// What `.start` returns.
  var start: @Sendable () -> Effect<Action>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return start()
    case .log(let entry):
      state.entries.append(entry)
      return .none
    case .cancel(let id):
      return .cancel(id: id)
    }
  }
}

extension Effect where Action == Log.Action {
  /// Logs `entry` after `delay` on `clock`.
  static func log(
    _ entry: String, after delay: Duration = .zero, on clock: any Clock<Duration>
  ) -> Self {
    .run(name: entry) { send in
      if delay > .zero { try await clock.sleep(for: delay) }
      await send(.log(entry))
    }
  }
}
