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
  // No test but the timeout's own depends on how fast a busy machine answers a challenge: a
  // client that proves itself late is still in time.
  configuration.authenticationTimeout = .seconds(600)
  configure(&configuration)
  return try await AgentServer.start(configuration: configuration, handler: handler)
}
