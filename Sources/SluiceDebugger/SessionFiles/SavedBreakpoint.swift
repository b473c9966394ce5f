/// A breakpoint as a session file keeps it: its kind and the text of its pattern, condition
/// or path, as the command that makes it spells them.
struct SavedBreakpoint: Codable {
  /// Which command makes the breakpoint, as the file's `kind` string, which files already
  /// saved use: the spellings must not change.
  enum Kind: Codable, Equatable {
    /// `break PATTERN [if CONDITION]`: `"action"`.
    case action
    /// `watch PATH`: `"watch"`.
    case watch
    /// `break cycle`: `"cycle"`.
    case cycle
    /// `break job PATTERN`: `"job"`.
    case job
    /// `trace PATTERN [if CONDITION] print PATH…`: `"trace"`, its paths in `prints`.
    case trace
    /// A kind this Sluice does not make (a later one's, or a damaged file's): the breakpoint
    /// is reported as not restored, and the rest of the file still loads.
    case other(String)

    /// The kinds this Sluice makes, by their spellings.
    static let known: [String: Kind] = ["action": .action, "watch": .watch, "cycle": .cycle, "job": .job, "trace": .trace]

    /// The file's spelling.
    var name: String {
      switch self {
      case .action: "action"
      case .watch: "watch"
      case .cycle: "cycle"
      case .job: "job"
      case .trace: "trace"
      case .other(let name): name
      }
    }

    /// Reads a spelling; one this Sluice does not make is kept as ``other(_:)``.
    init(from decoder: any Decoder) throws {
      let name = try decoder.singleValueContainer().decode(String.self)
      self = Self.known[name] ?? .other(name)
    }

    /// Writes the spelling.
    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(name)
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
  /// The paths a log point prints, as typed; absent for every other kind.
  var prints: [String]? = nil

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
    case .trace(let logPoint):
      (kind, pattern, condition, path) = (.trace, logPoint.pattern, logPoint.condition?.description, nil)
      prints = logPoint.prints.map(\.description)
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
    case .trace:
      guard let prints, !prints.isEmpty else { throw DebugError("a log point with nothing to print") }
      var paths: [TracedPath] = []
      for text in prints { paths.append(try TracedPath(parsing: text)) }
      let condition = try condition.map(StateCondition.init(parsing:))
      return .trace(LogPoint(pattern: pattern ?? "*", condition: condition, prints: paths))
    case .other(let name):
      let kinds = Kind.known.keys.sorted().joined(separator: ", ")
      throw DebugError("unknown breakpoint kind '\(name)'; this Sluice makes \(kinds)")
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
    case .trace:
      return "trace \(pattern ?? "*")" + (condition.map { " if \($0)" } ?? "") + " print " + (prints ?? []).joined(separator: " ")
    case .other(let name): return "\(word) (a breakpoint of kind '\(name)')"
    }
  }
}
