/// A store's middleware decisions, linked in the order given: what the store asks after each
/// reduction.
///
/// A list, not an array, for speed: each decision is a constant of its link, so calling it
/// borrows the closure from a link the caller already holds. An array element is copied out
/// first, a retain and a release of its context per middleware per action, which cost more
/// than a middleware that ignores the action.
@usableFromInline
final class MiddlewareChain<State: Sendable, Action: Sendable>: Sendable {
  /// The middleware's position in the store's list.
  @usableFromInline let index: Int
  @usableFromInline let decide: @Sendable (Action, State) -> Effect<Action>
  @usableFromInline let next: MiddlewareChain?

  private init(index: Int, decide: @escaping @Sendable (Action, State) -> Effect<Action>, next: MiddlewareChain?) {
    self.index = index
    self.decide = decide
    self.next = next
  }

  /// The decisions of `middleware`, in order; `nil` for none.
  static func linking(_ middleware: [Middleware<State, Action>]) -> MiddlewareChain? {
    middleware.indices.reversed().reduce(nil) { next, index in
      MiddlewareChain(index: index, decide: middleware[index].decide, next: next)
    }
  }

  /// The first middleware, at or after position `start`, with work for `action` in `state`,
  /// and that work as it decided it; `nil` when none has any.
  @inlinable
  func firstWork(from start: Int, for action: Action, in state: State) -> (index: Int, work: Effect<Action>)? {
    // The links outlive the walk (`self` holds them all), so it holds none of its own.
    var link = Unmanaged.passUnretained(self)
    while true {
      let found: (index: Int, work: Effect<Action>)? = link._withUnsafeGuaranteedRef { link in
        guard link.index >= start else { return nil }
        let work = link.decide(action, state)
        return work.isNone ? nil : (link.index, work)
      }
      if let found { return found }
      guard let next = link._withUnsafeGuaranteedRef({ $0.next.map(Unmanaged.passUnretained) }) else { return nil }
      link = next
    }
  }
}
