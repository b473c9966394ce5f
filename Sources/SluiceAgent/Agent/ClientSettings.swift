import Foundation

/// How a client attaches, sent as a line of its own before its commands:
/// `{"attach": {"keepPaused": true, "script": "checkout.sluice"}}`. Not a command: it changes
/// what the agent does when the client goes, and how its events name its lines.
struct ClientSettings: Decodable {
  /// Whether a store the client leaves paused stays paused (`sluice attach --keep-paused`);
  /// by default it resumes.
  var keepsPaused = false
  /// The script the client runs, as its events name it (`sluice run --attach FILE`); the
  /// lines are `<stdin>`'s otherwise.
  var script: String?

  private enum Keys: String, CodingKey { case attach }
  private enum SettingKeys: String, CodingKey { case keepPaused, script }

  /// The settings `line` holds, or `nil` when it holds none.
  init?(_ line: String) {
    guard line.hasPrefix(#"{"attach""#),
      let settings = try? JSONDecoder().decode(ClientSettings.self, from: Data(line.utf8))
    else { return nil }
    self = settings
  }

  init(from decoder: any Decoder) throws {
    let settings = try decoder.container(keyedBy: Keys.self).nestedContainer(keyedBy: SettingKeys.self, forKey: .attach)
    keepsPaused = try settings.decodeIfPresent(Bool.self, forKey: .keepPaused) ?? false
    script = try settings.decodeIfPresent(String.self, forKey: .script)
  }
}
