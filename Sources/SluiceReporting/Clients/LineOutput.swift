
/// A script run's output sent somewhere one line at a time: the versioned JSON events
/// `sluice run --json -` writes, on an attached client's connection or a page's socket
/// instead of standard output.
@MainActor
package final class LineOutput: ScriptOutput {
  private let send: @Sendable (String) -> Void

  /// Output that hands each line to `send`.
  package init(send: @escaping @Sendable (String) -> Void) {
    self.send = send
  }

  /// Sends the line; what a JSON run writes to standard error is an event all the same.
  package func write(_ line: String, to channel: OutputChannel) {
    send(line)
  }
}
