import Dispatch
import Foundation
import SluiceReporting

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads lines on a terminal with libedit: Emacs-style editing, history persisted between
/// runs, Tab completion, and a prompt that stays intact while output from background jobs
/// appears above it.
///
/// Keys are awaited on a thread of libedit's own, so the main actor, and every effect
/// waiting for it, keeps running while the user types. Ctrl-C clears the line
/// (``LineInput/interrupted(discarded:)``); Ctrl-D on an empty line ends input.
///
/// libedit keeps some state in globals (the terminal database, the file `tputs` writes
/// to), so every reader in the process does all its libedit work on that one thread: two
/// readers never draw at once, and the second one's reads wait for the first one's.
public final class LibEditLineReader: LineReader {
  /// The thread every `EditLine` in the process is created, used and freed on.
  private static let worker = BlockingWorker(name: "sluice.line-editor")
  private var worker: BlockingWorker { Self.worker }
  private let editor: LineEditor
  private let resizeSignal: SignalWatcher?

  /// Opens a reader on the terminal `input`, drawing through `output`.
  ///
  /// Returns `nil` when libedit cannot be set up on them (they are not terminals, say).
  ///
  /// - Parameters:
  ///   - input: The terminal's file descriptor to read keys from; standard input by default.
  ///   - output: Where the prompt, the line and everything else are written.
  ///   - history: The history file and size.
  ///   - completion: Answers Tab; `nil` makes Tab beep.
  ///   - terminalType: The terminal type to draw for; `nil` reads `TERM`.
  ///   - followsWindowSize: Whether to redraw when the process gets `SIGWINCH` (only for
  ///     the process's own terminal).
  public init?(
    input: Int32 = STDIN_FILENO, output: TerminalOutput, history: HistoryOptions,
    completion: (any CompletionProvider)? = nil, terminalType: String? = nil,
    followsWindowSize: Bool = false
  ) {
    // Before libedit starts: without a UTF-8 locale it cannot draw non-ASCII text.
    TerminalLocale.configure()
    guard isatty(input) == 1, isatty(output.fileDescriptor) == 1,
      let editor = Self.makeEditor(input: input, output: output, history: history, terminalType: terminalType)
    else { return nil }
    self.editor = editor
    if let completion { editor.completer = Self.completer(asking: completion) }
    if followsWindowSize {
      resizeSignal = SignalWatcher(SIGWINCH) { [editor] in editor.requestResize() }
    } else {
      resizeSignal = nil
    }
  }

  deinit {
    let editor = self.editor
    worker.perform { editor.shutDown() }
  }

  /// Reads a line with libedit on its own thread, showing `prompt`.
  public func readLine(prompt: Prompt) async -> LineInput {
    let editor = self.editor
    return await worker.run { editor.readLine(prompt: prompt) }
  }

  /// Adds `command` to libedit's history and the history file.
  public func addToHistory(_ command: String) async {
    let editor = self.editor
    await worker.run { editor.addToHistory(command) }
  }

  /// Redraws the line being edited under a new prompt.
  public func updatePrompt(_ prompt: Prompt) {
    editor.requestPrompt(prompt)
  }

  /// Ends a read in progress as if input had ended, putting the terminal back in its usual
  /// mode: for `SIGTERM` and `SIGHUP`. Safe from any thread.
  public func requestEnd() {
    editor.requestEnd()
  }

  /// Creates the editor on libedit's thread. Gives up after ten seconds, when that thread
  /// is busy reading for another reader, rather than hang.
  private static func makeEditor(
    input: Int32, output: TerminalOutput, history: HistoryOptions, terminalType: String?
  ) -> LineEditor? {
    let made = Locked<LineEditor?>(nil)
    let done = DispatchSemaphore(value: 0)
    worker.perform {
      let editor = LineEditor(input: input, output: output, history: history, terminalType: terminalType)
      made.withLock { $0 = editor }
      done.signal()
    }
    guard done.wait(timeout: .now() + .seconds(10)) == .success else { return nil }
    return made.withLock { $0 }
  }

  /// A function the editor's thread can call on Tab: asks `provider` on the main actor and
  /// waits, at most two seconds, for its answer (a program attached to may be slow or gone).
  private static func completer(asking provider: any CompletionProvider) -> @Sendable (String) -> Completions? {
    { textBeforeCursor in
      let answer = Locked<Completions?>(nil)
      let answered = DispatchSemaphore(value: 0)
      Task { @MainActor in
        let completions = await provider.completions(forTextBeforeCursor: textBeforeCursor)
        answer.withLock { $0 = completions }
        answered.signal()
      }
      // Blocking is fine here: this is the editor's own thread, not the cooperative pool.
      guard answered.wait(timeout: .now() + .seconds(2)) == .success else { return nil }
      return answer.withLock { $0 }
    }
  }
}
