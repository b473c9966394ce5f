/// Something the shell runs before its first prompt, as gdb runs its init files, `-x FILE`
/// and `-ex LINE`.
public enum StartupStep: Sendable, Equatable {
  /// A script, run as `source` runs it.
  case file(String)
  /// An init file (the user's `init.sluice`, a trusted project's `.sluiceinit`), run as
  /// `source` runs it except that, as gdb reads `~/.gdbinit`, a line that fails is reported
  /// at its `file:line:column` and the file goes on: one bad line does not stop the shell.
  case initFile(String)
  /// One command line.
  case command(String)
}
