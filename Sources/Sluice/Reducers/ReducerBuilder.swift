/// Builds a reducer out of a list of reducers, run in the order written.
@resultBuilder
public enum ReducerBuilder<State, Action: Sendable> {
  /// A reducer in the body, as it is.
  public static func buildExpression<R: Reducer>(_ reducer: R) -> R
  where R.State == State, R.Action == Action {
    reducer
  }

  /// An empty body: a reducer that does nothing.
  public static func buildBlock() -> EmptyReducer<State, Action> { EmptyReducer() }

  /// The first reducer of the body.
  public static func buildPartialBlock<R: Reducer>(first: R) -> R
  where R.State == State, R.Action == Action {
    first
  }

  /// The reducers so far, then the next one: both run, in order.
  public static func buildPartialBlock<R0: Reducer, R1: Reducer>(
    accumulated: R0, next: R1
  ) -> CombinedReducer<R0, R1>
  where R0.State == State, R0.Action == Action, R1.State == State, R1.Action == Action {
    CombinedReducer(first: accumulated, second: next)
  }

  /// A reducer under `if`: runs only when the condition held.
  public static func buildOptional<R: Reducer>(
    _ reducer: R?
  ) -> ConditionalReducer<R, EmptyReducer<State, Action>>
  where R.State == State, R.Action == Action {
    reducer.map { .first($0) } ?? .second(EmptyReducer())
  }

  /// The `if` branch of an `if`/`else`.
  public static func buildEither<R0: Reducer, R1: Reducer>(
    first reducer: R0
  ) -> ConditionalReducer<R0, R1>
  where R0.State == State, R0.Action == Action, R1.State == State, R1.Action == Action {
    .first(reducer)
  }

  /// The `else` branch of an `if`/`else`.
  public static func buildEither<R0: Reducer, R1: Reducer>(
    second reducer: R1
  ) -> ConditionalReducer<R0, R1>
  where R0.State == State, R0.Action == Action, R1.State == State, R1.Action == Action {
    .second(reducer)
  }
}
