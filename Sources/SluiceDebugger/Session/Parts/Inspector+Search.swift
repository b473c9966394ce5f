extension Inspector {
  func find(_ text: String, at index: Int?) throws(DebugError) -> [StateMatch] {
    // Searched masked: matching a secret's text would tell it, a bit at a time.
    redaction.masking(ValueTree(reflecting: try state(after: index)), at: .root).matches(of: text)
  }
}
