/// How strictly a ``TestStore`` checks a test.
public enum Exhaustivity: Hashable, Sendable {
  /// Every state change must be asserted, every action received, every job finished.
  case on
  /// Only what the test asserts is checked: state assertions may describe part of the
  /// change, unasserted received actions are skipped, jobs still running at the end are
  /// cancelled without a failure.
  case off
}
