import Sluice
import SluiceMacroSupport

/// A profile loaded once, edited in place and saved by itself: the example of async values,
/// bindings, a trailing-only throttle and state kept out of equality.
///
/// - Appearing loads the name unless it is loaded or loading (`loadIfNeeded`); `refresh`
///   loads it again (`reload`) and drops a pending autosave.
/// - The draft is bound (`.binding(.set(\.draftName, "Ada"))`). Editing schedules a save
///   that runs ``autosaveInterval`` after the first edit of a burst and reads the newest
///   draft (`throttle(leading: false, trailing: true)`).
/// - A save is an operation the tracker follows (`operations.run`), so the screen can show
///   "saving…" and the last failure.
/// - Loads and saves come back as one action each carrying an ``AsyncOutcome`` (the value or
///   the failure), which is `Codable`: the debugger saves and replays them like any action.
/// - `savedCount` is bookkeeping no screen shows: `@Ignored` keeps it out of equality.
@Feature
public struct Profile: Sendable {
  /// How long after the first edit of a burst the draft is saved.
  public static let autosaveInterval: Duration = .seconds(2)

  /// The loaded profile, the draft, and the saves.
  public struct State: Equatable, Sendable, Codable, BindableState {
    /// The name as last loaded.
    public var profile: AsyncState<String>
    /// The name being edited.
    public var draftName: String
    /// Saves in flight, and the last one's failure.
    public var operations: OperationTracker<Operation>
    /// How many saves reached the API; left out of equality.
    @Ignored public var savedCount = 0

    /// Creates a state; by default nothing loaded.
    public init(profile: AsyncState<String> = .idle, draftName: String = "") {
      self.profile = profile
      self.draftName = draftName
      operations = OperationTracker()
    }

    /// The draft: what a text field binds.
    public static let bindableProperties: [BindableProperty<Self>] = [.property(\.draftName)]
  }

  /// What the tracker follows.
  public enum Operation: Hashable, Sendable, Codable {
    /// Saving the draft.
    case save
  }

  /// What a user, or the API, can do.
  public enum Action: Equatable, Sendable, Codable, BindableAction {
    /// The screen appeared: load the profile unless it is loaded or loading.
    case appeared
    /// Load the profile again, dropping a pending autosave.
    case refresh
    /// Loading ended: the name, or the failure (the previous name is kept).
    case loaded(AsyncOutcome<String>)
    /// A bound field changed: the draft, which schedules an autosave.
    case binding(BindingAction<State>)
    /// Saves the current draft now.
    case save
    /// The save ended: the name saved, or the failure.
    case saved(AsyncOutcome<String>)

    /// The binding this action carries, if it is one.
    public var binding: BindingAction<State>? {
      if case .binding(let binding) = self { binding } else { nil }
    }
  }

  private enum CancelID: Hashable, Sendable {
    case load
    case autosave
  }

  /// Where the profile lives.
  public let api: InMemoryProfileAPI

  /// Creates the feature.
  public init(api: InMemoryProfileAPI = InMemoryProfileAPI()) {
    self.api = api
  }

  /// Applies one action.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let api = api
    switch action {
    case .appeared:
      return state.profile.loadIfNeeded(name: "load profile", { try await api.name() }, then: Self.loadOutcome)
        .cancellable(id: CancelID.load, cancelInFlight: true)

    case .refresh:
      let load = state.profile.reload(name: "load profile", { try await api.name() }, then: Self.loadOutcome)
      return .merge {
        Effect.cancel(id: CancelID.autosave)
        load.cancellable(id: CancelID.load, cancelInFlight: true)
      }

    case .loaded(let outcome):
      state.profile.finish(outcome)
      if let name = outcome.value { state.draftName = name }
      return .none

    case .binding(let binding):
      binding.apply(to: &state)
      // The first edit of a burst opens the window; the save at its end reads the newest draft.
      return .send(.save).throttle(id: CancelID.autosave, for: Self.autosaveInterval, leading: false, trailing: true)

    case .save:
      let draft = state.draftName
      return state.operations.run(.save, name: "save profile") {
        try await api.save(draft)
        return draft
      } then: { .saved(AsyncOutcome($0)) }

    case .saved(let outcome):
      state.operations.finish(.save, outcome)
      if outcome.value != nil { state.savedCount += 1 }
      return .none
    }
  }

  private static func loadOutcome(_ result: Result<String, AsyncFailure>) -> Action {
    .loaded(AsyncOutcome(result))
  }
}
