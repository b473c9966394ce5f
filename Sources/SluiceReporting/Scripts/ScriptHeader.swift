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
  /// How many lines at the top of a script are read for the header.
  public static let lineLimit = 64

  /// Whether `line` can stand in the header: blank, or a comment.
  public static func isHeaderLine(_ line: some StringProtocol) -> Bool {
    let trimmed = line.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
    return trimmed.isEmpty || trimmed.hasPrefix("#")
  }

  /// The words of the `# sluice:` lines at the top of `text`.
  public static func arguments(in text: String) -> [String] {
    var arguments: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(lineLimit) {
      guard isHeaderLine(line) else { break }
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      if trimmed.isEmpty || trimmed.hasPrefix("#!") { continue }
      let comment = trimmed.dropFirst().drop { $0 == " " }
      guard comment.hasPrefix("sluice:") else { continue }
      arguments += comment.dropFirst("sluice:".count).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
    }
    return arguments
  }
}
