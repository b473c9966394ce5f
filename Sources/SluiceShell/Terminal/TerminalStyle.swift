import SluiceDebugger
import SluiceReporting

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
    /// Stops.
    case cyan = "36"
  }

  /// `text` in `tint`, or `text` itself without colors.
  public func apply(_ tint: Tint, to text: String) -> String {
    guard usesColor, !text.isEmpty else { return text }
    return "\u{1B}[\(tint.rawValue)m" + text + "\u{1B}[0m"
  }

  /// A rendered line colored by its kind, which the renderer gave it: inserted diff lines
  /// and expectations that held green, removed lines and failures red, warnings yellow,
  /// stops cyan, a headline's first word (`#3`) bold, and an error's `error: ` label red.
  public func paint(_ line: RenderedLine) -> String {
    guard usesColor else { return line.text }
    switch line.kind {
    case .plain: return line.text
    case .inserted, .success: return apply(.green, to: line.text)
    case .removed, .failure: return apply(.red, to: line.text)
    case .warning: return apply(.yellow, to: line.text)
    case .stop: return apply(.cyan, to: line.text)
    case .headline:
      guard let space = line.text.firstIndex(of: " ") else { return apply(.bold, to: line.text) }
      return apply(.bold, to: String(line.text[..<space])) + line.text[space...]
    case .error:
      guard let label = line.text.range(of: "error: ") else { return line.text }
      return line.text[..<label.lowerBound] + apply(.red, to: String(line.text[label])) + line.text[label.upperBound...]
    }
  }
}
