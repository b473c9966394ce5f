// A binding travels as the case it reads like: `{"set": {"_0": "\\.query", "_1": "milk"}}`,
// the shape Swift synthesizes for `case set(KeyPath, Value)`, so the debugger's Swift-like
// text `.set(\.query, "milk")` and JSON both reach it.

private enum CaseKey: String, CodingKey { case set }
private enum ArgumentKey: String, CodingKey { case path = "_0", value = "_1" }

extension BindingAction: Encodable {
  /// Writes the property's path (`\.query`) and the value.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CaseKey.self)
    var arguments = container.nestedContainer(keyedBy: ArgumentKey.self, forKey: .set)
    try arguments.encode(BindingPath(propertyName).description, forKey: .path)
    try value.encode(to: arguments.superEncoder(forKey: .value))
  }
}

extension BindingAction: Decodable where Root: BindableState {
  /// Reads a binding to one of the state's ``BindableState/bindableProperties``, its value
  /// decoded as that property's type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CaseKey.self)
    let arguments = try container.nestedContainer(keyedBy: ArgumentKey.self, forKey: .set)
    let name = BindingPath.name(parsing: try arguments.decode(String.self, forKey: .path))
    guard let property = Root.bindableProperties.first(where: { $0.name == name }) else {
      let known = Root.bindableProperties.map { "\\." + $0.name }.joined(separator: ", ")
      throw DecodingError.dataCorruptedError(
        forKey: .path, in: arguments,
        debugDescription: "\\.\(name) is not a bindable property of \(Root.self)"
          + (known.isEmpty ? " (it lists none)" : " (bindable: \(known))"))
    }
    self = try property.decodeBinding(try arguments.superDecoder(forKey: .value))
  }
}

/// A binding whose properties can be listed by name, for completing `\.` after
/// `.binding(.set(` in the debugger: the state's ``BindableState/bindableProperties``.
package protocol BindablePropertyListing {
  /// The names of the properties a binding decoded from text may set: `query`, `filter.text`.
  static var bindablePropertyNames: [String] { get }
}

extension BindingAction: BindablePropertyListing where Root: BindableState {
  package static var bindablePropertyNames: [String] { Root.bindableProperties.map(\.name) }
}
