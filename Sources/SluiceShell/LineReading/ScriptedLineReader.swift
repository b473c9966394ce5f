import Foundation

/// A reader that hands out lines given in advance: how tests drive the shell.
///
/// After the last line it reports the end of input. The prompts it was shown are kept, so a
/// test can check them.
///
/// `@unchecked Sendable` is safe: every stored `var` is private and is read or written only
/// inside `lock.withLock`.
public final class ScriptedLineReader: LineReader, @unchecked Sendable {
  private let lock = NSLock()
  private var remaining: [LineInput]
  private var shownPrompts: [Prompt] = []
  private var recorded: [String] = []

  /// Creates a reader that returns `lines`, in order.
  public init(lines: [String]) {
    remaining = lines.map { LineInput.line($0) }
  }

  /// Creates a reader that returns `inputs`, in order (to script Ctrl-C, say).
  public init(inputs: [LineInput]) {
    remaining = inputs
  }

  /// The next scripted input, noting the prompt it was asked with; the end of input after the last.
  public func readLine(prompt: Prompt) async -> LineInput {
    lock.withLock {
      shownPrompts.append(prompt)
      return remaining.isEmpty ? .endOfInput : remaining.removeFirst()
    }
  }

  /// Keeps `command` in the scripted history, for tests to inspect.
  public func addToHistory(_ command: String) async {
    lock.withLock { recorded.append(command) }
  }

  /// The prompts shown so far, oldest first.
  public var prompts: [Prompt] { lock.withLock { shownPrompts } }

  /// The commands added to history so far.
  public var history: [String] { lock.withLock { recorded } }
}
