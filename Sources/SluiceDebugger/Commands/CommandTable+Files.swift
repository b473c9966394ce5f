extension CommandTable {
  /// This table with every command that reads or writes a file (``CommandWord/touchesFiles``)
  /// refused: still listed by `help`, but any line that uses one, alone or in a breakpoint's
  /// `commands` list, is an error saying `refusal(name)` at the command's word.
  ///
  /// What a browser's page is given unless the user allowed it files at their terminal: a
  /// page of another site that got in would otherwise write any file the user may.
  package func refusingFiles(_ refusal: (String) -> String) -> CommandTable {
    CommandTable(
      words.map { word in
        guard word.touchesFiles else { return word }
        var refused = word
        refused.refusal = refusal(word.name)
        return refused
      })
  }
}
