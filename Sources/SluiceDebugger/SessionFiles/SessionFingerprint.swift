/// What a session file's `fingerprint` digests: the State and Action types' names and the
/// shape of an initial state. A change to either makes saved sessions suspect, and `load`
/// says so (``LoadReport/typesChanged``).
enum SessionFingerprint {
  /// The fingerprint of `State` and `Action`, with the shape of `initialState`.
  static func of<State, Action>(_ stateType: State.Type, _ actionType: Action.Type, initialState: State) -> String {
    var digest = Digest()
    digest.combine(String(reflecting: State.self))
    digest.combine(String(reflecting: Action.self))
    digest.combine(shape(of: ValueTree(reflecting: initialState, maximumDepth: 8)))
    return digest.hex
  }

  private static func shape(of tree: ValueTree) -> String {
    switch tree {
    case .structure(let type, let fields):
      return type + "(" + fields.map { ($0.label ?? "_") + ":" + shape(of: $0.value) }.joined(separator: ",") + ")"
    case .scalar(let type, _), .omitted(let type), .collection(_, let type, _), .dictionary(let type, _),
      .enumCase(let type, _, _):
      return type
    case .tuple(let fields):
      return "(" + fields.map { shape(of: $0.value) }.joined(separator: ",") + ")"
    case .optional(let wrapped):
      return (wrapped.map(shape(of:)) ?? "") + "?"
    }
  }
}
