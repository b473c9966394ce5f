import Foundation

extension JSONSchemaCheck {
  /// The Debug Adapter Protocol's schema, when Scripts/test fetched it and named it in
  /// `SLUICE_DAP_SCHEMA`.
  package static let debugAdapterProtocol: JSONSchemaCheck? = ProcessInfo.processInfo.environment["SLUICE_DAP_SCHEMA"].flatMap {
    try? JSONSchemaCheck(contentsOf: URL(fileURLWithPath: $0), strict: false)
  }

  /// The problems of a message an adapter sent, against the protocol's definition of it:
  /// `ErrorResponse` for a failed response, `<Command>Response` or `<Name>Event` otherwise.
  package func debugAdapterProblems(of message: JSONTree) -> [String] {
    func capitalized(_ name: String) -> String { name.prefix(1).uppercased() + name.dropFirst() }
    switch message["type"]?.text {
    case "response" where message["success"] == .boolean(false):
      return problems(of: message, definition: "ErrorResponse")
    case "response":
      return problems(of: message, definition: capitalized(message["command"]?.text ?? "") + "Response")
    case "event":
      return problems(of: message, definition: capitalized(message["event"]?.text ?? "") + "Event")
    default:
      return ["neither a response nor an event"]
    }
  }
}
