/// Colors for the shell's output, or none.
///
/// Colors are used only on a terminal, and never when `NO_COLOR` is set to anything but
/// the empty string (https://no-color.org) or `--no-color` is given.
public struct TerminalStyle: Sendable, Equatable {
  /// Whether escape sequences are written at all.
  public var usesColor: Bool

  /// A style that colors, or one that writes plain text.
  public init(usesColor: Bool) {
    self.usesColor = usesColor
  }

  /// The style for output to a terminal (`isTerminal`) in `environment`: colors on a
  /// terminal, or anywhere when `FORCE_COLOR` is set and not empty (for a pager or a CI log
  /// that shows them); never when `NO_COLOR` is set and not empty or colors were turned off
  /// on the command line, which win over `FORCE_COLOR`.
  public init(isTerminal: Bool, environment: [String: String], noColorFlag: Bool) {
    let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    let forceColor = environment["FORCE_COLOR"].map { !$0.isEmpty && $0 != "0" } ?? false
    usesColor = (isTerminal || forceColor) && !noColor && !noColorFlag
  }

  /// ANSI Select Graphic Rendition codes the shell uses.
  public enum Tint: String, Sendable {
    /// Headlines and the prompt.
    case bold = "1"
    /// The greeting and continuation prompts.
    case dim = "2"
    /// Errors and removed lines.
    case red = "31"
    /// Inserted lines and expectations that held.
    case green = "32"
    /// Warnings, and the prompt of a paused store.
    case yellow = "33"
    /// Not used by the shell yet; for embedders.
    case blue = "34"
    /// Not used by the shell yet; for embedders.
    case magenta = "35"
    /// Stops.
    case cyan = "36"
  }

  /// `text` in `tint`, or `text` itself without colors.
  public func apply(_ tint: Tint, to text: String) -> String {
    guard usesColor, !text.isEmpty else { return text }
    return "\u{1B}[\(tint.rawValue)m" + text + "\u{1B}[0m"
  }

  /// A line of rendered output colored by its marker: `+` inserted and `−` removed diff
  /// lines, `⚠` warnings, `⏸` stops, `✗` and `error:` failures, `#N` history headlines.
  public func colorize(_ line: String) -> String {
    guard usesColor else { return line }
    if line.hasPrefix("+ ") { return apply(.green, to: line) }
    if line.hasPrefix("\u{2212} ") { return apply(.red, to: line) }
    if line.hasPrefix("⚠") { return apply(.yellow, to: line) }
    if line.hasPrefix("⏸") { return apply(.cyan, to: line) }
    if line.hasPrefix("✗") || line.hasPrefix("error:") { return apply(.red, to: line) }
    if line.hasPrefix("✓") { return apply(.green, to: line) }
    if line.hasPrefix("#"), let space = line.firstIndex(of: " "), line[line.index(after: line.startIndex)..<space].allSatisfy(\.isNumber) {
      return apply(.bold, to: String(line[..<space])) + line[space...]
    }
    return line
  }
}
