import Foundation

/// A realistic feature used across the tests: a to-do list with nested actions.
struct Todo: Codable, Equatable, Identifiable, Hashable {
  var id: Int
  var title: String
  var done = false

  enum Action: Codable, Equatable {
    case toggle(id: Int)
    case rename(id: Int, title: String)
    case delete
  }
}

struct User: Codable, Equatable {
  var name: String
  var age: Int
}

enum Todos {
  enum Filter: String, Codable, Equatable {
    case all, active, completed
  }

  struct State: Codable, Equatable {
    var todos: [Todo] = []
    var tags: [String: Int] = [:]
    var user: User?
    var filter: Filter = .all
    var count = 0
  }

  enum Action: Codable, Equatable {
    case increment
    case setStep(Int)
    case add(title: String, priority: Int)
    case todo(Todo.Action)
    case load(ids: [Int])
    case set([String: Int])
    case login(User?)
    case select(id: Int?)
    case rank([Int: String])
    case tag(Set<String>)
    case filter(Filter)
    case insert(Todo)
    case numbers(Int8, UInt64, Double, Float, Int64)
    case flag(Bool, note: String)
    case schedule(at: Date, link: URL, token: UUID)
  }
}
