/// One value a reducer read that replay cannot compute again (a date, an id, a random
/// number, or a value the feature marks), recorded with the action that read it.
///
/// The value is kept as the JSON text of its `Codable` encoding, so that a session file can
/// carry any such value and give it back, as the same type, when the action is replayed.
public struct RecordedRead: Hashable, Sendable, Codable {
  /// What was read: `date`, `uuid`, `random`, `clock.now`, or the name a feature gave a
  /// value of its own.
  public let name: String
  /// The value, as JSON text.
  public let json: String

  /// Creates a read of `name` that gave the value encoded as `json`.
  public init(name: String, json: String) {
    self.name = name
    self.json = json
  }
}

/// What replaying one entry read: the values it took, and whether any of them was read live
/// because the entry asked for more, or other, values than it recorded.
struct ReplayedReads: Equatable {
  /// The values the replay took, recorded or live, in order.
  var reads: [RecordedRead]
  /// Whether the replay read a value live: a toggle changed what this entry reads.
  var readLive: Bool
  /// The names of the values read live, in order: what a divergence names as the read the
  /// entry had not recorded.
  var namesReadLive: [String] = []
  /// The names of the recorded values the replay left unread, in order.
  var namesLeftUnread: [String] = []

  /// Nothing read.
  static let none = ReplayedReads(reads: [], readLive: false)
}
