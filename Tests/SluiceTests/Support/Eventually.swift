/// Yields to other tasks until `condition` holds: for conditions that other tasks make true,
/// without sleeping. Gives up only after ``hangGuard`` of real time, so a broken test fails
/// instead of hanging the suite, while a busy machine only makes it wait longer.
///
/// - Returns: Whether the condition came to hold.
@MainActor
func eventually(_ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + hangGuard
  while ContinuousClock.now < deadline {
    if condition() { return true }
    await Task.yield()
  }
  return condition()
}
