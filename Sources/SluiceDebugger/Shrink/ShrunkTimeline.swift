/// What a session keeps while its timeline is one `shrink` made: the failure the shrunk
/// actions show, which `export test` asserts, and the original's job spans and cycle
/// reports, which `original restore` puts back with the original history.
struct ShrunkTimeline {
  /// The failure kept.
  var goal: ShrinkGoal
  /// The original history's job spans.
  var originalJobSpans: [JobSpanLog.Kept]
  /// The original history's cycle reports.
  var originalCycleReports: [CycleReport]
}
