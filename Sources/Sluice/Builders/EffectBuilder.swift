/// Lists effects one per line, with `if`, `switch` and `for` among them, for `Effect.merge`
/// and `Effect.concatenate` with a trailing closure.
///
/// ```swift
/// return .merge {
///   Effect.send(.saved)
///   if state.isSignedIn { Effect.send(.sync) }
///   for id in state.staleIDs { Effect.send(.refresh(id)) }
/// }
/// ```
@resultBuilder
public enum EffectBuilder<Action: Sendable> {
  /// One effect.
  public static func buildExpression(_ effect: Effect<Action>) -> [Effect<Action>] { [effect] }
  /// The effects of each line, in order.
  public static func buildBlock(_ parts: [Effect<Action>]...) -> [Effect<Action>] { parts.flatMap { $0 } }
  /// The effects of an `if` that ran, or none.
  public static func buildOptional(_ part: [Effect<Action>]?) -> [Effect<Action>] { part ?? [] }
  /// The effects of the first branch taken.
  public static func buildEither(first part: [Effect<Action>]) -> [Effect<Action>] { part }
  /// The effects of the second branch taken.
  public static func buildEither(second part: [Effect<Action>]) -> [Effect<Action>] { part }
  /// The effects of every pass of a `for` loop, in order.
  public static func buildArray(_ parts: [[Effect<Action>]]) -> [Effect<Action>] { parts.flatMap { $0 } }
  /// The effects of an `if #available` block.
  public static func buildLimitedAvailability(_ part: [Effect<Action>]) -> [Effect<Action>] { part }
}

extension Effect {
  /// Runs the listed effects at once; the merged effect completes when every one has.
  public static func merge(@EffectBuilder<Action> _ effects: () -> [Effect]) -> Effect {
    merge(effects())
  }

  /// Runs the listed effects one after another, each starting when the one before it ends.
  public static func concatenate(@EffectBuilder<Action> _ effects: () -> [Effect]) -> Effect {
    concatenate(effects())
  }
}
