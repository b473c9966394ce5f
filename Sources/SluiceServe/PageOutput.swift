import SluiceReporting

/// A page's answers, sent one JSON event per WebSocket message: what `sluice run --json -`
/// writes, on the page's connection instead of standard output.
@MainActor
final class PageOutput: ScriptOutput {
  private let send: @Sendable (String) -> Void

  init(send: @escaping @Sendable (String) -> Void) {
    self.send = send
  }

  /// Sends the line; what a JSON run writes to standard error is an event all the same.
  func write(_ line: String, to channel: OutputChannel) {
    send(line)
  }
}
