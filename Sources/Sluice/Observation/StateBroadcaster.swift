/// Hands each new state to any number of subscribers: the async sequences of states and
/// values, and scoped stores.
@usableFromInline
final class StateBroadcaster<State> {
  /// A subscriber returns `false` once it wants no more states.
  typealias Subscriber = (State) -> Bool

  /// Unchecked for exclusivity, as the store's own properties are: read on every action, on
  /// the store's actor, never across a call that could reach it (`publish` copies it first).
  @exclusivity(unchecked) private var subscribers: [Int: Subscriber] = [:] {
    didSet { hasSubscribers = !subscribers.isEmpty }
  }
  private var nextID = 0
  /// The store's actor, where a finished stream's subscriber learns it has ended.
  weak let isolation: (any Actor)?

  init(isolation: (any Actor)?) {
    self.isolation = isolation
  }

  /// Called when the first subscriber arrives or the last one leaves.
  var subscribersChanged: (() -> Void)?

  /// Whether anyone listens: kept beside the table, because the store asks on every
  /// action, and asking the table in code generic over `State` costs a metadata lookup.
  @usableFromInline @exclusivity(unchecked) private(set) var hasSubscribers = false

  func subscribe(_ subscriber: @escaping Subscriber) {
    subscribers[nextID] = subscriber
    nextID += 1
    if subscribers.count == 1 { subscribersChanged?() }
  }

  @usableFromInline func publish(_ state: State) {
    for (id, subscriber) in subscribers where !subscriber(state) {
      subscribers[id] = nil
    }
    if subscribers.isEmpty { subscribersChanged?() }
  }

  /// A sequence of `transform(state)` for the current state and every later one, skipping a
  /// value when `isDuplicate` says it repeats the one before.
  func stream<Value: Sendable>(
    startingWith state: State,
    _ transform: @escaping (State) -> Value,
    isDuplicate: @escaping (Value, Value) -> Bool
  ) -> AsyncStream<Value> {
    stream(startingWith: state, observing: transform, isDuplicate: isDuplicate, yielding: { $0 })
  }

  /// A sequence of `value(observe(state))` for the current state and every later one,
  /// skipping a state whose observation `isDuplicate` says repeats the one before: for a
  /// sequence whose elements carry less than what tells a change.
  func stream<Observed, Value: Sendable>(
    startingWith state: State,
    observing observe: @escaping (State) -> Observed,
    isDuplicate: @escaping (Observed, Observed) -> Bool,
    yielding value: @escaping (Observed) -> Value
  ) -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream.makeStream(of: Value.self)
    let ended = Flag()
    continuation.onTermination = { [ended = ActorBound(ended, on: isolation)] _ in
      Task { await ended.withValue { $0.isSet = true } }
    }
    var last = observe(state)
    continuation.yield(value(last))
    subscribe { state in
      guard !ended.isSet else { return false }
      let observed = observe(state)
      if !isDuplicate(last, observed) {
        last = observed
        continuation.yield(value(observed))
      }
      return true
    }
    return stream
  }
}

/// A boolean shared between a stream's termination handler and its subscriber.
private final class Flag {
  var isSet = false
}
