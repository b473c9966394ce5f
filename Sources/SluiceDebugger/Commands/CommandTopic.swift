/// The headings `help` groups commands under, in the order it lists them.
public enum CommandTopic: String, CaseIterable, Sendable {
  /// `send`, `state`, `diff`, `log`, `find`, …
  case actionsAndState = "Actions and state"
  /// `break`, `watch`, `delete`, …
  case breakpoints = "Breakpoints and watchpoints"
  /// `step`, `next`, `continue`, `jobs`, `cancel`, …
  case running = "Running and stepping"
  /// `jump`, `toggle`, `reset`, `commit`.
  case timeTravel = "Time travel"
  /// `use`, `save`, `load`, `source`, …
  case files = "Features, sessions and files"
  /// `expect`.
  case scripts = "Scripts"
  /// `set`, `info`, `help`, `quit`.
  case shell = "The shell"
}
