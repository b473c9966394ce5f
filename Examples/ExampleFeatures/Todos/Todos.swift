import Sluice
import SluiceMacroSupport

/// A to-do list that can be edited locally and loaded from a ``TodosAPI``: the example of a
/// cancellable load, its failure, and a computed view of the state.
///
/// Loading replaces the whole list. A second `load` cancels the first
/// (`cancelInFlight`), so only the newest answer lands; `cancelLoad` abandons it.
@Feature
public struct Todos: Sendable {
  /// The operations whose progress the state tracks.
  public enum Operation: Hashable, Sendable, Codable {
    /// Fetching the list from the API.
    case load
  }

  /// The list, the filter and where loading stands.
  public struct State: Equatable, Sendable, Codable {
    /// Every item, in the order added or loaded.
    public var todos: [Todo]
    /// Which items ``visibleTodos`` shows.
    public var filter: Filter
    /// Whether a load is in flight and how the last one failed.
    public var operations: OperationTracker<Operation>

    /// Creates a state; by default an empty list, showing everything, with nothing loading.
    public init(
      todos: [Todo] = [], filter: Filter = .all,
      operations: OperationTracker<Operation> = OperationTracker()
    ) {
      self.todos = todos
      self.filter = filter
      self.operations = operations
    }

    /// The items the filter lets through, in list order.
    public var visibleTodos: [Todo] {
      todos.filter(filter.includes)
    }

    /// Whether a load is in flight.
    public var isLoading: Bool {
      operations.isRunning(.load)
    }

    /// Why the last load failed, if it did.
    public var loadFailure: AsyncFailure? {
      operations.failures[.load]
    }
  }

  /// What a user, or a load, can do to the list.
  public enum Action: Equatable, Sendable, Codable {
    /// Appends an item with the id after the largest; a blank title is ignored, as is an add
    /// when the largest id is already `Int.max`.
    case add(title: String)
    /// Flips whether the item is done; an unknown id is ignored.
    case toggle(id: Int)
    /// Removes the item; an unknown id is ignored.
    case delete(id: Int)
    /// Changes which items are visible.
    case setFilter(Filter)
    /// Fetches the list from the API, cancelling a load already in flight.
    case load
    /// Abandons the load in flight, leaving the list as it was.
    case cancelLoad
    /// The load's answer: the list replaces the current one.
    case loadResponse([Todo])
    /// The load failed; the list stays as it was.
    case loadFailed(AsyncFailure)
  }

  private enum CancelID: Hashable, Sendable {
    case load
  }

  /// Where the list is loaded from.
  public let api: any TodosAPI

  /// Creates the feature.
  ///
  /// - Parameter api: Where `load` fetches the list; an ``InMemoryTodosAPI`` by default.
  public init(api: any TodosAPI = InMemoryTodosAPI()) {
    self.api = api
  }

  /// Applies one action; `load` is the only action that starts an effect.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add(let title):
      guard let title = title.trimmingWhitespace() else { return .none }
      // Ids may come from the API or a saved state: after `Int.max` there is no next one,
      // and the add is ignored rather than overflowing.
      // A plain loop: `map(\.id).max()` built an array and went through a key path per item.
      var largest = 0
      for todo in state.todos where todo.id > largest { largest = todo.id }
      guard largest < .max else { return .none }
      let id = largest + 1
      state.todos.append(Todo(id: id, title: title))
      return .none

    case .toggle(let id):
      guard let index = state.todos.firstIndex(where: { $0.id == id }) else { return .none }
      state.todos[index].isDone.toggle()
      return .none

    case .delete(let id):
      state.todos.removeAll { $0.id == id }
      return .none

    case .setFilter(let filter):
      state.filter = filter
      return .none

    case .load:
      // `cancelInFlight` below means at most one load runs; counting the replaced one as
      // still running would leave the tracker showing a load forever.
      if !state.operations.isRunning(.load) {
        state.operations.begin(.load)
      }
      let api = api
      return .run(name: "load todos") { send in
        let todos = try await api.fetchTodos()
        await send(.loadResponse(todos))
      } catch: { error, send in
        await send(.loadFailed(AsyncFailure(error)))
      }
      .cancellable(id: CancelID.load, cancelInFlight: true)

    case .cancelLoad:
      guard state.operations.isRunning(.load) else { return .none }
      // A cancelled effect sends nothing, so the reducer ends the operation itself.
      state.operations.end(.load)
      return .cancel(id: CancelID.load)

    case .loadResponse(let todos):
      state.todos = todos
      state.operations.end(.load)
      return .none

    case .loadFailed(let failure):
      state.operations.end(.load, failure: failure)
      return .none
    }
  }
}

extension String {
  /// The string without leading and trailing whitespace, or `nil` when nothing else is left.
  /// Written against the standard library so the features need not import Foundation.
  fileprivate func trimmingWhitespace() -> String? {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return nil }
    return String(self[first...last])
  }
}
