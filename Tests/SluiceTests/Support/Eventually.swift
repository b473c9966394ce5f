/// Yields to other tasks until `condition` holds, at most `maximumYields` times: for
/// conditions that other tasks make true, without sleeping and without hanging the suite.
///
/// - Returns: Whether the condition came to hold.
@MainActor
func eventually(maximumYields: Int = 100_000, _ condition: () -> Bool) async -> Bool {
  for _ in 0..<maximumYields {
    if condition() { return true }
    await Task.yield()
  }
  return condition()
}
