/// What one argument of a command is: the table of commands lists each command's forms as
/// slots, and Tab completion offers, for the slot being typed, the values that fit it.
public indirect enum ArgumentSlot: Equatable, Sendable {
  /// A history entry's index: `show 3`.
  case historyIndex
  /// A state path: `todos[0].title`.
  case path
  /// A breakpoint's id.
  case breakpointID
  /// A file name.
  case file
  /// A registered feature's name.
  case feature
  /// Action text, to the end of the line: `.add(title: "Milk")`.
  case action
  /// A condition, `PATH OP VALUE`, to the end of the line; completed as its path.
  case condition
  /// A value in the syntax of actions, to the end of the line.
  case value
  /// A duration: `300ms`.
  case duration
  /// A glob on action case names: `todo.*`.
  case casePattern
  /// A job's name (a glob).
  case jobName
  /// A live job: its id or its name.
  case job
  /// A command's name.
  case command
  /// A whole number.
  case count
  /// Free text to the end of the line.
  case text
  /// This word exactly; it selects the form: `job` in `break job NAME`.
  case keyword(String)
  /// One of these words.
  case choice([String])
  /// The slot, any number of times: `delete [ID…]`.
  case repeated(ArgumentSlot)
}
