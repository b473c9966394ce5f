/// Watches a store: the one seam through which a store reports what it does, and through
/// which a debugger holds actions and jobs.
///
/// A store without a monitor pays a nil check and nothing more. With one, every
/// ``StoreEvent`` is delivered synchronously on the main actor, in the order it happened.
@MainActor
public protocol StoreMonitor<State, Action>: AnyObject {
  /// The monitored store's state type.
  associatedtype State
  /// The monitored store's action type.
  associatedtype Action

  /// Whether ``StoreEvent/didReduce(_:_:oldState:newState:duration:)`` should carry the
  /// state before the reduction. Keeping it forces a copy of whatever the reducer mutates.
  var wantsPreviousState: Bool { get }

  /// Receives one event.
  func store(didReport event: StoreEvent<State, Action>)

  /// Asked before each reduction: return `true` to pause the store with this action at the
  /// head of its queue. The store stays paused until `resume()` or `step()`.
  func shouldPause(before action: Action, context: ActionContext) -> Bool

  /// Asked when a job is scheduled: return `true` to hold it pending until
  /// ``Store/release(_:)`` lets it start.
  func shouldHold(_ job: JobInfo) -> Bool
}

extension StoreMonitor {
  /// By default a monitor is not sent the state before each reduction.
  public var wantsPreviousState: Bool { false }
  /// By default a monitor never pauses the store.
  public func shouldPause(before action: Action, context: ActionContext) -> Bool { false }
  /// By default a monitor never holds a job.
  public func shouldHold(_ job: JobInfo) -> Bool { false }
}
