/// Something the shell runs before its first prompt, as gdb runs its init files, `-x FILE`
/// and `-ex LINE`.
public enum StartupStep: Sendable, Equatable {
  /// A script, run as `source` runs it.
  case file(String)
  /// One command line.
  case command(String)
}
