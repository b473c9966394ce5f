/// The pause between two checks of a condition that jobs off the main actor make true:
/// first plain yields, which give them the processor at once, then short sleeps, so a long
/// wait does not spin.
struct PollingPause {
  private var count = 0

  /// Waits before the next check.
  mutating func wait() async {
    count += 1
    if count < 100 {
      await Task.yield()
    } else {
      try? await Task.sleep(for: .microseconds(200))
    }
  }

  /// Starts over with yields: progress was made, so the next check may succeed soon.
  mutating func reset() {
    count = 0
  }
}
