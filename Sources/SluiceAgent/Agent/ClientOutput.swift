import SluiceReporting

/// A script run's output, sent to an attached client one line at a time: the versioned JSON
/// events `sluice run --json -` writes, on the client's connection instead of standard output.
@MainActor
final class ClientOutput: ScriptOutput {
  private let client: AgentClient

  init(client: AgentClient) {
    self.client = client
  }

  /// Sends the line; what a JSON run writes to standard error is an event all the same.
  func write(_ line: String, to channel: OutputChannel) {
    client.send(line)
  }
}
