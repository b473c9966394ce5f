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
  let makeSession: @MainActor @Sendable (SessionOptions) -> any DebugSession

  /// Describes a feature.
  ///
  /// - Parameters:
  ///   - name: How commands name it.
  ///   - summary: One line for `features`.
  ///   - initialState: The state a new session starts from.
  ///   - middleware: Builds the middleware, given the session's environment.
  ///   - reducer: Builds the reducer, given the session's environment.
  public init<R: Reducer>(
    _ name: String,
    summary: String,
    initialState: R.State,
    middleware: @escaping @Sendable (FeatureEnvironment) -> [Middleware<R.State, R.Action>] = { _ in [] },
    reducer: @escaping @Sendable (FeatureEnvironment) -> R
  ) where R.State: Codable & Equatable & Sendable, R.Action: Codable {
    self.name = name
    self.summary = summary
    makeSession = { options in
      Session(
        name: name, initialState: initialState, options: options,
        makeReducer: reducer, makeMiddleware: middleware)
    }
  }
}
