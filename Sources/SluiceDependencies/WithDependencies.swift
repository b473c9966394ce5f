import Dependencies
import Sluice

/// A reducer that runs another, and the jobs of the effects it returns, with dependency
/// values (swift-dependencies' `DependencyValues`) changed by `update`.
///
/// Made by ``Sluice/Reducer/dependencies(_:)``.
public struct WithDependencies<Base: Reducer>: Reducer {
  /// The reducer run with the changed values.
  public let base: Base
  /// Changes the values `base` and its jobs see.
  public let update: @Sendable (inout DependencyValues) -> Void

  /// Creates a reducer that runs `base` with the dependency values `update` changes.
  public init(_ base: Base, update: @escaping @Sendable (inout DependencyValues) -> Void) {
    self.base = base
    self.update = update
  }

  /// Reduces with the changed values, and gives the effect's jobs the values the reduction
  /// saw: a job runs later, in a task of its own, where the task-local values are gone.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    withDependencies(update) {
      base.reduce(into: &state, action: action).carryingDependencies()
    }
  }
}

extension Reducer {
  /// This reducer, run with the dependency values `update` changes; its effects' jobs run
  /// with them too.
  ///
  /// ```swift
  /// let store = Store(initialState: Todos.State(), reducer: Todos().dependencies {
  ///   $0.todosClient = .preview
  /// })
  /// ```
  ///
  /// Nested calls apply outermost first, so an inner change wins. `TestStore` and the
  /// debugger's `Feature` take such a reducer like any other, which is how tests and
  /// debugging sessions choose the values a feature runs with.
  public func dependencies(_ update: @escaping @Sendable (inout DependencyValues) -> Void) -> WithDependencies<Self> {
    WithDependencies(self, update: update)
  }
}
