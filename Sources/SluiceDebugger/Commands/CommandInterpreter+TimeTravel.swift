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
    case .replace(let index, let action):
      try session().timeTravel.replace(index, with: action)
      return .done
    case .original(.restore):
      try session().timeTravel.restoreOriginal()
      return .done
    case .original(.forget):
      try session().timeTravel.forgetOriginal()
      return .message(["the original timeline is forgotten: the history is the one the what-ifs made"])
    case .commit:
      try session().timeTravel.commit()
      return .message(["committed: the current state is the new base"])
    default:
      throw DebugError("not a time-travel command")
    }
  }
}
