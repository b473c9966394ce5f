/// Collects analytics events in memory, standing in for an analytics service.
///
/// An actor, because several middleware runs record into it at once.
public actor AnalyticsRecorder {
  /// Every event recorded, in the order recorded. Events of one checkout's different
  /// actions are recorded by concurrent middleware runs, so their order here is the order
  /// those runs reached the recorder.
  public private(set) var events: [AnalyticsEvent] = []

  /// Creates an empty recorder.
  public init() {}

  /// Records one event.
  public func record(_ event: AnalyticsEvent) {
    events.append(event)
  }
}
