/// Which history entries a filtered `log` keeps: `log case PATTERN`, `log changed PATH`,
/// `log origin KIND [NAME]`.
public enum LogFilter: Equatable, Sendable {
  /// Entries whose case name matches a glob: `log case todo.*`.
  case matchingCase(String)
  /// Entries that changed a path or something inside it: `log changed todos[0].isDone`.
  case changing(path: String)
  /// Entries sent by a kind of sender, or a job of that name: `log origin effect 'search'`.
  case origin(OriginFilter)
}
