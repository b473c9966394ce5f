import SluiceAgentTransport

/// How a program's stores are served to `sluice attach`: the Unix socket in a private runtime
/// folder always, TCP with a token on request, and the limits each client lives within.
///
/// Declared beside the transport, which it configures.
public typealias AgentConfiguration = SluiceAgentTransport.AgentConfiguration
