/// What a session keeps while its timeline is the replay of a scratch session (`shrink`,
/// `insert`): the failure a shrink kept, which `export test` asserts, and the original's job
/// spans and cycle reports, which `original restore` puts back with the original history.
struct ReplayedTimeline {
  /// The failure a `shrink` kept; `nil` after an `insert`.
  var goal: ShrinkGoal?
  /// The original history's job spans.
  var originalJobSpans: [JobSpanLog.Kept]
  /// The original history's cycle reports.
  var originalCycleReports: [CycleReport]
}
