/// Why an `ActionLiteral` could not be decoded into the requested type, and where.
public struct LiteralDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Reason: Equatable, Sendable {
    /// The text named an enum case the type does not have; the given name is kept
    /// so a caller can suggest the nearest case (see `nearestName(to:among:)`).
    case unknownCase(String)
    /// A property or argument the type requires was not given; `givenLabels`
    /// lists the labels that were, to spot a typo.
    case missingValue(label: String, givenLabels: [String])
    /// The literal has the wrong kind, e.g. `expected Int, found string "2"`.
    case typeMismatch(expected: String, found: String)
    /// A number that does not fit the type, e.g. `300` for a `UInt8`.
    case numberOutOfRange(literal: String, type: String)
    /// The type rejected the value for its own reason (its `init(from:)` threw).
    case invalidValue(String)
    /// An argument no parameter of the case takes (`.increment(3)`, `.setStep(5, 6)`): its
    /// label, or `_0`, `_1`, … for an unlabeled one. Never dropped in silence.
    case unexpectedArgument(String)
  }

  /// What went wrong.
  public var reason: Reason
  /// Where, in action syntax: `.add(priority:)`, `.todo(.toggle(id:))`,
  /// `.load(ids: [1])`, `.user.name`; empty for the whole value.
  public var path: String
  /// The same place as coding keys (`["add", "priority"]`).
  public var codingPath: [String]
  /// The deepest value of the literal the path reaches, counted in the order a depth-first
  /// walk meets them (0: the whole literal): `ActionTextParser.column(ofValueAt:in:)` turns
  /// it into the column of the text to point at.
  package var valueIndex = 0

  /// Creates an error.
  public init(reason: Reason, path: String, codingPath: [String]) {
    self.reason = reason
    self.path = path
    self.codingPath = codingPath
  }

  /// A member as the user writes it: `'title'` for a label, and for Swift's synthesized
  /// names of unlabeled payloads (`_0`, `_1`) "the first unlabeled argument", never `_0`.
  static func spoken(_ name: String) -> String {
    guard name.hasPrefix("_"), let position = Int(name.dropFirst()) else { return "'\(name)'" }
    let ordinals = ["first", "second", "third", "fourth", "fifth"]
    let ordinal = position < ordinals.count ? ordinals[position] : "#\(position + 1)"
    return "the \(ordinal) unlabeled argument"
  }

  /// The problem followed by where it is: `expected Int, found string "2" at .add(priority:)`.
  public var description: String {
    let problem: String
    switch reason {
    case .unknownCase(let name):
      problem = "unknown case '.\(name)'"
    case .missingValue(let label, let given):
      let givenText =
        given.isEmpty ? "none given" : "given: " + given.map { Self.spoken($0) }.joined(separator: ", ")
      problem = "missing value for \(Self.spoken(label)) (\(givenText))"
    case .typeMismatch(let expected, let found):
      problem = "expected \(expected), found \(found)"
    case .numberOutOfRange(let literal, let type):
      problem = "\(literal) is out of range for \(type)"
    case .invalidValue(let message):
      problem = message
    case .unexpectedArgument(let name):
      // "the case takes no argument 'bogus'", "the case takes no second unlabeled argument".
      let spoken = Self.spoken(name)
      problem = "the case takes no " + (spoken.hasPrefix("the ") ? String(spoken.dropFirst(4)) : "argument \(spoken)")
    }
    return path.isEmpty ? problem : "\(problem) at \(path)"
  }
}
