/// An action addressed to one element of a collection of child features.
public enum IdentifiedAction<ID: Hashable & Sendable, Action: Sendable>: Sendable {
  /// `action` for the element whose id is `id`.
  case element(id: ID, action: Action)

  /// The element's id.
  public var id: ID {
    switch self { case .element(let id, _): id }
  }

  /// The child action.
  public var action: Action {
    switch self { case .element(_, let action): action }
  }
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Codable where ID: Codable, Action: Codable {}
