/// Where each reduction goes on the store's track, so that the track's slices never
/// overlap: a slice starts when the reduction started, or when the one before it ended if
/// that is later, and lasts as long as the reducer took, at least a microsecond.
///
/// On a virtual clock many reductions share one instant (time moves only with `advance`),
/// and their recorded times say only that instant: they are laid end to end from it, in
/// history order, each as long as its reducer really took. The track then shows their
/// order and their cost; a slice is late by at most the slices before it at its instant.
/// On the real clock a reduction's time is when it ended, so its slice starts that long
/// before.
struct ReductionPlacement {
  /// Whether the session's times are virtual.
  let isVirtual: Bool
  /// Where the last slice placed ends, in microseconds.
  private(set) var end = 0

  init(isVirtual: Bool) {
    self.isVirtual = isVirtual
  }

  /// The slice of a reduction recorded at `time` that took `reduceDuration`: its start and
  /// length in microseconds.
  mutating func place(time: Duration, reduceDuration: Duration) -> (start: Int, duration: Int) {
    let duration = max(1, TraceTime.microsecondsRoundingUp(reduceDuration))
    let recorded = TraceTime.microseconds(time)
    let nominal = isVirtual ? recorded : recorded - duration
    let start = max(nominal, end, 0)
    end = start + duration
    return (start, duration)
  }
}
