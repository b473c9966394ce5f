extension Session {
  @usableFromInline func find(_ text: String, at index: Int?) throws(DebugError) -> [StateMatch] {
    ValueTree(reflecting: try state(after: index)).matches(of: text)
  }
}
