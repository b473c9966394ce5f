import Sluice
import SluiceMacroSupport

/// Search as you type: the example of time-based effects on the store's clock.
///
/// Typing is debounced, so a burst of keystrokes makes one search once the user pauses;
/// `refresh` is throttled, so hammering it searches at most once per window, plus once at
/// the window's end for the newest request. Both only schedule a ``Action/search`` action,
/// which reads the query when it is reduced: a late debounce or a trailing refresh can never
/// search for a query the user has since changed.
@Feature
public struct Search: Sendable {
  /// How long typing must pause before a search starts.
  public static let debounceInterval: Duration = .milliseconds(300)
  /// The shortest time between two refreshes.
  public static let refreshInterval: Duration = .seconds(1)

  /// The query and its results. The query is bindable: a text field sets it with
  /// `store.set(\.query, to: text)`, the shell with `.binding(.set(\.query, "ada"))`.
  public struct State: Equatable, Sendable, Codable, BindableState {
    /// What the user typed.
    public var query: String
    /// The names matching the last query searched, and whether a search is in flight.
    public var results: AsyncState<[String]>

    /// Creates a state; by default an empty query with no results.
    public init(query: String = "", results: AsyncState<[String]> = .idle) {
      self.query = query
      self.results = results
    }

    /// The query; the results are the feature's to set.
    public static let bindableProperties: [BindableProperty<Self>] = [.property(\.query)]
  }

  /// What a user, or a search, can do.
  public enum Action: Equatable, Sendable, Codable, BindableAction {
    /// The user edited the query. A blank query clears the results at once; any other
    /// schedules a search after ``Search/debounceInterval`` of quiet.
    case queryChanged(String)
    /// Searches for the current query now, replacing a search in flight. Sent by the
    /// debounce and by `refresh`; sending it directly skips both.
    case search
    /// Searches again for the current query, at most once per ``Search/refreshInterval``.
    case refresh
    /// The names the search found.
    case searchResponse([String])
    /// The search failed; the previous results are kept.
    case searchFailed(AsyncFailure)
    /// A bound control set a property: setting the query is typing it, with the same
    /// debounce as ``queryChanged(_:)``.
    case binding(BindingAction<State>)

    /// The binding this action carries, if it is one.
    public var binding: BindingAction<State>? {
      if case .binding(let binding) = self { binding } else { nil }
    }
  }

  private enum CancelID: Hashable, Sendable {
    case debounce
    case search
    case refresh
  }

  /// Where names are looked up.
  public let client: any SearchClient

  /// Creates the feature.
  ///
  /// - Parameter client: Where searches go; an ``InMemorySearchClient`` by default.
  public init(client: any SearchClient = InMemorySearchClient()) {
    self.client = client
  }

  /// Applies one action.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .queryChanged(let query):
      state.query = query
      return queryEdited(&state)

    case .binding(let binding):
      binding.apply(to: &state)
      return binding.keyPath == \State.query ? queryEdited(&state) : .none

    case .search:
      guard !state.query.isBlank else {
        state.results = .idle
        return .none
      }
      state.results.startLoading()
      let client = client
      let query = state.query
      return .run(name: "search") { send in
        let names = try await client.search(query)
        await send(.searchResponse(names))
      } catch: { error, send in
        await send(.searchFailed(AsyncFailure(error)))
      }
      .cancellable(id: CancelID.search, cancelInFlight: true)

    case .refresh:
      guard !state.query.isBlank else { return .none }
      return .send(.search)
        .throttle(id: CancelID.refresh, for: Self.refreshInterval, latest: true)

    case .searchResponse(let names):
      state.results = .loaded(names)
      return .none

    case .searchFailed(let failure):
      state.results = .failed(failure, previous: state.results.value)
      return .none
    }
  }

  /// The query was edited, typed or bound: a blank one clears the results at once; any
  /// other schedules a search after a pause.
  private func queryEdited(_ state: inout State) -> Effect<Action> {
    if state.query.isBlank {
      state.results = .idle
      return .merge(.cancel(id: CancelID.debounce), .cancel(id: CancelID.search))
    }
    // The search in flight answers a query the user has already changed: drop it now
    // rather than show stale names until the debounced search replaces them.
    return .merge(
      .cancel(id: CancelID.search),
      .send(.search).debounce(id: CancelID.debounce, for: Self.debounceInterval)
    )
  }
}

extension String {
  /// Whether the string holds nothing but whitespace; such a query is no query at all.
  fileprivate var isBlank: Bool { allSatisfy(\.isWhitespace) }
}
