/// One action value taken apart: its case's name and its payload's values with their labels,
/// as ``ScriptableAction/scriptedCase`` gives them, so the debugger describes an action
/// (`.add(title: "Milk", priority: 2)`) without reflection.
public struct ActionCaseValue {
  /// The case's name: `add`.
  public let name: String
  /// The payload's values in order, each with its label (`nil` for none or `_`).
  public let fields: [(label: String?, value: Any)]

  /// Takes a case apart.
  public init(name: String, fields: [(label: String?, value: Any)]) {
    self.name = name
    self.fields = fields
  }
}
