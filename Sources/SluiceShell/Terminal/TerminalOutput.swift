#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SluiceReporting

/// Where the shell writes, shared by everything that prints: command results, events from
/// background jobs, the line editor.
///
/// While the line editor shows a prompt, text is not written straight away: it would land
/// in the middle of the line being typed. It is queued and the editor is woken, which
/// clears its line, writes the text and draws the prompt and the typed text again below.
public final class TerminalOutput: Sendable {
  private let state: Locked<State>
  /// The file descriptor written to.
  public let fileDescriptor: Int32

  private struct State {
    var pending: [String] = []
    /// Set while an editor shows a prompt: called (with the lock held) when text arrives.
    var wake: (@Sendable () -> Void)?
  }

  /// Writes to `fileDescriptor` (standard output by default), which stays open.
  public init(fileDescriptor: Int32 = STDOUT_FILENO) {
    self.fileDescriptor = fileDescriptor
    state = Locked(State())
  }

  /// Writes `text` now, or, while a prompt is shown, as soon as the editor can.
  public func write(_ text: String) {
    guard !text.isEmpty else { return }
    state.withLock { state in
      if let wake = state.wake {
        state.pending.append(text)
        wake()
      } else {
        // Written under the lock so it cannot overtake text queued just before editing ended.
        FileDescriptor.writeAll(text, to: fileDescriptor)
      }
    }
  }

  /// Writes rendered lines, each coloured by its kind in `style`, one-line contexts elided to
  /// `width` (`.terminal`: the terminal's columns): what both shells show.
  func write(_ lines: [RenderedLine], in style: TerminalStyle, width: OutputWidth) {
    guard !lines.isEmpty else { return }
    let columns = width.columns(terminal: terminalColumns)
    write(lines.map { style.paint($0.elided(toWidth: columns)) }.joined(separator: "\n") + "\n")
  }

  /// The terminal's width in columns, `nil` when the descriptor is no terminal.
  var terminalColumns: Int? {
    var size = winsize()
    guard isatty(fileDescriptor) == 1, ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
      return nil
    }
    return Int(size.ws_col)
  }

  // MARK: - For the line editor

  /// From now on, queue text and call `wake` when some arrives.
  func beginEditing(wake: @escaping @Sendable () -> Void) {
    state.withLock { state in
      state.wake = wake
      if !state.pending.isEmpty { wake() }
    }
  }

  /// Takes the text queued so far.
  func takePending() -> String {
    state.withLock { state in
      defer { state.pending.removeAll() }
      return state.pending.joined()
    }
  }

  /// Stops queueing, and writes what is still queued.
  func endEditing() {
    state.withLock { state in
      state.wake = nil
      let text = state.pending.joined()
      state.pending.removeAll()
      FileDescriptor.writeAll(text, to: fileDescriptor)
    }
  }
}
