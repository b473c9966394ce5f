/// Runs several reducers on the same state and action, in order, merging their effects.
///
/// ```swift
/// CombineReducers {
///   Scope(state: \.counter, action: Action.Cases.counter) { Counter() }
///   Reduce { state, action in … }
/// }
/// ```
public struct CombineReducers<State, Action: Sendable, Reducers: Reducer>: Reducer
where Reducers.State == State, Reducers.Action == Action {
  private let reducers: Reducers

  /// Combines the reducers listed in `build`.
  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    reducers = build()
  }

  /// Runs the reducers in order on the same state and merges their effects.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }
}

/// Two reducers run one after the other; the building block of ``ReducerBuilder``.
public struct CombinedReducer<First: Reducer, Second: Reducer>: Reducer
where First.State == Second.State, First.Action == Second.Action {
  let first: First
  let second: Second

  /// Runs the reducers in order on the same state and merges their effects.
  public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    let firstEffect = first.reduce(into: &state, action: action)
    let secondEffect = second.reduce(into: &state, action: action)
    // Most reductions return `.none` from every part: skip building a merge for them.
    if secondEffect.isNone { return firstEffect }
    if firstEffect.isNone { return secondEffect }
    return .merge(firstEffect, secondEffect)
  }
}

/// A reducer that does nothing, for an empty builder or an `if` without `else`.
public struct EmptyReducer<State, Action: Sendable>: Reducer {
  /// Creates a reducer that leaves state alone and returns no effect.
  public init() {}

  /// Leaves the state alone and returns no effect.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

/// One of two reducers, chosen by an `if`/`else` in a ``ReducerBuilder``.
public enum ConditionalReducer<First: Reducer, Second: Reducer>: Reducer
where First.State == Second.State, First.Action == Second.Action {
  /// The `if` branch.
  case first(First)
  /// The `else` branch.
  case second(Second)

  /// Runs the branch the `if` chose.
  public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    switch self {
    case .first(let reducer): reducer.reduce(into: &state, action: action)
    case .second(let reducer): reducer.reduce(into: &state, action: action)
    }
  }
}
