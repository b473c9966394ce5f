@testable import SluiceAgent
@testable import SluiceAgentTransport

/// Starts a server whose runtime folder is in `folder`, with `configure`'s changes.
func startServer(
  in folder: TemporaryFolder,
  handler: any AgentConnectionHandler,
  configure: (inout AgentConfiguration) -> Void = { _ in }
) async throws -> AgentServer {
  var configuration = AgentConfiguration()
  configuration.environment = folder.environment
  configuration.programName = "TestProgram"
  configuration.stores = ["counter"]
  configure(&configuration)
  return try await AgentServer.start(configuration: configuration, handler: handler)
}
