extension CommandInterpreter {
  /// `jump`, `toggle`, `reset`, `commit`: moving through the history.
  func travel(_ command: Command) throws(DebugError) -> CommandResult {
    switch command {
    case .jump(let index):
      try session().timeTravel.jump(to: index)
      return .done
    case .toggle(let index):
      return .toggled(index: index, isSkipped: try session().timeTravel.toggle(index))
    case .reset:
      try session().timeTravel.reset()
      return .done
    case .commit:
      try session().timeTravel.commit()
      return .message(["committed: the current state is the new base"])
    default:
      throw DebugError("not a time-travel command")
    }
  }
}
