extension CommandInterpreter {
  /// `jump`, `toggle`, `reset`, `commit`: moving through the history.
  func travel(_ command: Command) throws(DebugError) -> CommandResult {
    switch command {
    case .jump(let index):
      try session().jump(to: index)
      return .done
    case .toggle(let index):
      return .toggled(index: index, isSkipped: try session().toggle(index))
    case .reset:
      try session().reset()
      return .done
    case .commit:
      try session().commit()
      return .message(["committed: the current state is the new base"])
    default:
      throw DebugError("not a time-travel command")
    }
  }
}
