import InMemoryTracing
import Sluice
import Tracing

/// A feature with one action for each kind of work a store traces: a plain reduction, a
/// `.send` effect, a job that sends, one that fails, one that waits until cancelled, a
/// debounced search and a throttled refresh on the store's clock.
struct Cart: Reducer {
  struct State: Equatable, Sendable {
    var items: [String] = []
    var results: [String] = []
  }

  struct Credentials: Equatable, Sendable {
    var user: String
    @Secret var password: String
  }

  enum Action: Equatable, Sendable {
    case add(String)
    case addTwice(String)
    case load
    case loaded([String])
    case charge
    case watch
    case stopWatching
    case search(String)
    case found(String)
    case refresh(Int)
    case refreshed(Int)
    case logIn(Credentials)
    case probe
    case probed(spanID: String?)
  }

  struct PaymentDeclined: Error, CustomStringConvertible {
    var description: String { "card declined" }
  }

  enum ID { case watch, search, refresh }

  /// The clock the watch job sleeps on: controlled by the test, never reached.
  let clock: ManualClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add(let item):
      state.items.append(item)
      return .none
    case .addTwice(let item):
      state.items.append(item)
      return .send(.add(item))
    case .load:
      return .run(name: "load") { send in await send(.loaded(["milk"])) }
    case .loaded(let items):
      state.items += items
      return .none
    case .charge:
      return .run(name: "charge") { _ in throw PaymentDeclined() }
    case .watch:
      return .run(name: "watch") { [clock] _ in try await clock.sleep(for: .seconds(3600)) }
        .cancellable(id: ID.watch)
    case .stopWatching:
      return .cancel(id: ID.watch)
    case .search(let query):
      return .run(name: "search") { send in await send(.found(query)) }
        .debounce(id: ID.search, for: .milliseconds(300))
    case .found(let result):
      state.results.append(result)
      return .none
    case .refresh(let number):
      return .run(name: "refresh") { send in await send(.refreshed(number)) }
        .throttle(id: ID.refresh, for: .seconds(1), latest: true)
    case .refreshed(let number):
      state.results.append("\(number)")
      return .none
    case .logIn:
      return .none
    case .probe:
      // What a job's own calls (an HTTP client's) would take as their parent.
      return .run(name: "probe") { send in
        await send(.probed(spanID: ServiceContext.current?.inMemorySpanContext?.spanID))
      }
    case .probed(let spanID):
      state.results.append(spanID ?? "none")
      return .none
    }
  }
}
