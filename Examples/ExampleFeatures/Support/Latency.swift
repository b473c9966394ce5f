/// Waits `latency` on `clock`, as an in-memory service does to imitate a network.
///
/// A zero latency still checks for cancellation, so a cancelled request never answers,
/// whatever its latency.
func simulateLatency(_ latency: Duration, on clock: any Clock<Duration>) async throws {
  if latency > .zero {
    try await clock.sleep(for: latency)
  } else {
    try Task.checkCancellation()
  }
}
