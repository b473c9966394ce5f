import Dependencies
import Foundation
import Sluice
import SluiceDebugger
import SluiceDebuggerDependencies

/// A feature that reads every kind of value whose world the debugger, a test store and a
/// script must agree on: an id, the date and a random number in its reducer, a client whose
/// live value differs from its test value, and a middleware whose job sleeps on
/// `@Dependency(\.continuousClock)` before it confirms an order.
struct OrderDesk: Reducer {
  struct Order: Codable, Equatable, Sendable {
    var id: UUID
    var item: String
    var placedAt: Date
    var priority: Int
    var inStock: Int
    var confirmedAt: Date?
  }

  struct State: Codable, Equatable, Sendable {
    var orders: [Order] = []
  }

  enum Action: Codable, Equatable, Sendable {
    case place(String)
    case confirmed(UUID)
  }

  @Dependency(\.uuid) var uuid
  @Dependency(\.date.now) var now
  @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
  @Dependency(\.stockClient) var stock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .place(let item):
      let priority = withRandomNumberGenerator { Int.random(in: 1...5, using: &$0) }
      state.orders.append(Order(id: uuid(), item: item, placedAt: now, priority: priority, inStock: stock.count(item)))
    case .confirmed(let id):
      guard let index = state.orders.firstIndex(where: { $0.id == id }) else { return .none }
      state.orders[index].confirmedAt = now
    }
    return .none
  }

  /// Confirms each order placed, after a second on the clock a middleware reads itself.
  static let confirmation = Middleware<State, Action>(name: "confirm") { action, state in
    guard case .place = action, let id = state.orders.last?.id else { return .none }
    @Dependency(\.continuousClock) var clock
    return .run(name: "confirm order") { send in
      try await clock.sleep(for: .seconds(1))
      await send(.confirmed(id))
    }
  }

  /// The desk registered as `order-desk`, its values stated once: the stock client's live
  /// value, for the session, its tests and its scripts alike.
  static let registry = FeatureRegistry([
    Feature(
      "order-desk", summary: "Orders stamped, counted against stock and confirmed 1 s later",
      initialState: State(),
      dependencies: { $0.stockClient = .liveValue },
      middleware: { _ in [confirmation] }
    ) { _ in
      OrderDesk()
    }
  ])
}

/// How many of an item are in stock: 7 live, 0 in tests, so that a session and a test that
/// resolve it differently show it.
struct StockClient: Sendable, DependencyKey {
  var count: @Sendable (String) -> Int

  static let liveValue = StockClient { _ in 7 }
  static let testValue = StockClient { _ in 0 }
}

extension DependencyValues {
  var stockClient: StockClient {
    get { self[StockClient.self] }
    set { self[StockClient.self] = newValue }
  }
}
