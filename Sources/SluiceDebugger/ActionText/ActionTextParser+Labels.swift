extension ActionTextParser {
  /// The 1-based column of `label` written as an argument label (`label:`) at or after
  /// column `start` of `text`, outside string literals; `nil` when it is not there. For
  /// errors only: a misspelled label is pointed at, not the case it belongs to.
  package func column(ofLabel label: String, from start: Int, in text: String) -> Int? {
    let characters = Array(text)
    let letters = Array(label)
    guard !letters.isEmpty else { return nil }
    var scanner = LexicalScanner()
    var previous: Character = " "
    for offset in characters.indices {
      let character = characters[offset]
      let role = scanner.consume(character)
      defer { previous = character }
      guard role == .plain, offset + 1 >= start, !Self.isNamePart(previous),
        characters[offset...].starts(with: letters)
      else { continue }
      var next = offset + letters.count
      guard next == characters.count || !Self.isNamePart(characters[next]) else { continue }
      while next < characters.count, characters[next] == " " { next += 1 }
      if next < characters.count, characters[next] == ":" { return offset + 1 }
    }
    return nil
  }

  private static func isNamePart(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_"
  }
}
