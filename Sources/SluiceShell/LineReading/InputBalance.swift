import SluiceDebugger

/// Whether a command is finished or continues on the next line: it continues while a `(`
/// or `[` is open or a string literal is unterminated.
///
/// Brackets inside strings and comments (`#` to the end of a line, outside strings) do not
/// count. A closing bracket without its opener, or the wrong one, makes the input finished:
/// the command parser reports it.
package enum InputBalance: Sendable, Equatable {
  /// Nothing is left open.
  case complete
  /// Something is open; `closer` is what would close the innermost one (`)`, `]` or `"`).
  case open(closer: Character)

  /// Scans `text`, which may span several lines.
  package init(of text: String) {
    var scanner = LexicalScanner()
    var inComment = false
    for character in text {
      if inComment {
        if character == "\n" { inComment = false }
        continue
      }
      switch scanner.consume(character) {
      case .plain where character == "#":
        inComment = true
      case .mismatched:
        // A closer that does not match (`)` against `[`) is the parser's error to report;
        // waiting for more lines would only hide it.
        self = .complete
        return
      default:
        break
      }
    }
    if scanner.isInString {
      self = .open(closer: "\"")
    } else if let closer = scanner.openClosers.last {
      self = .open(closer: closer)
    } else {
      self = .complete
    }
  }

  /// Whether the command is finished.
  package var isComplete: Bool { self == .complete }
}
