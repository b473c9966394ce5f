/// The distinct actions of a log, each stored once in a session file and referred to by
/// position: sessions repeat a handful of actions many times, and decoding one action with
/// `JSONDecoder` costs microseconds.
///
/// Actions are told apart by their encoding's ``StateDigest/transcript(of:)``, not by a
/// digest, so two different actions are never merged by a collision.
struct ActionTable<Action: Encodable> {
  private(set) var actions: [Action] = []
  private var positions: [[UInt64]: Int] = [:]

  /// The position of `action` in the table, adding it if it is new.
  mutating func position(of action: Action) throws -> Int {
    let transcript = try StateDigest.transcript(of: action)
    if let position = positions[transcript] { return position }
    actions.append(action)
    positions[transcript] = actions.count - 1
    return actions.count - 1
  }
}
