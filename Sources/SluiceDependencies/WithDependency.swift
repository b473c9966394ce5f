import Dependencies
import Sluice

/// A reducer that runs another, and the jobs of the effects it returns, with one dependency
/// value set: swift-dependencies' `.dependency(\.uuid, .incrementing)`.
///
/// Made by ``Sluice/Reducer/dependency(_:_:)``. Unlike a ``WithDependencies`` closure, it
/// knows the key it sets, so a failing test's session file can name it.
public struct WithDependency<Base: Reducer, Value: Sendable>: Reducer {
  /// The reducer run with the value set.
  public let base: Base
  /// The key set.
  public let keyPath: any WritableKeyPath<DependencyValues, Value> & Sendable
  /// The value set.
  public let value: Value
  /// The key's name, as a test's override is named: `uuid`.
  package let keyName: String

  /// Creates a reducer that runs `base` with the dependency at `keyPath` set to `value`.
  public init(_ base: Base, _ keyPath: any WritableKeyPath<DependencyValues, Value> & Sendable, _ value: Value) {
    self.base = base
    self.keyPath = keyPath
    self.value = value
    keyName = DependencyKeyName.of(keyPath)
  }

  /// Reduces with the value set, and gives the effect's jobs the values the reduction saw,
  /// as ``WithDependencies`` does.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    WithDependencies(base) { [keyPath, value] in $0[keyPath: keyPath] = value }.reduce(into: &state, action: action)
  }
}

extension WithDependency: OverridesDependencies {
  package var dependencyOverrides: [String?] { [keyName] + base.dependencyOverrides }
}

extension WithDependencies: OverridesDependencies {
  package var dependencyOverrides: [String?] { [nil] + base.dependencyOverrides }
}

extension Reducer {
  /// This reducer, run with the dependency at `keyPath` set to `value`; its effects' jobs
  /// run with it too. swift-dependencies' and TCA's idiom for one value:
  ///
  /// ```swift
  /// let store = TestStore(initialState: Todos.State(), reducer: Todos().dependency(\.uuid, .incrementing))
  /// ```
  ///
  /// A test store that writes failure sessions names the key in the file, so that a replay
  /// in the debugger that diverges because of it says so.
  public func dependency<Value: Sendable>(
    _ keyPath: any WritableKeyPath<DependencyValues, Value> & Sendable, _ value: Value
  ) -> WithDependency<Self, Value> {
    WithDependency(self, keyPath, value)
  }
}
