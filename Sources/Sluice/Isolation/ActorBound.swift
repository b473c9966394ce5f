/// A reference to something that lives on one actor: it may travel anywhere, but is opened
/// only on that actor.
///
/// A store and its bookkeeping are not `Sendable`; they belong to the actor that created the
/// store. A ``StoreTask`` may be awaited from anywhere, and a sequence of states ended from
/// anywhere: they carry what they need in one of these and open it with ``withValue(_:)``,
/// which runs on the actor, or read ``value`` where they already are on it.
///
/// The actor is held weakly, and the value too unless asked otherwise: a task holding one
/// must keep neither the store nor its actor alive.
///
/// `@unchecked Sendable` is sound because the value is reachable only through ``value``,
/// which checks, on every use and in every build, that the caller runs on the actor (and the
/// actor reference is itself `Sendable`); so no two threads ever touch the value at once.
@usableFromInline
final class ActorBound<Value: AnyObject>: @unchecked Sendable {
  /// The actor the value lives on, while it exists.
  weak let actor: (any Actor)?
  private weak let wrapped: Value?
  private let retained: Value?

  /// Binds `value` to `actor`, holding it weakly, or strongly with `retaining`.
  init(_ value: Value, on actor: (any Actor)?, retaining: Bool = false) {
    self.actor = actor
    // Only one of the two: the first weak reference to an object allocates its side table,
    // which a value bound retained (the store's tracker) would pay for nothing.
    wrapped = retaining ? nil : value
    retained = retaining ? value : nil
  }

  /// The value, or `nil` once it has gone. Traps unless the caller runs on the actor.
  var value: Value? {
    guard let actor else { return nil }
    actor.preconditionIsolated("used from outside the actor that created its store")
    return retained ?? wrapped
  }

  /// Runs `body` on the actor with the value, and returns what it returns; returns `nil`
  /// without running it once the actor or the value has gone.
  func withValue<Result: Sendable>(_ body: @Sendable (Value) -> Result) async -> Result? {
    guard let actor else { return nil }
    return await call({ $0.value.map(body) }, with: self, on: actor)
  }
}
