/// Why a state path could not be parsed or looked up.
public struct StatePathError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Reason: Equatable, Sendable {
    /// The path text is malformed; the message says how.
    case invalidSyntax(String)
    /// The value has no property of that name; `available` lists the ones it has.
    case noSuchProperty(String, typeName: String, available: [String])
    /// The enum has no case of that name, in any value of it; `nearest` is a case one edit
    /// away, if it has one (its cases are asked about, not listed).
    case noSuchCase(String, typeName: String, nearest: String?)
    /// An index outside the collection.
    case indexOutOfRange(Int, count: Int)
    /// A dictionary has no such key; `availableKeys` lists some of its keys.
    case keyNotFound(String, availableKeys: [String])
    /// No element of the collection has `label` equal to `value`.
    case noMatchingElement(label: String, value: String)
    /// An optional on the way was `nil` and the path did not chain with `?`.
    case foundNil
    /// A subscript on a value that has no elements or keys.
    case notSubscriptable(typeName: String)
  }

  /// What went wrong.
  public var reason: Reason
  /// The path up to and including the component that failed (`todos[7]`); for
  /// `foundNil`, the path of the optional that was `nil`. Empty for syntax errors.
  public var failedPath: String
  /// For syntax errors, the 1-based column in the path text.
  public var column: Int?

  /// Creates an error.
  public init(reason: Reason, failedPath: String, column: Int? = nil) {
    self.reason = reason
    self.failedPath = failedPath
    self.column = column
  }

  /// The names that were available where the lookup failed (properties or keys).
  public var availableNames: [String] {
    switch reason {
    case .noSuchProperty(_, _, let available): available
    case .keyNotFound(_, let keys): keys
    default: []
    }
  }

  /// `todos[2].titel: no property 'titel' on Todo (available: id, title, done); did you mean 'title'?`.
  public var description: String {
    let problem: String
    switch reason {
    case .invalidSyntax(let message):
      return "column \(column ?? 1): \(message)"
    case .noSuchProperty(let name, let typeName, let available):
      let list = available.isEmpty ? "it has none" : "available: " + available.joined(separator: ", ")
      let suggestion = nearestName(to: name, among: available).map { "; did you mean '\($0)'?" } ?? ""
      problem = "no property '\(name)' on \(typeName) (\(list))\(suggestion)"
    case .noSuchCase(let name, let typeName, let nearest):
      problem = "no case '\(name)' on \(typeName)" + (nearest.map { "; did you mean '\($0)'?" } ?? "")
    case .indexOutOfRange(let index, let count):
      problem = "index \(index) is out of range (count \(count))"
    case .keyNotFound(let key, let keys):
      let list = keys.isEmpty ? "it is empty" : "keys: " + keys.joined(separator: ", ")
      problem = "no key \(key) (\(list))"
    case .noMatchingElement(let label, let value):
      problem = "no element whose \(label) is \(value)"
    case .foundNil:
      return "\(failedPath) is nil; write '\(failedPath)?' to chain through it"
    case .notSubscriptable(let typeName):
      problem = "\(typeName) has no elements to subscript"
    }
    return "\(failedPath): \(problem)"
  }
}

extension StatePathError {
  /// This error, found by looking a path up below `prefix`, with its failed path made whole.
  func prefixed(by prefix: StatePath) -> StatePathError {
    let relative = (try? StatePath(parsing: failedPath))?.components ?? []
    return StatePathError(reason: reason, failedPath: StatePath(prefix.components + relative).description, column: column)
  }
}
