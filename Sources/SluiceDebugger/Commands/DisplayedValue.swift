/// One display's value after a command: `1: count = 3`.
public struct DisplayedValue: Sendable {
  /// The display's number.
  public let number: Int
  /// Its path, as typed.
  public let path: String
  /// The value there, or why there is none now (the path leads nowhere in this state).
  public let value: Result<ValueTree, DebugError>

  /// Creates a displayed value.
  public init(number: Int, path: String, value: Result<ValueTree, DebugError>) {
    self.number = number
    self.path = path
    self.value = value
  }
}
