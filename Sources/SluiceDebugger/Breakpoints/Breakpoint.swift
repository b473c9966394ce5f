/// Where a session stops: before an action, after a state change, at a cycle, or when a job
/// is about to start.
public struct Breakpoint: Sendable, Identifiable, Equatable, CustomStringConvertible {
  /// What the breakpoint watches for.
  public enum Kind: Sendable, Equatable {
    /// Before reducing an action whose case name matches the glob `pattern` (`add`,
    /// `todo.*`), when `condition` (if any) holds on the state before it.
    case action(pattern: String, condition: StateCondition?)
    /// After an action that changes the value at `path`: one that makes it appear, changes
    /// it or makes it go away. Pending while the path does not exist.
    case watch(path: StatePath)
    /// When the cycle detector fires.
    case cycle
    /// Before a job whose name matches the glob `pattern` starts.
    case job(pattern: String)
    /// Before an action the log point matches: prints its values and goes on, never stops.
    case trace(LogPoint)
  }

  /// The number commands use (`delete 2`).
  public let id: Int
  /// What it watches for.
  public var kind: Kind
  /// Whether it can stop the session.
  public var isEnabled = true
  /// Whether it deletes itself after stopping once (`tbreak`).
  public var isOneShot = false
  /// How many more matches to let pass before stopping.
  public var ignoreCount = 0
  /// How many times it matched, ignored ones included.
  public var hitCount = 0
  /// Command lines run when it stops (`commands N` … `end`), in order; none by default.
  public var commands: [String] = []

  /// The id `$bpnum` stands for in a parsed command: the breakpoint made last, as in gdb.
  /// No breakpoint has it (ids start at 1), and no one can type it (ids are not negative).
  public static let lastMadeID = -1

  /// Creates a breakpoint.
  public init(id: Int, kind: Kind, isOneShot: Bool = false, ignoreCount: Int = 0) {
    self.id = id
    self.kind = kind
    self.isOneShot = isOneShot
    self.ignoreCount = ignoreCount
  }

  public var description: String {
    var text: String
    switch kind {
    case .action(let pattern, let condition):
      text = "break on .\(pattern)" + (condition.map { " if \($0)" } ?? "")
    case .watch(let path):
      text = "watch \(path)"
    case .cycle:
      text = "break on cycle warnings"
    case .job(let pattern):
      text = "break on job '\(pattern)'"
    case .trace(let logPoint):
      text = "\(logPoint), not stopping"
    }
    if isOneShot { text += ", once" }
    if ignoreCount > 0 { text += ", ignoring the next \(ignoreCount)" }
    if !isEnabled { text += " (disabled)" }
    if hitCount > 0 { text += ", hit \(hitCount) time\(hitCount == 1 ? "" : "s")" }
    return text
  }
}

/// Whether a case pattern matches a case name: the glob matches the whole case path
/// (`cart.checkout`), or, for a pattern without a dot, its last component, so `checkout`
/// also stops at a nested `.cart(.checkout)`.
package func casePatternMatches(_ pattern: String, _ caseName: String) -> Bool {
  if globMatches(pattern, caseName) { return true }
  let bare = pattern.hasPrefix(".") ? pattern.dropFirst() : pattern[...]
  guard !bare.contains("."), let lastDot = caseName.lastIndex(of: ".") else { return false }
  return globMatches(String(bare), String(caseName[caseName.index(after: lastDot)...]))
}

/// Glob matching for case and job names: `*` matches any run of characters, `?` one.
func globMatches(_ pattern: String, _ name: String) -> Bool {
  let pattern = Array(pattern.hasPrefix(".") ? String(pattern.dropFirst()) : pattern)
  let name = Array(name)
  var patternIndex = 0
  var nameIndex = 0
  var starIndex: Int?
  var starMatch = 0
  while nameIndex < name.count {
    if patternIndex < pattern.count, pattern[patternIndex] == "?" || pattern[patternIndex] == name[nameIndex] {
      patternIndex += 1
      nameIndex += 1
    } else if patternIndex < pattern.count, pattern[patternIndex] == "*" {
      starIndex = patternIndex
      starMatch = nameIndex
      patternIndex += 1
    } else if let star = starIndex {
      patternIndex = star + 1
      starMatch += 1
      nameIndex = starMatch
    } else {
      return false
    }
  }
  while patternIndex < pattern.count, pattern[patternIndex] == "*" { patternIndex += 1 }
  return patternIndex == pattern.count
}
