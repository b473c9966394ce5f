/// The command lines of a breakpoint that stopped (`commands N` … `end`), for the shell or
/// the script runner to run as if typed.
public struct StopCommands: Sendable, Equatable {
  /// The breakpoint that stopped.
  public let id: Int
  /// Its command lines, in order.
  public let lines: [String]

  /// Creates the list of breakpoint `id`.
  public init(id: Int, lines: [String]) {
    self.id = id
    self.lines = lines
  }
}
