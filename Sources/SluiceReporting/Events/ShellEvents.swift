import SluiceDebugger

extension ProtocolEvent {
  /// The answer to a completion request (`{"id": 1, "complete": ".inc"}`): `completions`,
  /// what could replace the end of the text sent, as Tab offers it in the shell.
  public struct CompletionList: Codable, Sendable, Equatable {
    /// The end of the text that each candidate replaces (often the word typed so far).
    public var stem: String
    /// The candidates, in the order to list them.
    public var candidates: [Candidate]

    /// One way to complete the text.
    public struct Candidate: Codable, Sendable, Equatable {
      /// The text that replaces the stem, such as `.add(title: `.
      public var text: String
      /// How the candidate is listed beside others, such as `.add(title: String)`.
      public var display: String
      /// Whether a space follows when it is the only candidate (a finished word).
      public var final: Bool
    }

    /// The list of `completions`.
    public init(_ completions: Completions) {
      stem = completions.stem
      candidates = completions.candidates.map { Candidate(text: $0.text, display: $0.display, final: $0.isFinal) }
    }

    /// The completions the list holds.
    public var completions: Completions {
      Completions(stem: stem, candidates: candidates.map { Completion($0.text, display: $0.display, isFinal: $0.final) })
    }
  }

  /// What the shell's prompt shows: `status`, the feature in use and what its store is
  /// doing. A program's agent sends it to a client that asked for it (`{"attach":
  /// {"status": true}}`) whenever it changes.
  public struct StoreStatus: Codable, Sendable, Equatable {
    /// The feature in use, if any.
    public var feature: String?
    /// `idle`, `running` (jobs run) or `paused`; absent without a feature.
    public var status: String?
    /// The history entry the state is at after a jump left the last one.
    public var position: Int?
    /// The last history entry, beside `position`.
    public var last: Int?

    /// The status of `debugger`'s current session.
    @MainActor
    public init(of debugger: Debugger) {
      let session = debugger.current
      feature = session?.featureName
      status = session?.inspection.status.rawValue
      position = session?.inspection.travelledPosition?.index
      last = session?.inspection.travelledPosition?.lastIndex
    }

    /// A status as its fields.
    public init(feature: String?, status: SessionStatus?, travelled: (position: Int, last: Int)? = nil) {
      self.feature = feature
      self.status = status?.rawValue
      position = travelled?.position
      last = travelled?.last
    }

    /// The store's status, `nil` when unknown.
    public var sessionStatus: SessionStatus? {
      status.flatMap(SessionStatus.init(rawValue:))
    }

    /// Where a jump left the state, when it is not at the last entry.
    public var travelled: (position: Int, last: Int)? {
      guard let position, let last else { return nil }
      return (position, last)
    }
  }
}
