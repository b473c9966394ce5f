/// The answer to one Tab: the end of the line to replace, and what could replace it.
public struct Completions: Sendable, Equatable {
  /// The text just before the cursor that each candidate replaces (often the word typed
  /// so far; empty to insert at the cursor).
  public var stem: String
  /// What could replace the stem, in the order to list them.
  public var candidates: [Completion]

  /// Creates an answer.
  public init(stem: String, candidates: [Completion]) {
    self.stem = stem
    self.candidates = candidates
  }

  /// No completion.
  public static let none = Completions(stem: "", candidates: [])
}

/// One way to complete a word.
public struct Completion: Sendable, Equatable {
  /// The text that replaces the stem, such as `.add(title: `.
  public var text: String
  /// How the candidate is listed when there are several, such as
  /// `.add(title: String, priority: Int)`.
  public var display: String
  /// Whether a space follows when this is the only candidate (a finished word, not an
  /// open argument list or a folder).
  public var isFinal: Bool

  /// Creates a candidate.
  public init(_ text: String, display: String? = nil, isFinal: Bool = true) {
    self.text = text
    self.display = display ?? text
    self.isFinal = isFinal
  }
}
