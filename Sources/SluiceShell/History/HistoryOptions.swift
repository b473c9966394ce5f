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

  /// The history of a shell run in `environment`: `file`, else `$XDG_STATE_HOME/sluice/history`
  /// (``HistoryLocation``); `limit`, else `SLUICE_HISTORY_SIZE`, else ``defaultLimit``. The
  /// hosted and the attached shell keep one history.
  public init(environment: [String: String], file: String? = nil, limit: Int? = nil) {
    self.init(
      file: file ?? HistoryLocation.file(in: environment),
      limit: limit ?? environment["SLUICE_HISTORY_SIZE"].flatMap(Int.init) ?? Self.defaultLimit)
  }
}
