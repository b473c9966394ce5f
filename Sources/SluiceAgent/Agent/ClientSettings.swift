import Foundation
import SluiceReporting

/// How a client attaches, sent as a line of its own before its commands:
/// `{"attach": {"keepPaused": true, "script": "checkout.sluice", "status": true}}`. Not a
/// command: it changes what the agent does when the client goes, how its events name its
/// lines, whether it is told the store's status for a prompt, how its script's run is
/// reported (`"report": "junit"`), and whether it speaks the Debug Adapter Protocol
/// (`"debugAdapter": true`).
struct ClientSettings: Decodable {
  /// Whether a store the client leaves paused stays paused (`sluice attach --keep-paused`);
  /// by default it resumes.
  var keepsPaused = false
  /// The script the client runs, as its events name it (`sluice run --attach FILE`); the
  /// lines are `<stdin>`'s otherwise.
  var script: String?
  /// Whether the client is sent a `status` event whenever the store's status changes (the
  /// attached shell's prompt).
  var sendsStatus = false
  /// The format the client's script run is reported in, when not the JSON events
  /// (`sluice run --attach --format junit`): the report's lines come as `report` events.
  var report: ScriptRunner.Format?
  /// Whether the client speaks the Debug Adapter Protocol (`sluice dap`'s `attach`): its lines
  /// are DAP requests, answered by a debug adapter on the program's stores.
  var speaksDebugAdapterProtocol = false

  private enum Keys: String, CodingKey { case attach }
  private enum SettingKeys: String, CodingKey { case keepPaused, script, status, report, debugAdapter }

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
    sendsStatus = try settings.decodeIfPresent(Bool.self, forKey: .status) ?? false
    speaksDebugAdapterProtocol = try settings.decodeIfPresent(Bool.self, forKey: .debugAdapter) ?? false
    if let format = try settings.decodeIfPresent(String.self, forKey: .report) {
      guard let known = ScriptRunner.Format(rawValue: format) else {
        throw DecodingError.dataCorruptedError(
          forKey: .report, in: settings, debugDescription: "unknown report format '\(format)'")
      }
      report = known
    }
  }
}
