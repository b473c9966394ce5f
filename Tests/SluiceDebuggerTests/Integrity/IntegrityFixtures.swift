import Foundation
import Sluice
import SluiceDebugger

/// A counter whose step the test chooses when it registers the feature, so that one
/// session can be saved by one "version" of the reducer and loaded by another.
struct Stepper: Reducer {
  struct State: Codable, Equatable, Sendable {
    var count = 0
  }

  enum Action: Codable, Equatable, Sendable {
    case increment, reset
  }

  let step: Int

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count += step
    case .reset: state.count = 0
    }
    return .none
  }
}

/// `Stepper` registered as "stepper", stepping by `step`.
func stepperRegistry(step: Int) -> FeatureRegistry {
  FeatureRegistry([
    Feature("stepper", summary: "A counter with a chosen step", initialState: Stepper.State()) { _ in
      Stepper(step: step)
    }
  ])
}

/// A value with reference semantics: a `Codable` class.
final class Tally: Codable, Equatable, @unchecked Sendable {
  // `@unchecked Sendable` is the point of the fixture: users put such classes in State, and
  // the debugger must warn about them. The tests touch it on the main actor only.
  var total = 0

  static func == (lhs: Tally, rhs: Tally) -> Bool { lhs.total == rhs.total }
}

/// A feature whose State holds a class instance, mutated in place by its reducer.
struct Ledger: Reducer {
  struct State: Codable, Equatable, Sendable {
    var entries = 0
    var tally = Tally()
  }

  enum Action: Codable, Equatable, Sendable {
    case record
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.entries += 1
    state.tally.total += 1
    return .none
  }
}

let ledgerRegistry = FeatureRegistry([
  Feature("ledger", summary: "State holding a class", initialState: Ledger.State()) { _ in Ledger() }
])

/// A feature whose state holds Foundation's value types, as a user's cart would.
struct Receipt: Reducer {
  struct State: Codable, Equatable, Sendable {
    var id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    var addedAt = Date(timeIntervalSince1970: 1_714_555_800.25)
    var link = URL(string: "https://example.com/receipts/1")!
    var total = Decimal(string: "12.50")!
    var priceCents = 1_250
    var note: String?? = .some(nil)
    var tags: [String] = ["gift"]
  }

  enum Action: Codable, Equatable, Sendable {
    case stamp(id: UUID, at: Date)
    case link(URL)
    case total(Decimal)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .stamp(let id, let date):
      state.id = id
      state.addedAt = date
    case .link(let url): state.link = url
    case .total(let total): state.total = total
    }
    return .none
  }
}

let receiptRegistry = FeatureRegistry([
  Feature("receipt", summary: "Foundation values in state", initialState: Receipt.State()) { _ in Receipt() }
])
