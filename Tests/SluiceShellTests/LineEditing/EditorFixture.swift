import Foundation
import SluiceShell
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A libedit reader in this process, on a fresh pseudo-terminal, with its history in a
/// temporary folder.
final class EditorFixture: Sendable {
  let terminal: PseudoTerminal
  let device: Int32
  let output: TerminalOutput
  let reader: LibEditLineReader
  let historyFile: String

  init(historyFile: String? = nil, completion: (any CompletionProvider)? = nil) throws {
    terminal = try PseudoTerminal()
    device = try terminal.openDevice()
    output = TerminalOutput(fileDescriptor: device)
    self.historyFile = historyFile ?? Self.temporaryFolder() + "/history"
    guard
      let reader = LibEditLineReader(
        input: device, output: output, history: HistoryOptions(file: self.historyFile, limit: 50),
        completion: completion, terminalType: "xterm")
    else { throw PseudoTerminal.Failure(description: "libedit would not start on \(terminal.devicePath)") }
    self.reader = reader
  }

  /// Starts reading a line with `prompt` and waits until the prompt is on screen, so keys
  /// typed next reach the editor (not the terminal's line buffer).
  /// `shown` is the prompt expected on screen, when it is not `prompt`.
  func startReading(prompt: String = "(test) ", waitingFor shown: String? = nil) async throws -> Task<LineInput, Never> {
    let reader = self.reader
    let task = Task { await reader.readLine(prompt: Prompt(prompt)) }
    try await terminal.waitForCursorLine(shown ?? prompt.trimmingCharacters(in: .whitespaces))
    return task
  }

  func close() {
    Glibc.close(device)
    terminal.close()
  }

  static func temporaryFolder() -> String {
    let path = NSTemporaryDirectory() + "sluice-shell-tests-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }
}
