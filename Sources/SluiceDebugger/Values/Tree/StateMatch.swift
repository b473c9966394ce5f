/// A value `find` found: its path, and the value there on one line.
public struct StateMatch: Sendable, Equatable {
  /// Where it is: `todos[1].title`.
  public let path: StatePath
  /// The value at the path, as it prints on one line.
  public let value: String

  /// Creates a match.
  public init(path: StatePath, value: String) {
    self.path = path
    self.value = value
  }
}
