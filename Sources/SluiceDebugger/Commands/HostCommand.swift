/// A command that whoever reads the lines carries out, not the session: the interpreter
/// runs one command at a time on a session and knows nothing of files, of the loop that
/// reads it, or of pages, so it hands these back (``CommandResult/host(_:)``) to its host —
/// the shell, the attached shell, the script runner — which does them in one place.
public enum HostCommand: Equatable, Sendable {
  /// `source FILE`: run the commands in a file, as the lines of a script.
  case source(path: String)
  /// `quit`: end the loop (a shell asks first when there is unsaved work).
  case quit
  /// `ui`: serve the session's page and say where; `allowingFiles`: let its pages read and
  /// write files (`ui --allow-files`).
  case openPage(allowingFiles: Bool)
  /// `set width N|unlimited`: the columns one-line contexts take where the host shows text
  /// (`nil`: no limit); what a program reads is never elided.
  case setWidth(Int?)

  /// The host's part of `command`, or `nil` for a command the session runs: what a host
  /// whose session is in another process (the attached shell) keeps for itself.
  public init?(_ command: Command) {
    switch command {
    case .source(let path): self = .source(path: path)
    case .quit: self = .quit
    case .ui(let allowsFiles): self = .openPage(allowingFiles: allowsFiles)
    case .set(.width(let width)): self = .setWidth(width)
    default: return nil
    }
  }
}
