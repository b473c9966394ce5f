import Sluice

/// A feature whose state is 10,000 rows, one of which each action edits: a store that
/// copied its state per action would pay for all 10,000 every time.
package struct Rows: Reducer {
  package struct Row: Codable, Equatable, Sendable {
    package var id: Int
    package var title: String
    package var isDone: Bool
  }

  package struct State: Codable, Equatable, Sendable {
    package var rows: [Row] = (0..<10_000).map { Row(id: $0, title: "Row \($0)", isDone: false) }

    package init() {}
  }

  package enum Action: Codable, Equatable, Sendable {
    case toggle(Int)
  }

  package init() {}

  package func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .toggle(let index):
      state.rows[index].isDone.toggle()
    }
    return .none
  }

  package static let actions: [Action] = (0..<64).map { .toggle($0 * 151 % 10_000) }
}

extension Rows {
  /// Action `index` of a long run that changes every row in turn, far apart.
  package static func spreadAction(_ index: Int) -> Action { .toggle(index * 7_919 % 10_000) }
}
