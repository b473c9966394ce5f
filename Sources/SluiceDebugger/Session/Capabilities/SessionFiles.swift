/// Saving a debugged feature's session to a file and loading one.
@MainActor
public protocol SessionFiles: AnyObject {
  /// A number that changes whenever what ``save(to:)`` would write changes (an action
  /// recorded, time travel, a breakpoint made, changed or hit), so a caller can tell whether
  /// the session still matches the file it last saved or loaded.
  var revision: Int { get }
  /// Writes the session to `path` atomically: a new file beside it is written and flushed,
  /// then renamed over it, so a failed save leaves the old file as it was.
  ///
  /// Only a regular file that may be written is replaced (a symbolic link, a FIFO, a folder
  /// or a read-only file is refused). The new file has the old one's mode from its creation,
  /// so a `0600` session stays private even while it is written; being a new file, it would
  /// not be seen through another hard link to the old one, so a file with other hard links is
  /// refused.
  func save(to path: String) throws(DebugError)
  /// Replaces the session with the one saved at `path`, replaying its log; with `feature`
  /// (this session's feature), whatever feature the file names, as `load as NAME` does for
  /// a program's recording that carries its store's name.
  func load(from path: String, as feature: String?) throws(DebugError) -> LoadReport
  /// The session as the steps of a Swift Testing test that replays it with `TestStore`, its
  /// store built from the registry a test reaches as `registry` (`Module.name`), in a suite
  /// called `name`; `origin` says where the session came from, in the file's header.
  func describeTest(registry: String, origin: String, name: String) throws(DebugError) -> TestDescription
  /// The session as a trace: its reductions on the store's track, its jobs each from launch
  /// to end, its cycle warnings and stops as instants (see ``SessionTrace``); `origin` says
  /// where the session came from.
  func describeTrace(origin: String) -> SessionTrace
}

extension SessionFiles {
  /// Replaces the session with the one saved at `path`, a session of this feature, replaying
  /// its log.
  public func load(from path: String) throws(DebugError) -> LoadReport {
    try load(from: path, as: nil)
  }
}
