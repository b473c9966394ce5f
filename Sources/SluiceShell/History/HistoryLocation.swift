/// Where the shell keeps its history between runs: `$XDG_STATE_HOME/sluice/history`, or
/// `~/.local/state/sluice/history` when that variable is unset, empty or not absolute (as
/// the XDG base directory specification asks).
public enum HistoryLocation {
  /// The history file for `environment`, or `nil` when neither `XDG_STATE_HOME` nor `HOME`
  /// gives an absolute directory (history then lasts one run).
  public static func file(in environment: [String: String]) -> String? {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return join(state, "sluice/history")
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return join(home, ".local/state/sluice/history")
    }
    return nil
  }

  private static func join(_ directory: String, _ relative: String) -> String {
    directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
  }
}
