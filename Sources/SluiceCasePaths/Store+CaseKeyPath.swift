import CasePaths
import Sluice

extension Store where Action: CasePathable {
  /// Sends the action at `casePath` carrying `value`: `store.send(\.setStep, 3)` sends
  /// `.setStep(3)`. The action enum must be `@CasePathable` (swift-case-paths).
  ///
  /// - Returns: A handle whose ``StoreTask/finish()`` awaits everything the action causes.
  @discardableResult
  public func send<Value>(_ casePath: CaseKeyPath<Action, Value>, _ value: Value) -> StoreTask {
    send(casePath(value))
  }

  /// Sends the action at `casePath`, a case without a payload: `store.send(\.increment)`.
  ///
  /// - Returns: A handle whose ``StoreTask/finish()`` awaits everything the action causes.
  @discardableResult
  public func send(_ casePath: CaseKeyPath<Action, Void>) -> StoreTask {
    send(casePath())
  }
}
