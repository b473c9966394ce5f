/// An action the user, a script or the program sent, as a history recorded it: what a
/// replay of root actions sends again, at the time it was sent, fed what it read.
struct RecordedRoot<Action> {
  /// Its history index.
  var index: Int
  /// The action.
  var action: Action
  /// Who sent it.
  var origin: EntryOrigin
  /// When, on the session's clock.
  var time: Duration
  /// What its reduction read.
  var reads: [RecordedRead]
}
