import Foundation

extension Debugger {
  /// The session saved at `path` (a flight recorder's included) as the steps of a Swift
  /// Testing test that replays it with `TestStore`, in a suite called `name`: `sluice
  /// export-test`. The file's feature is loaded, as `load` loads it, and described as
  /// `export test` describes a session.
  ///
  /// With `feature` (`--feature NAME`), the file is loaded into that feature whatever it
  /// names: a program's recording that carries its store's name.
  ///
  /// - Throws: When the registry does not say how tests reach it (``FeatureRegistry/importedAs``),
  ///   or the file cannot be loaded.
  public func describeTest(fromSessionFile path: String, name: String, feature: String? = nil) throws(DebugError)
    -> TestDescription
  {
    guard let registryName = registry.importedAs else { throw Self.unreachableRegistry }
    let session = try use(try SessionFileHeader.feature(ofFileAt: path, unless: feature))
    _ = try session.files.load(from: path, as: feature)
    let file = URL(fileURLWithPath: path).lastPathComponent
    return try session.files.describeTest(registry: registryName, origin: "the session file \(file)", name: name)
  }

  /// Why `export test` cannot write a test for this registry.
  package static var unreachableRegistry: DebugError {
    DebugError(
      "export test writes a test that builds its store from your registry: declare the registry in a library "
        + "your tests import, and name it, FeatureRegistry([…], importedAs: \"Module.name\")")
  }
}
