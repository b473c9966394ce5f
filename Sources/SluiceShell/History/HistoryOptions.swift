/// How the line editor keeps history.
public struct HistoryOptions: Sendable, Equatable {
  /// The file history is loaded from and saved to after each command; `nil` keeps it for
  /// this run only.
  public var file: String?
  /// The most entries kept, in memory and in the file; older ones are dropped.
  public var limit: Int

  /// How many commands history keeps unless told.
  public static let defaultLimit = 1_000

  /// Creates options. The default keeps 1,000 commands.
  public init(file: String?, limit: Int = defaultLimit) {
    self.file = file
    self.limit = max(1, limit)
  }
}
