/// What a history entry records: an action the store reduced, or an edit of the state made
/// by hand (`set var`), an entry of its own kind that replay applies again.
@usableFromInline
enum HistoryStep<Action> {
  /// An action the store reduced.
  case action(Action)
  /// `set var PATH = VALUE`.
  case edit(StateEdit)
}

extension HistoryStep: Sendable where Action: Sendable {}
