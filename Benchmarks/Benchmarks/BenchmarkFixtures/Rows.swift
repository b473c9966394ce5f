import Sluice

/// A feature whose state is 10,000 rows, one of which each action edits: a store that
/// copied its state per action would pay for all 10,000 every time.
struct Rows: Reducer {
  struct Row: Codable, Equatable, Sendable {
    var id: Int
    var title: String
    var isDone: Bool
  }

  struct State: Codable, Equatable, Sendable {
    var rows: [Row] = (0..<10_000).map { Row(id: $0, title: "Row \($0)", isDone: false) }
  }

  enum Action: Codable, Equatable, Sendable {
    case toggle(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .toggle(let index):
      state.rows[index].isDone.toggle()
    }
    return .none
  }

  static let actions: [Action] = (0..<64).map { .toggle($0 * 151 % 10_000) }
}
