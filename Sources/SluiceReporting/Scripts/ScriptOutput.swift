import SluiceDebugger

/// Where a script run's lines go.
public enum OutputChannel: String, Codable, Sendable, Equatable {
  /// Results, events and expectation outcomes.
  case standardOutput
  /// Errors.
  case standardError
}

/// Receives a script run's output, one line at a time: the sink the caller chooses (the
/// process's standard output, a terminal that colours lines by kind, memory in a test).
@MainActor
public protocol ScriptOutput: AnyObject {
  /// Writes one line (without its newline) to `channel`.
  func write(_ line: String, to channel: OutputChannel)
  /// Writes one rendered line to `channel`; a sink that colours uses its kind.
  func write(_ line: RenderedLine, to channel: OutputChannel)
}

extension ScriptOutput {
  /// Writes the line's text: most sinks show no colour.
  public func write(_ line: RenderedLine, to channel: OutputChannel) {
    write(line.text, to: channel)
  }
}

/// Keeps a script run's lines in memory, for tests and for callers that render them later.
@MainActor
public final class CapturedScriptOutput: ScriptOutput {
  /// Every line written, with its channel, in order.
  public private(set) var lines: [(channel: OutputChannel, text: String)] = []

  /// Creates an empty capture.
  public init() {}

  /// Keeps the line.
  public func write(_ line: String, to channel: OutputChannel) {
    lines.append((channel, line))
  }

  /// The lines written to standard output.
  public var standardOutput: [String] { lines.filter { $0.channel == .standardOutput }.map(\.text) }
  /// The lines written to standard error.
  public var standardError: [String] { lines.filter { $0.channel == .standardError }.map(\.text) }
  /// Every line, joined with newlines.
  public var text: String { lines.map(\.text).joined(separator: "\n") }
}
