import Foundation
import SluiceDebugger
import SluiceReporting

/// Writes to the process's standard output and standard error: the command line's sink for
/// what a run reports (the engine and the runner only hand lines to a ``SluiceReporting/ScriptOutput``).
@MainActor
public final class StandardScriptOutput: ScriptOutput {
  /// Creates the output.
  public init() {}

  /// Writes the line and its newline at once, unbuffered, so output and errors interleave
  /// in the order written. A reader that went away (`sluice run … | head`, a closed pipe) loses
  /// what follows; it does not stop the run.
  public func write(_ line: String, to channel: OutputChannel) {
    let handle = channel == .standardOutput ? FileHandle.standardOutput : FileHandle.standardError
    try? handle.write(contentsOf: Data((line + "\n").utf8))
  }
}
