/// Marks the escape sequences in a prompt (colors) so libedit knows they take no room on
/// screen: each sequence is put between two `escape` characters, as `EL_PROMPT_ESC` asks.
enum PromptEscapes {
  /// `prompt` with every ANSI control sequence (`ESC [ … final`) wrapped in `escape`.
  static func marked(_ prompt: String, escape: Character) -> String {
    var result = ""
    var scalars = prompt.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      guard scalar == "\u{1B}" else {
        result.unicodeScalars.append(scalar)
        continue
      }
      var sequence = String.UnicodeScalarView([scalar])
      if let next = scalars.next() {
        sequence.append(next)
        if next == "[" {
          // Parameters and intermediates run until a final byte in @...~.
          while let part = scalars.next() {
            sequence.append(part)
            if (0x40...0x7E).contains(part.value) { break }
          }
        }
      }
      result.append(escape)
      result.unicodeScalars.append(contentsOf: sequence)
      result.append(escape)
    }
    return result
  }
}
