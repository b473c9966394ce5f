import Foundation

extension Debugger {
  /// The session saved at `path` (a flight recorder's included) as a trace: `sluice
  /// export-trace`. The file's feature is loaded, as `load` loads it, and described as
  /// `export trace` describes a session; its jobs are the spans the file kept.
  ///
  /// With `feature` (`--feature NAME`), the file is loaded into that feature whatever it
  /// names: a program's recording that carries its store's name.
  ///
  /// - Throws: When the file cannot be loaded.
  public func describeTrace(fromSessionFile path: String, feature: String? = nil) throws(DebugError) -> SessionTrace {
    let session = try use(try SessionFileHeader.feature(ofFileAt: path, unless: feature))
    _ = try session.files.load(from: path, as: feature)
    return session.files.describeTrace(origin: "the session file \(URL(fileURLWithPath: path).lastPathComponent)")
  }
}
