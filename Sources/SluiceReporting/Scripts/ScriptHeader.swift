import SluiceDebugger

/// The options a script declares it needs, in comment lines at its top:
///
/// ```text
/// # sluice: --virtual-clock --feature todos
/// ```
///
/// Only the comment lines before the first command are read; each `# sluice:` line adds its
/// words. Options given on the command line win over the script's.
public enum ScriptHeader {
  /// The words of the `# sluice:` lines at the top of `text`.
  public static func arguments(in text: String) -> [String] {
    var arguments: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(64) {
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      if trimmed.isEmpty || trimmed.hasPrefix("#!") { continue }
      guard trimmed.hasPrefix("#") else { break }
      let comment = trimmed.dropFirst().drop { $0 == " " }
      guard comment.hasPrefix("sluice:") else { continue }
      arguments += comment.dropFirst("sluice:".count).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
    }
    return arguments
  }
}
