/// The features a debugger can load, by name.
public struct FeatureRegistry: Sendable {
  /// The features, in the order registered.
  public let features: [Feature]

  /// How a test reaches this registry, `Module.name`, when it is declared in a library the
  /// tests import: `export test` writes tests that build their stores from it.
  public let importedAs: String?

  /// Creates a registry. Names must be unique; a later feature with a name already taken
  /// is ignored.
  ///
  /// - Parameters:
  ///   - features: The features, in the order `features` lists them.
  ///   - importedAs: How a test reaches this registry, `Module.name` (`"MyFeatures.features"`),
  ///     when it is declared in a library the tests import; `export test` needs it.
  public init(_ features: [Feature], importedAs: String? = nil) {
    var seen: Set<String> = []
    self.features = features.filter { seen.insert($0.name).inserted }
    self.importedAs = importedAs
  }

  /// The feature called `name`, if registered.
  public func feature(named name: String) -> Feature? {
    features.first { $0.name == name }
  }

  /// The registered names, in order.
  public var names: [String] { features.map(\.name) }
}
