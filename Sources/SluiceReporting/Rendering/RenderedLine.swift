import SluiceDebugger

/// One line of rendered output and what kind of line it is, so a terminal can colour it
/// by its kind rather than by guessing from its text.
public struct RenderedLine: Equatable, Sendable {
  /// What a line says, for its colour.
  public enum Kind: Equatable, Sendable {
    /// Anything else.
    case plain
    /// A history entry's first line: `#3 .increment  ← user`.
    case headline
    /// A diff line for a value that was added (`+`).
    case inserted
    /// A diff line for a value that was removed (`−`).
    case removed
    /// A cycle warning, a class in the state.
    case warning
    /// The store stopped: a breakpoint, a watchpoint, a step.
    case stop
    /// Something failed: an expectation, a job, a dropped action.
    case failure
    /// An expectation held.
    case success
    /// An error: `error: unknown command 'sned' (column 1)`, whose label a terminal colours.
    case error
  }

  /// The kind.
  public let kind: Kind
  /// The text, without colour.
  public let text: String

  /// A line of `kind`.
  public init(_ kind: Kind, _ text: String) {
    self.kind = kind
    self.text = text
  }

  /// The lines of a diff, each of the kind its marker says.
  static func lines(of diff: StateDiff) -> [RenderedLine] {
    diff.lines().map { RenderedLine($0) }
  }

  /// A line of a diff as events carry it, rendered (`+ count: 1`), after `indent`, of the
  /// kind its marker says: `+` inserted, `−` removed, anything else context.
  init(renderedDiffLine line: String, indent: String = "") {
    let kind: Kind =
      switch line.first {
      case "+": .inserted
      case "\u{2212}": .removed
      default: .plain
      }
    self.init(kind, indent + line)
  }

  /// A diff line, after `indent`, of the kind its marker says.
  init(_ line: StateDiff.Line, indent: String = "") {
    let kind: Kind =
      switch line.kind {
      case .context: .plain
      case .inserted: .inserted
      case .removed: .removed
      }
    self.init(kind, indent + line.rendered)
  }
}
