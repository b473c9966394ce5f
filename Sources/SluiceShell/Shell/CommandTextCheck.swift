import SluiceDebugger

/// Problems the shell finds in a command before parsing it, each as one line to show:
/// a command too long to be typed, bytes that were not UTF-8, control characters (binary
/// input pasted or piped in).
package enum CommandTextCheck {
  /// What is wrong with `text`, or `nil` when nothing is.
  package static func problem(in text: String) -> String? {
    let length = text.count
    if length > CommandInput.maximumLength {
      return "the command is \(length) characters long; a command may have at most \(CommandInput.maximumLength)"
    }
    var line = 1
    var column = 0
    for character in text {
      column += 1
      if character == "\n" {
        line += 1
        column = 0
        continue
      }
      let place = line > 1 ? "line \(line), column \(column)" : "column \(column)"
      if character == "\u{FFFD}" {
        return "the input is not valid UTF-8: a byte that is not was read as � at \(place)"
      }
      if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1, isControl(scalar) {
        let code = "U+" + HexDigits.of(scalar.value, minimumCount: 4)
        return "control character \(code) at \(place): commands are text (binary input?)"
      }
    }
    return nil
  }

  /// C0 and C1 control characters and DEL, except the tab, which is a space here.
  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09: false
    case 0x00...0x1F, 0x7F...0x9F: true
    default: false
    }
  }
}
