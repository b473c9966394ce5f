/// The features a debugger can load, by name.
public struct FeatureRegistry: Sendable {
  /// The features, in the order registered.
  public let features: [Feature]

  /// Creates a registry. Names must be unique; a later feature with a name already taken
  /// is ignored.
  public init(_ features: [Feature]) {
    var seen: Set<String> = []
    self.features = features.filter { seen.insert($0.name).inserted }
  }

  /// The feature called `name`, if registered.
  public func feature(named name: String) -> Feature? {
    features.first { $0.name == name }
  }

  /// The registered names, in order.
  public var names: [String] { features.map(\.name) }
}
