import Sluice

/// Describes a session's history entries for everything that shows them: an action as the
/// history lists it (`.add(title: "Milk")`) with its case name, an edit as it was typed, an
/// entry as a ``HistoryRecord``.
///
/// A value made once per session, shared by the session and its ``Recorder``: the recorder
/// describes the reductions nobody took yet when their entries are about to go.
@usableFromInline
struct EntryDescriber<Action> {
  /// Describes actions, without reflection when `Action` is `@Scriptable`.
  @usableFromInline let actions: ActionDescriber<Action>
  /// Names action cases (for records and breakpoints) without a dynamic cast per action.
  @usableFromInline let caseName: @Sendable (Action) -> String

  init(for type: Action.Type) {
    actions = ActionDescriber(for: type)
    caseName = caseNamer(for: type)
  }

  /// The action as the history lists it.
  @inlinable
  func describe(_ action: Action) -> String {
    actions.describe(action)
  }

  /// The step as `log` lists it: the action, or `set var PATH = VALUE`.
  @inlinable
  func describe(_ step: HistoryStep<Action>) -> String {
    switch step {
    case .action(let action): actions.describe(action)
    case .edit(let edit): edit.description
    }
  }

  /// The step's case name (``HistoryRecord/caseName``): an edit's is `set var`, which no
  /// case pattern matches.
  @inlinable
  func caseName(of step: HistoryStep<Action>) -> String {
    switch step {
    case .action(let action): caseName(action)
    case .edit: HistoryRecord.editCaseName
    }
  }

  /// The record of `entry`, its action described.
  @inlinable
  func record<State>(of entry: History<State, Action>.Entry) -> HistoryRecord {
    let isEdit = if case .edit = entry.action { true } else { false }
    return HistoryRecord(
      index: entry.index, action: describe(entry.action), caseName: caseName(of: entry.action), isEdit: isEdit,
      origin: entry.origin, context: entry.context, time: entry.time,
      reduceDuration: entry.reduceDuration, changedPaths: entry.changedPaths,
      isSkipped: entry.isSkipped, reads: entry.reads, readLiveOnReplay: entry.readLiveOnReplay)
  }
}
