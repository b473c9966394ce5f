/// A job the person at the debugger cancelled with `cancel`: what a test exported from the
/// session (`export test`) replays at the same place, since no history entry records it.
struct CancellationByHand {
  /// The last history entry when it was cancelled.
  let afterEntry: Int
  /// When, on the session's clock.
  let time: Duration
  /// The job's name.
  let jobName: String
  /// Whether other live jobs had the same name: `cancel ID` chose one of them, and a test
  /// cancels jobs by name.
  let sharedName: Bool
}
