import CLibEdit
import Foundation

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
  private static let interruptByte: UInt32 = 0x03

  private let editLine: OpaquePointer
  private let history: OpaquePointer
  private let inputFile: UnsafeMutablePointer<FILE>
  private let outputFile: UnsafeMutablePointer<FILE>
  private let inputDescriptor: Int32
  private let output: TerminalOutput
  private let historyOptions: HistoryOptions
  private let wakeReader: Int32
  /// Written by other threads to interrupt the wait for a key.
  let wakeWriter: Int32
  /// Asked on Tab; `nil` makes Tab beep.
  var completer: (@Sendable (String) -> Completions?)?

  private var prompt = Prompt("")
  private var promptText: UnsafeMutablePointer<wchar_t>
  private let emptyPrompt: UnsafeMutablePointer<wchar_t>
  private var hidesPrompt = false
  private var steps: [EditorStep] = []
  private var decoder = UTF8InputDecoder()
  private var decoded: [Unicode.Scalar] = []
  private var queuedOutput = ""
  private var savedLine: (text: [wchar_t], cursorFromEnd: Int)?
  private var ending: LineInput?
  private let resizeRequested = Locked(false)
  private let endRequested = Locked(false)
  private let requestedPrompt = Locked<Prompt?>(nil)

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

  private func configure(terminalType: String?) {
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

  private func bind(_ key: String, name: String, help: String, _ command: sluice_el_command_t) {
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
    requestedPrompt.withLock { $0 = nil }
    setPrompt(prompt)
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

  private static func wake(_ descriptor: Int32) {
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
  private func stopEchoing() {
    var settings = termios()
    guard tcgetattr(inputDescriptor, &settings) == 0 else { return }
    settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
    _ = tcsetattr(inputDescriptor, TCSANOW, &settings)
  }

  private func setPrompt(_ newPrompt: Prompt) {
    guard newPrompt != prompt else { return }
    prompt = newPrompt
    let wide = WideString.terminated(PromptEscapes.marked(newPrompt.text, escape: "\u{1}"))
    promptText.deallocate()
    promptText = .allocate(capacity: wide.count)
    promptText.initialize(from: wide, count: wide.count)
  }

  var currentPrompt: UnsafeMutablePointer<wchar_t> { hidesPrompt ? emptyPrompt : promptText }

  // MARK: - Input

  /// libedit's read function: the next key, or a step key when a step is queued. Waits for
  /// a key or a wake-up, whichever comes first.
  func readCharacter(into character: UnsafeMutablePointer<wchar_t>) -> Int32 {
    while true {
      if !steps.isEmpty {
        // Returned until the step command has taken the step: if libedit swallows the key
        // (inside an escape sequence), the next read offers it again.
        character.pointee = Self.stepKey
        return 1
      }
      if !decoded.isEmpty {
        let scalar = decoded.removeFirst()
        switch scalar.value {
        case Self.interruptByte:
          steps.append(.moveToEndForInterrupt)
        case UInt32(bitPattern: Self.stepKey):
          continue  // Reserved: typed by hand it would run a step out of turn.
        default:
          character.pointee = wchar_t(bitPattern: scalar.value)
          return 1
        }
        continue
      }
      switch waitForInput() {
      case .input:
        if let failure = readInput() { return failure }
      case .wake:
        drainWakePipe()
        if endRequested.withLock({ $0 }) {
          ending = .endOfInput
          return 0
        }
        if resizeRequested.withLock({ flag in defer { flag = false }; return flag }) {
          steps.append(.resize)
        }
        // A continuation line keeps its prompt: the main one would read as a new command.
        if let newPrompt = requestedPrompt.withLock({ prompt in defer { prompt = nil }; return prompt }),
          newPrompt != prompt, !prompt.isContinuation
        {
          setPrompt(newPrompt)
          steps.append(.redraw)
        }
        queuedOutput += output.takePending()
        if !queuedOutput.isEmpty { steps.append(.clearForOutput) }
      case .failed:
        return -1
      }
    }
  }

  private enum Readiness { case input, wake, failed }

  private func waitForInput() -> Readiness {
    var descriptors = [
      pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let ready = poll(&descriptors, 2, -1)
      if ready < 0 {
        if errno == EINTR { continue }
        return .failed
      }
      // Wake-ups first: output waiting to be shown matters more than the next key.
      if descriptors[1].revents != 0 { return .wake }
      if descriptors[0].revents != 0 { return .input }
    }
  }

  /// Reads the bytes available and decodes them; returns libedit's answer when input has
  /// ended (0) or failed (-1).
  private func readInput() -> Int32? {
    var bytes = [UInt8](repeating: 0, count: 256)
    let count = bytes.withUnsafeMutableBytes { read(inputDescriptor, $0.baseAddress, $0.count) }
    if count == 0 { return 0 }
    if count < 0 {
      if errno == EINTR || errno == EAGAIN { return nil }
      return -1
    }
    for byte in bytes[0..<count] { decoded += decoder.decode(byte) }
    return nil
  }

  private func drainWakePipe() {
    var bytes = [UInt8](repeating: 0, count: 64)
    while bytes.withUnsafeMutableBytes({ read(wakeReader, $0.baseAddress, $0.count) }) > 0 {}
  }

  // MARK: - Commands bound to keys

  /// Performs the oldest queued step; returns how libedit should redraw.
  func performStep() -> UInt8 {
    guard !steps.isEmpty else { return UInt8(CC_NORM) }
    switch steps.removeFirst() {
    case .clearForOutput:
      // Empty the line and the prompt, and let libedit erase every row they took.
      savedLine = takeLine()
      hidesPrompt = true
      steps.insert(.writeOutput, at: 0)
      return UInt8(CC_REDISPLAY)
    case .writeOutput:
      fflush(outputFile)
      let text = queuedOutput + output.takePending()
      queuedOutput = ""
      writeRaw(text.hasSuffix("\n") ? text : text + "\n")
      hidesPrompt = false
      if let savedLine { restore(savedLine) }
      savedLine = nil
      // The cursor is at the start of an empty row: draw the prompt and the line there.
      return UInt8(CC_REDISPLAY)
    case .moveToEndForInterrupt:
      moveToEnd()
      steps.insert(.finishInterrupt, at: 0)
      return UInt8(CC_REFRESH)
    case .finishInterrupt:
      fflush(outputFile)
      writeRaw("^C\n")
      let discarded = takeLine()
      ending = .interrupted(discarded: WideString.string(discarded.text, count: discarded.text.count))
      return UInt8(CC_NEWLINE)
    case .moveToEndForListing(let cursorFromEnd, let rows):
      moveToEnd()
      steps.insert(.writeListing(cursorFromEnd: cursorFromEnd, rows: rows), at: 0)
      return UInt8(CC_REFRESH)
    case .writeListing(let cursorFromEnd, let rows):
      fflush(outputFile)
      writeRaw("\n" + rows.joined(separator: "\n") + "\n")
      el_cursor(editLine, -Int32(cursorFromEnd))
      // EL_REFRESH forgets what libedit drew (now above the listing) and draws anew here.
      sluice_el_refresh(editLine)
      return UInt8(CC_NORM)
    case .resize:
      el_resize(editLine)
      return UInt8(CC_REDISPLAY)
    case .redraw:
      return UInt8(CC_REDISPLAY)
    }
  }

  /// Tab: asks the completer and inserts the answer, or lists the choices.
  func complete() -> UInt8 {
    let line = currentLine()
    let before = WideString.string(line.buffer, count: line.cursor)
    guard let completer, let completions = completer(before) else { return UInt8(CC_ERROR) }
    switch CompletionEdit(completions) {
    case .none:
      return UInt8(CC_ERROR)
    case .replace(let stemLength, let text):
      el_deletestr(editLine, Int32(min(stemLength, line.cursor)))
      if !text.isEmpty { el_winsertstr(editLine, WideString.terminated(text)) }
      return UInt8(CC_REFRESH)
    case .list(let items):
      let rows = CompletionListing.rows(items, width: terminalWidth())
      steps.append(.moveToEndForListing(cursorFromEnd: line.count - line.cursor, rows: rows))
      return UInt8(CC_NORM)
    }
  }

  /// Ctrl-D: ends input on an empty line, deletes the character under the cursor
  /// otherwise.
  func endOfInputOrDelete() -> UInt8 {
    let line = currentLine()
    if line.count == 0 {
      ending = .endOfInput
      return UInt8(CC_EOF)
    }
    guard line.cursor < line.count else { return UInt8(CC_ERROR) }
    el_cursor(editLine, 1)
    el_deletestr(editLine, 1)
    return UInt8(CC_REFRESH)
  }

  // MARK: - The line's text

  private func currentLine() -> (buffer: UnsafePointer<wchar_t>, cursor: Int, count: Int) {
    let info = el_wline(editLine)!.pointee
    return (info.buffer, info.buffer.distance(to: info.cursor), info.buffer.distance(to: info.lastchar))
  }

  /// Removes the whole line from libedit's buffer and returns it.
  private func takeLine() -> (text: [wchar_t], cursorFromEnd: Int) {
    let line = currentLine()
    let text = Array(UnsafeBufferPointer(start: line.buffer, count: line.count))
    moveToEnd()
    el_deletestr(editLine, Int32(line.count))
    return (text, line.count - line.cursor)
  }

  private func restore(_ saved: (text: [wchar_t], cursorFromEnd: Int)) {
    guard !saved.text.isEmpty else { return }
    el_winsertstr(editLine, saved.text + [0])
    el_cursor(editLine, -Int32(saved.cursorFromEnd))
  }

  private func moveToEnd() {
    let line = currentLine()
    el_cursor(editLine, Int32(line.count - line.cursor))
  }

  /// Writes straight to the terminal, which libedit keeps in raw mode while editing: line
  /// breaks need their carriage return spelled out.
  private func writeRaw(_ text: String) {
    FileDescriptor.writeAll(
      text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n"),
      to: output.fileDescriptor)
  }

  private func terminalWidth() -> Int {
    var size = winsize()
    guard ioctl(output.fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
    return Int(size.ws_col)
  }
}

// MARK: - C callbacks

// libedit calls these plain C functions; each finds its editor through the client data.

private let lineEditorPrompt: sluice_el_prompt_t = { editLine in
  LineEditor.owner(of: editLine)?.currentPrompt
}

private let lineEditorReadCharacter: el_rfunc_t = { editLine, character in
  guard let editor = LineEditor.owner(of: editLine), let character else { return -1 }
  return editor.readCharacter(into: character)
}

private let lineEditorStep: sluice_el_command_t = { editLine, _ in
  LineEditor.owner(of: editLine)?.performStep() ?? UInt8(CC_ERROR)
}

private let lineEditorComplete: sluice_el_command_t = { editLine, _ in
  LineEditor.owner(of: editLine)?.complete() ?? UInt8(CC_ERROR)
}

private let lineEditorEndOfInput: sluice_el_command_t = { editLine, _ in
  LineEditor.owner(of: editLine)?.endOfInputOrDelete() ?? UInt8(CC_ERROR)
}
