import SluiceDebugger

/// Presents a script run as it happens: each command, what it did, the session's events,
/// failures and errors, and the run's end.
///
/// The ``ScriptRunner`` decides what happened and what it means for the run's status; a
/// reporter only says so, in its own format. Sluice has four: ``TextScriptReporter`` for
/// people, ``JSONScriptReporter`` for tools (the versioned event protocol),
/// ``JUnitScriptReporter`` and ``GitHubActionsScriptReporter`` for CI systems. A new format is
/// a new reporter; the runner does not change.
@MainActor
public protocol ScriptReporter: AnyObject {
  /// A script given to the run begins (not one it sources).
  func scriptStarted(_ name: String)
  /// A command is about to run; `text` is its line as read, without its comment and the
  /// blanks around it (`send .increment`).
  func command(_ text: String, at location: ScriptLocation)
  /// The session reported events.
  func events(_ events: [DebugEvent])
  /// A command answered; `command` is its name as the table spells it (`print`).
  func result(_ result: CommandResult, of command: String, at location: ScriptLocation)
  /// The values `display` follows, shown after a command that moved the program.
  func displays(_ values: [DisplayedValue], at location: ScriptLocation)
  /// An expectation was checked.
  func expectation(_ outcome: ExpectationOutcome, at location: ScriptLocation)
  /// Something failed the run without stopping it: a `wait` that ended with work still
  /// running, a cycle whose chain the detector broke, a job that failed. `location` is the
  /// command it happened under; `isOwnEvent` is false when a session event just reported
  /// (``events(_:)``) says what happened, so a report that shows events need not repeat it.
  func failure(_ message: String, at location: ScriptLocation?, isOwnEvent: Bool)
  /// A line that does not parse or a command that failed; the run stops unless it runs an
  /// init file.
  func error(_ message: String, at location: ScriptLocation?, sourceLine: String?)
  /// A script given to the run ended.
  func scriptEnded(_ name: String)
  /// The run ended.
  func finished(_ summary: ScriptRunSummary)

  /// Whether lines that are JSON command requests (`{"id": 1, "command": "…"}`) are
  /// answered as requests: only in the JSON event protocol.
  var answersRequests: Bool { get }
  /// What follows answers the request `id`, until ``requestAnswered(cause:)``.
  func requestBegan(_ id: RequestID?, spelled text: String?)
  /// Everything the request caused has been reported; `cause` says why it failed, if it did.
  func requestAnswered(cause: ProtocolEvent.Completed.Cause?)
  /// The answer to a completion request (`{"id": 1, "complete": "…"}`).
  func completions(_ completions: Completions)
  /// The current store's status changed (for a client's prompt, when it asked for it).
  func status(_ status: ProtocolEvent.StoreStatus)
  /// `set width` changed how wide one-line contexts may be (`nil`: no limit); only text for
  /// people is elided, never what a program reads.
  func widthChanged(to columns: Int?)
}

extension ScriptReporter {
  public func scriptStarted(_ name: String) {}
  public func scriptEnded(_ name: String) {}
  public var answersRequests: Bool { false }
  public func requestBegan(_ id: RequestID?, spelled text: String?) {}
  public func requestAnswered(cause: ProtocolEvent.Completed.Cause?) {}
  public func completions(_ completions: Completions) {}
  public func status(_ status: ProtocolEvent.StoreStatus) {}
  public func widthChanged(to columns: Int?) {}
}

/// How a run ended: what its last report says.
public struct ScriptRunSummary: Sendable, Equatable {
  /// The exit status.
  public var status: ScriptExitStatus
  /// Expectations checked.
  public var expectations: Int
  /// Expectations that failed.
  public var failedExpectations: Int
  /// Chains the cycle detector broke.
  public var cycleFailures: Int
  /// `wait`s that ended with work still running.
  public var unfinishedWaits: Int
  /// Jobs that failed.
  public var jobFailures: Int

  /// Creates a summary.
  public init(
    status: ScriptExitStatus, expectations: Int, failedExpectations: Int, cycleFailures: Int = 0,
    unfinishedWaits: Int = 0, jobFailures: Int = 0
  ) {
    self.jobFailures = jobFailures
    self.status = status
    self.expectations = expectations
    self.failedExpectations = failedExpectations
    self.cycleFailures = cycleFailures
    self.unfinishedWaits = unfinishedWaits
  }
}
