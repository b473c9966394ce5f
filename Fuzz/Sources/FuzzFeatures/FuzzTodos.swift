import Sluice

/// A small list feature, the shape of the example Todos: the feature the session-file
/// targets load their inputs into.
public struct FuzzTodos: Reducer {
  /// The list, and a counter.
  public struct State: Equatable, Codable, Sendable {
    /// The items, in the order added.
    public var todos: [Todo] = []
    /// What `increment` counts.
    public var count = 0

    /// An empty list.
    public init() {}
  }

  /// One item.
  public struct Todo: Equatable, Codable, Sendable {
    /// One more than the largest id when it was added.
    public var id: Int
    /// What it says.
    public var title: String
  }

  /// What a session file's log may send.
  public enum Action: Equatable, Codable, Sendable {
    /// Adds an item.
    case add(title: String)
    /// Removes the item with this id.
    case remove(id: Int)
    /// Counts one more.
    case increment
  }

  /// The feature.
  public init() {}

  /// Applies `action`; ids never overflow.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add(let title):
      var largest = 0
      for todo in state.todos where todo.id > largest { largest = todo.id }
      guard largest < .max else { return .none }
      state.todos.append(Todo(id: largest + 1, title: title))
    case .remove(let id):
      state.todos.removeAll { $0.id == id }
    case .increment:
      state.count &+= 1
    }
    return .none
  }
}
