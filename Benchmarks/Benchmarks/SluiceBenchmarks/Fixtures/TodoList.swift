import Sluice

/// A to-do list shaped like the example Todos: `add` takes the id after the largest, found
/// by one pass over the list, so a send costs time linear in the list and no more.
struct TodoList: Reducer {
  struct State: Codable, Equatable, Sendable {
    var todos: [Todo] = []
  }

  struct Todo: Codable, Equatable, Sendable {
    var id: Int
    var title: String
    var isDone = false
  }

  enum Action: Codable, Equatable, Sendable {
    case add(title: String)
    case toggle(id: Int)
    case loaded([Todo])
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add(let title):
      var largest = 0
      for todo in state.todos where todo.id > largest { largest = todo.id }
      guard largest < .max else { return .none }
      state.todos.append(Todo(id: largest + 1, title: title))
    case .toggle(let id):
      if let index = state.todos.firstIndex(where: { $0.id == id }) { state.todos[index].isDone.toggle() }
    case .loaded(let todos):
      state.todos = todos
    }
    return .none
  }
}
