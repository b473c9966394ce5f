import CLibEdit
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The commands the editor binds to keys (Tab, Ctrl-D and the step key) and the edits they
/// make to libedit's line.
extension LineEditor {
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

  func currentLine() -> (buffer: UnsafePointer<wchar_t>, cursor: Int, count: Int) {
    let info = el_wline(editLine)!.pointee
    return (info.buffer, info.buffer.distance(to: info.cursor), info.buffer.distance(to: info.lastchar))
  }

  /// Removes the whole line from libedit's buffer and returns it.
  func takeLine() -> (text: [wchar_t], cursorFromEnd: Int) {
    let line = currentLine()
    let text = Array(UnsafeBufferPointer(start: line.buffer, count: line.count))
    moveToEnd()
    el_deletestr(editLine, Int32(line.count))
    return (text, line.count - line.cursor)
  }

  func restore(_ saved: (text: [wchar_t], cursorFromEnd: Int)) {
    guard !saved.text.isEmpty else { return }
    el_winsertstr(editLine, saved.text + [0])
    el_cursor(editLine, -Int32(saved.cursorFromEnd))
  }

  func moveToEnd() {
    let line = currentLine()
    el_cursor(editLine, Int32(line.count - line.cursor))
  }

  /// Writes straight to the terminal, which libedit keeps in raw mode while editing: line
  /// breaks need their carriage return spelled out.
  func writeRaw(_ text: String) {
    FileDescriptor.writeAll(
      text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n"),
      to: output.fileDescriptor)
  }

  func terminalWidth() -> Int {
    output.terminalColumns ?? 80
  }
}
