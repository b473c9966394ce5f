/// One case of an action enum: its name, its parameters and its documentation.
public struct ActionCaseDescription: Sendable, Equatable {
  /// The case's name without a dot or backticks: `setStep`.
  public let name: String
  /// The payload's parameters, in order; empty for a case without payload.
  public let parameters: [ActionParameterDescription]
  /// The case's doc comment without its `///` markers, lines joined by newlines; `nil` when
  /// it has none.
  public let documentation: String?

  /// Describes a case.
  public init(name: String, parameters: [ActionParameterDescription] = [], documentation: String? = nil) {
    self.name = name
    self.parameters = parameters
    self.documentation = documentation
  }

  /// The case as Swift names it: `increment`, `setStep(_:)`, `add(title:priority:)`.
  public var fullName: String {
    guard !parameters.isEmpty else { return name }
    return name + "(" + parameters.map { ($0.label ?? "_") + ":" }.joined() + ")"
  }

  /// The case as declared, types and defaults included: `add(title: String, priority: Int = 0)`,
  /// `setStep(_: Int)`, `increment`.
  public var signature: String {
    guard !parameters.isEmpty else { return name }
    return name + "(" + parameters.map(\.signature).joined(separator: ", ") + ")"
  }

  /// The payload's keys as Swift's synthesized `Codable` names them: labels, and `_0`, `_1`, …
  /// for unlabeled positions.
  public var codingKeys: [String] {
    parameters.map(\.codingKey)
  }

  /// The parameter a coding key names: a label, or `_1` for the second position.
  public func parameter(forCodingKey key: String) -> ActionParameterDescription? {
    parameters.first { $0.codingKey == key }
  }

  /// The action enum this case wraps: the description of its first parameter whose type is a
  /// ``ScriptableAction`` (`Todos.Action` for `case todo(Todos.Action)`), else `nil`.
  public var nested: ActionDescription? {
    for parameter in parameters {
      if let nested = parameter.nested {
        return nested
      }
    }
    return nil
  }
}
