import CLibEdit
import Foundation
import SluiceReporting

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One libedit `EditLine` on a terminal, with its history: reads lines with a prompt while
/// output from elsewhere is shown above the line being typed.
///
/// `@unchecked Sendable` is safe: after `init`, a ``LibEditLineReader`` calls this object
/// only from its `BlockingWorker`, one call at a time on one thread, and libedit calls back
/// into it only from inside `el_wgets` on that same thread. The lock-protected
/// ``TerminalOutput`` and the wake pipe are the only ways other threads reach it.
final class LineEditor: @unchecked Sendable {
  /// The reserved key that runs one ``EditorStep`` (Ctrl-\, which the editor never passes
  /// on from the keyboard; with `isig` off it would otherwise do nothing).
  static let stepKey: wchar_t = 0x1C
  static let interruptByte: UInt32 = 0x03

  let editLine: OpaquePointer
  let history: OpaquePointer
  let inputFile: UnsafeMutablePointer<FILE>
  let outputFile: UnsafeMutablePointer<FILE>
  let inputDescriptor: Int32
  let output: TerminalOutput
  let historyOptions: HistoryOptions
  let wakeReader: Int32
  /// Written by other threads to interrupt the wait for a key.
  let wakeWriter: Int32
  /// Asked on Tab; `nil` makes Tab beep.
  var completer: (@Sendable (String) -> Completions?)?

  var prompt = Prompt("")
  var promptText: UnsafeMutablePointer<wchar_t>
  let emptyPrompt: UnsafeMutablePointer<wchar_t>
  var hidesPrompt = false
  var steps: [EditorStep] = []
  var decoder = UTF8InputDecoder()
  var decoded: [Unicode.Scalar] = []
  var queuedOutput = ""
  var savedLine: (text: [wchar_t], cursorFromEnd: Int)?
  var ending: LineInput?
  let resizeRequested = Locked(false)
  let endRequested = Locked(false)
  let requestedPrompt = Locked<Prompt?>(nil)

  /// Opens an editor reading `input` and drawing on `output`'s descriptor, both terminals.
  ///
  /// - Parameter terminalType: The terminal type to draw for; `nil` reads `TERM`.
  init?(
    input: Int32, output: TerminalOutput, history historyOptions: HistoryOptions,
    terminalType: String?
  ) {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { return nil }
    for end in pipeEnds {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    // libedit owns these FILEs; duplicates keep the caller's descriptors open after el_end.
    guard let inputFile = fdopen(dup(input), "r"), let outputFile = fdopen(dup(output.fileDescriptor), "w"),
      let editLine = el_init("sluice", inputFile, outputFile, outputFile),
      let history = history_winit()
    else {
      FileDescriptor.close(pipeEnds[0])
      FileDescriptor.close(pipeEnds[1])
      return nil
    }
    self.editLine = editLine
    self.history = history
    self.inputFile = inputFile
    self.outputFile = outputFile
    inputDescriptor = fileno(inputFile)
    self.output = output
    self.historyOptions = historyOptions
    wakeReader = pipeEnds[0]
    wakeWriter = pipeEnds[1]
    emptyPrompt = .allocate(capacity: 1)
    emptyPrompt.initialize(to: 0)
    promptText = .allocate(capacity: 1)
    promptText.initialize(to: 0)
    configure(terminalType: terminalType)
  }

  func configure(terminalType: String?) {
    sluice_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
    if let terminalType { sluice_el_set_terminal(editLine, terminalType) }
    sluice_el_set_editor(editLine, WideString.terminated("emacs"))
    // The shell handles signals itself; libedit's handlers would re-raise them.
    sluice_el_set_signal(editLine, 0)
    // Ctrl-C reaches the editor as a key (clear the line) instead of as SIGINT.
    sluice_el_set_tty(editLine, WideString.terminated("-isig"))
    sluice_el_set_prompt(editLine, lineEditorPrompt, 1)
    sluice_el_set_getc(editLine, lineEditorReadCharacter)

    sluice_history_set_size(history, Int32(historyOptions.limit))
    sluice_history_set_unique(history, 1)
    if let file = historyOptions.file { sluice_history_load(history, file) }
    sluice_el_set_history(editLine, history)

    bind("\t", name: "sluice-complete", help: "Complete the word at the cursor", lineEditorComplete)
    bind("\u{04}", name: "sluice-eof", help: "Delete a character, or end input on an empty line", lineEditorEndOfInput)
    bind("\u{1C}", name: "sluice-step", help: "Show output or handle Ctrl-C (internal)", lineEditorStep)
  }

  func bind(_ key: String, name: String, help: String, _ command: sluice_el_command_t) {
    sluice_el_add_command(editLine, WideString.terminated(name), WideString.terminated(help), command)
    sluice_el_bind(editLine, WideString.terminated(key), WideString.terminated(name))
  }

  /// Frees libedit's state; the terminal is back in the mode it had before.
  func shutDown() {
    el_end(editLine)
    history_wend(history)
    fclose(inputFile)
    fclose(outputFile)
    FileDescriptor.close(wakeReader)
    FileDescriptor.close(wakeWriter)
    emptyPrompt.deallocate()
    promptText.deallocate()
  }

  static func owner(of editLine: OpaquePointer?) -> LineEditor? {
    guard let editLine, let data = sluice_el_clientdata(editLine) else { return nil }
    return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue()
  }

  // MARK: - Reading a line

  /// Shows `prompt` and reads one line, showing output that arrives meanwhile.
  func readLine(prompt: Prompt) -> LineInput {
    // A prompt asked for before this thread got here is newer than `prompt`: the caller
    // chose `prompt`, then asked again while the read waited for this thread. A
    // continuation line keeps its prompt, as during the read.
    let requested = requestedPrompt.withLock { requested in defer { requested = nil }; return requested }
    setPrompt(prompt.isContinuation ? prompt : requested ?? prompt)
    ending = nil
    steps.removeAll()
    output.beginEditing { [wakeWriter] in Self.wake(wakeWriter) }
    stopEchoing()
    var count: Int32 = 0
    let line = el_wgets(editLine, &count)
    let text = line.map { WideString.string($0, count: Int(count)) }
    output.endEditing()
    if let ending {
      if case .endOfInput = ending { FileDescriptor.writeAll("\n", to: output.fileDescriptor) }
      return ending
    }
    guard let text, count > 0 else {
      // Input closed (or failed) under us: leave the prompt's line before going.
      FileDescriptor.writeAll("\n", to: output.fileDescriptor)
      return .endOfInput
    }
    return .line(text.hasSuffix("\n") ? String(text.dropLast()) : text)
  }

  /// Adds `command` to the history and saves the history file.
  func addToHistory(_ command: String) {
    sluice_history_enter(history, WideString.terminated(command))
    guard let file = historyOptions.file else { return }
    HistoryFile.save(to: file) { temporary in sluice_history_save(history, temporary) >= 0 }
  }

  /// Asks a read in progress to end as if input had ended (on SIGTERM, say).
  func requestEnd() {
    endRequested.withLock { $0 = true }
    Self.wake(wakeWriter)
  }

  /// Shows `prompt` instead of the current one, if a line is being read. Safe from any thread.
  func requestPrompt(_ prompt: Prompt) {
    requestedPrompt.withLock { $0 = prompt }
    Self.wake(wakeWriter)
  }

  /// Notes that the terminal changed size; the line is drawn again at the new width.
  func requestResize() {
    resizeRequested.withLock { $0 = true }
    Self.wake(wakeWriter)
  }

  static func wake(_ descriptor: Int32) {
    var byte: UInt8 = 1
    // A full pipe already holds a wake-up: nothing is lost when this write fails.
    _ = write(descriptor, &byte, 1)
  }

  /// Turns off the terminal's own echo and line buffering before libedit draws the prompt.
  ///
  /// libedit draws the prompt first and switches the terminal to character mode only when
  /// it waits for the first key; keys typed in between would be echoed twice, once by the
  /// terminal and once by libedit. libedit puts its own settings in place right after, and
  /// its usual ones back when the line is read.
  func stopEchoing() {
    var settings = termios()
    guard tcgetattr(inputDescriptor, &settings) == 0 else { return }
    settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
    _ = tcsetattr(inputDescriptor, TCSANOW, &settings)
  }

  func setPrompt(_ newPrompt: Prompt) {
    guard newPrompt != prompt else { return }
    prompt = newPrompt
    let wide = WideString.terminated(PromptEscapes.marked(newPrompt.text, escape: "\u{1}"))
    promptText.deallocate()
    promptText = .allocate(capacity: wide.count)
    promptText.initialize(from: wide, count: wide.count)
  }

  var currentPrompt: UnsafeMutablePointer<wchar_t> { hidesPrompt ? emptyPrompt : promptText }
}
