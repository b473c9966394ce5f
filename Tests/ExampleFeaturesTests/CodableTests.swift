import ExampleFeatures
import Foundation
import Sluice
import Testing

/// The debugger decodes typed actions through `Codable` and saves sessions as JSON: every
/// feature's states and actions must survive the trip unchanged.
struct CodableTests {
  func roundTrip<Value: Codable & Equatable>(
    _ value: Value, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let data = try JSONEncoder().encode(value)
    let decoded = try JSONDecoder().decode(Value.self, from: data)
    #expect(decoded == value, sourceLocation: sourceLocation)
  }

  @Test func counter() throws {
    try roundTrip(Counter.State(count: -3, step: 4))
    try roundTrip([Counter.Action.increment, .decrement, .setStep(5), .reset])
  }

  @Test func todos() throws {
    var operations = OperationTracker<Todos.Operation>()
    operations.begin(.load)
    operations.end(.load, failure: AsyncFailure(message: "Offline"))
    operations.begin(.load)
    try roundTrip(
      Todos.State(todos: [Todo(id: 1, title: "Milk", isDone: true)], filter: .completed, operations: operations))
    try roundTrip([
      Todos.Action.add(title: "Milk"), .toggle(id: 1), .delete(id: 2), .setFilter(.active), .load,
      .cancelLoad, .loadResponse([Todo(id: 1, title: "Milk")]),
      .loadFailed(AsyncFailure(message: "Offline")),
    ])
  }

  @Test func profile() throws {
    try roundTrip(Profile.State(profile: .failed(AsyncFailure(message: "Down"), previous: "Ada"), draftName: "Ada K."))
    try roundTrip([
      Profile.Action.appeared, .refresh, .loaded(.success("Ada")),
      .loaded(.failure(AsyncFailure(message: "Offline", category: .network))), .save, .saved(.success("Ada K.")),
      .saved(.failure(AsyncFailure(message: "Down", category: .server))),
    ])
  }

  @Test func search() throws {
    try roundTrip(Search.State(query: "ada", results: .failed(AsyncFailure(message: "Down"), previous: ["Ada"])))
    try roundTrip(Search.State(query: "ada", results: .loading(previous: nil)))
    try roundTrip([
      Search.Action.queryChanged("ada"), .search, .refresh, .searchResponse(["Ada Lovelace"]),
      .searchFailed(AsyncFailure(message: "Down")),
    ])
  }

  @Test func checkout() throws {
    let item = CartItem(id: "pear", name: "Pear", priceInCents: 95, quantity: 2)
    try roundTrip(Checkout.State(items: [item], status: .paid(receiptID: "receipt-1"), orderNumber: 4))
    try roundTrip([
      Checkout.Action.addItem(item), .removeItem(id: "pear"), .checkout, .validated,
      .validationFailed(reason: "Empty"), .paymentSucceeded(receiptID: "receipt-1"),
      .paymentFailed(reason: "Declined"),
    ])
  }

  @Test func pingPong() throws {
    try roundTrip(PingPong.State(pings: 3, pongs: 2, isRunning: true))
    try roundTrip([PingPong.Action.ping, .pong, .stop])
  }

  @Test func actionsUseSynthesizedEnumCoding() throws {
    // The debugger builds this shape from `.setFilter(.active)`; raw values would break it.
    let json = #"{"setFilter":{"_0":{"active":{}}}}"#
    let action = try JSONDecoder().decode(Todos.Action.self, from: Data(json.utf8))
    #expect(action == .setFilter(.active))
  }
}
