import SluiceDebugger
import SluiceReporting
import Testing

/// A feature's subscriptions in a session: they tick on virtual time, are never waited for,
/// go on listening across time travel, and restart with `reset` and `load`.
@MainActor
@Suite struct SubscriptionSessionTests {
  @Test func aSubscriptionTicksOnVirtualTimeAndWaitDoesNotWaitForIt() async {
    let harness = ScriptRunnerHarness()
    let status = await harness.run(
      """
      use stopwatch
      .start
      advance 3s
      expect elapsedSeconds == 3
      wait
      """)
    #expect(status == .success, "\(harness.output.text)")
    #expect(harness.output.standardOutput.filter { $0.hasPrefix("#") && $0.contains(".tick  ← subscription 'ticks'") }.count == 3)
    #expect(harness.output.standardOutput.contains("idle"))
  }

  @Test func timeTravelLeavesTheSubscriptionListeningAndResetRestartsIt() async {
    let harness = ScriptRunnerHarness()
    let status = await harness.run(
      """
      use stopwatch
      .start
      advance 2s
      jump 1
      expect elapsedSeconds == 0
      advance 1s
      expect elapsedSeconds == 1
      jobs
      reset
      jobs
      .start
      advance 500ms
      expect elapsedSeconds == 0
      advance 500ms
      expect elapsedSeconds == 1
      """)
    #expect(status == .success, "\(harness.output.text)")
    let text = harness.output.text
    // The jump cancelled nothing: the same job ticked on, and forked the timeline.
    #expect(!text.contains("jump to #1 abandoned"))
    #expect(text.contains("#1   subscription  ticks  running"))
    // The reset cancelled it, said why, and started a fresh one whose first tick is a whole
    // second after the reset.
    #expect(text.contains("cancelled subscription 'ticks' (job #1): reset restarts the store's subscriptions"))
    #expect(text.contains("#2   subscription  ticks  pending"))
  }

  @Test func loadRestartsTheSubscriptions() async throws {
    let folder = try TemporaryFolder()
    let harness = ScriptRunnerHarness()
    let status = await harness.run(
      """
      use stopwatch
      .start
      advance 1s
      save \(folder.url.appendingPathComponent("watch.sluice-session").path)
      load \(folder.url.appendingPathComponent("watch.sluice-session").path)
      expect elapsedSeconds == 1
      advance 1s
      expect elapsedSeconds == 2
      """)
    #expect(status == .success, "\(harness.output.text)")
    #expect(harness.output.text.contains("cancelled subscription 'ticks' (job #1): load restarts the store's subscriptions"))
  }
}
