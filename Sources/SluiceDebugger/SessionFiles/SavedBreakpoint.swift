/// A breakpoint as a session file keeps it: its kind and the text of its pattern, condition
/// or path, as the command that makes it spells them.
struct SavedBreakpoint: Codable {
  /// Which command makes the breakpoint. The raw values are the file's `kind` strings, which
  /// files already saved use: they must not change.
  enum Kind: String, Codable, CaseIterable {
    /// `break PATTERN [if CONDITION]`.
    case action
    /// `watch PATH`.
    case watch
    /// `break cycle`.
    case cycle
    /// `break job PATTERN`.
    case job

    /// Reads a raw value; another one makes the file unreadable, with a message that names
    /// the kinds there are.
    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      let name = try container.decode(String.self)
      guard let kind = Kind(rawValue: name) else {
        let kinds = Self.allCases.map(\.rawValue).joined(separator: ", ")
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "unknown breakpoint kind '\(name)'; expected one of \(kinds)")
      }
      self = kind
    }
  }

  /// Its id; absent in files saved before ids were kept, which listed them from 1.
  var id: Int?
  let kind: Kind
  let pattern: String?
  let condition: String?
  let path: String?
  let isEnabled: Bool
  let isOneShot: Bool
  let ignoreCount: Int
  /// The lines it runs when it stops (`commands`); absent when none.
  var commands: [String]? = nil

  /// `breakpoint`, as the file keeps it.
  init(_ breakpoint: Breakpoint) {
    id = breakpoint.id
    switch breakpoint.kind {
    case .action(let pattern, let condition):
      (kind, self.pattern, self.condition, path) = (.action, pattern, condition?.description, nil)
    case .watch(let watched):
      (kind, pattern, condition, path) = (.watch, nil, nil, watched.description)
    case .cycle:
      (kind, pattern, condition, path) = (.cycle, nil, nil, nil)
    case .job(let pattern):
      (kind, self.pattern, condition, path) = (.job, pattern, nil, nil)
    }
    isEnabled = breakpoint.isEnabled
    isOneShot = breakpoint.isOneShot
    ignoreCount = breakpoint.ignoreCount
    commands = breakpoint.commands.isEmpty ? nil : breakpoint.commands
  }

  /// The breakpoint's kind, parsed again from its text.
  func rebuiltKind() throws(DebugError) -> Breakpoint.Kind {
    switch kind {
    case .action:
      return .action(pattern: pattern ?? "*", condition: try condition.map(StateCondition.init(parsing:)))
    case .watch:
      do {
        return .watch(path: try StatePath(parsing: path ?? ""))
      } catch {
        throw DebugError("bad path '\(path ?? "")': \(error.description)")
      }
    case .cycle:
      return .cycle
    case .job:
      return .job(pattern: pattern ?? "*")
    }
  }

  /// The command that makes the breakpoint again (`tbreak` for a one-shot one), without what
  /// was set on it since: the one spelling `save breakpoints` writes and a message about a
  /// breakpoint that could not be restored shows. It reads the saved text, so it works for a
  /// breakpoint whose condition or path no longer parses.
  var command: String {
    let word = isOneShot ? "tbreak" : "break"
    switch kind {
    case .action: return "\(word) \(pattern ?? "*")" + (condition.map { " if \($0)" } ?? "")
    case .watch: return "watch \(path ?? "")"
    case .cycle: return "\(word) cycle"
    case .job: return "\(word) job \(pattern ?? "*")"
    }
  }
}
