/// Where the timeline and the original kept before the first what-if part (`replace`,
/// `toggle`, `insert`, `shrink`): what the page draws beside the slider.
public struct TimelineFork: Sendable, Equatable {
  /// The original's last entry.
  public var originalLast: Int
  /// The first entry where the two differ (its action, whether it is skipped, or the state
  /// after it); `nil` when they are the same.
  public var firstDifferent: Int?

  /// A fork, for a renderer's tests or a tool that replays answers.
  public init(originalLast: Int, firstDifferent: Int?) {
    self.originalLast = originalLast
    self.firstDifferent = firstDifferent
  }
}
