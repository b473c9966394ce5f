import Sluice

/// A feature the debugger can load: its name, a one-line summary, and how to build a store
/// of it.
///
/// Registering is one expression:
///
/// ```swift
/// Feature("todos", summary: "A todo list loaded from an API", initialState: Todos.State()) {
///   environment in Todos(api: InMemoryTodosAPI(clock: environment.clock))
/// }
/// ```
///
/// State must be `Codable & Equatable` and actions `Codable`: the debugger decodes typed
/// actions and saves sessions as JSON.
public struct Feature: Sendable {
  /// The name sessions and commands use (`use todos`).
  public let name: String
  /// One line on what the feature is.
  public let summary: String
  /// The cycle detector's settings this feature runs with by default, when it needs other
  /// thresholds than the debugger's (a feature that legitimately sends one case often).
  public let cycleDetection: CycleDetection?
  @usableFromInline let makeSession: @MainActor @Sendable (SessionOptions) -> any DebugSession

  /// Describes a feature.
  ///
  /// - Parameters:
  ///   - name: How commands name it.
  ///   - summary: One line for `features`.
  ///   - initialState: The state a new session starts from.
  ///   - cycleDetection: The cycle detector's settings for this feature, when the
  ///     debugger's defaults do not suit it; command-line options and `set cycle` still
  ///     override them.
  ///   - middleware: Builds the middleware, given the session's environment.
  ///   - subscriptions: Builds the store's subscriptions, given the session's environment;
  ///     `reset` and `load` restart them.
  ///   - reducer: Builds the reducer, given the session's environment.
  ///
  /// Inlinable, so that the session is built where `R` is known: the debugger's work on each
  /// action then runs code specialised for the feature's types.
  @inlinable
  public init<R: Reducer>(
    _ name: String,
    summary: String,
    initialState: R.State,
    cycleDetection: CycleDetection? = nil,
    middleware: @escaping @Sendable (FeatureEnvironment) -> [Middleware<R.State, R.Action>] = { _ in [] },
    subscriptions: @escaping @Sendable (FeatureEnvironment) -> [Subscription<R.Action>] = { _ in [] },
    reducer: @escaping @Sendable (FeatureEnvironment) -> R
  ) where R.State: Codable & Equatable & Sendable, R.Action: Codable {
    self.init(name: name, summary: summary, cycleDetection: cycleDetection) { options in
      Session(
        name: name, initialState: initialState, options: Self.options(options, detectingCyclesWith: cycleDetection),
        makeReducer: reducer, makeMiddleware: middleware, makeSubscriptions: subscriptions,
        specialised: .forFeatureTypes())
    }
  }

  @usableFromInline
  init(
    name: String, summary: String, cycleDetection: CycleDetection?,
    makeSession: @escaping @MainActor @Sendable (SessionOptions) -> any DebugSession
  ) {
    self.name = name
    self.summary = summary
    self.cycleDetection = cycleDetection
    self.makeSession = makeSession
  }

  /// The session options a feature runs with: its own cycle detector settings, when it has
  /// them, under the command line's and `set cycle`'s overrides.
  @usableFromInline
  static func options(_ options: SessionOptions, detectingCyclesWith cycleDetection: CycleDetection?) -> SessionOptions {
    var options = options
    options.cycleDetection = options.cycleOverrides.applied(to: cycleDetection ?? options.cycleDetection)
    return options
  }
}
