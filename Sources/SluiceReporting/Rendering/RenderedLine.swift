import SluiceDebugger

/// One line of rendered output and what kind of line it is, so a terminal can colour it
/// by its kind rather than by guessing from its text.
///
/// The JSON protocol carries the kinds beside the text (`kinds` beside `lines`, `diffKinds`
/// beside `diff`), so every client colours what it received the way the engine rendered it.
public struct RenderedLine: Equatable, Sendable {
  /// What a line says, for its colour; in JSON, the case's name (`"inserted"`).
  public enum Kind: String, Codable, CaseIterable, Sendable {
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

    /// Reads a kind; one this reader does not know, from a later writer, reads as plain,
    /// so that a kind added later breaks no reader.
    public init(from decoder: any Decoder) throws {
      self = Kind(rawValue: try decoder.singleValueContainer().decode(String.self)) ?? .plain
    }
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

  /// The kinds of `lines` as the protocol carries them beside their text: `nil` when every
  /// line is plain, which is how the protocol leaves them out.
  static func kinds(of lines: [RenderedLine]) -> [Kind]? {
    lines.contains { $0.kind != .plain } ? lines.map(\.kind) : nil
  }

  /// Lines received as text with their kinds (`lines` and `kinds` of an event); a line
  /// without a kind, as from a writer older than kinds, is plain.
  static func lines(_ texts: [String], kinds: [Kind]?, indent: String = "") -> [RenderedLine] {
    texts.enumerated().map { offset, text in
      let kind = kinds.flatMap { offset < $0.count ? $0[offset] : nil } ?? .plain
      return RenderedLine(kind, indent + text)
    }
  }
}
