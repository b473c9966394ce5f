import SluiceAgentAccess

/// Why the agent could not start or serve: the runtime folder is unsafe, the socket path is
/// too long, the token file is missing or readable by others, and so on. Its `message` names
/// the file or folder, says what is wrong and, where it can, what to do.
///
/// Declared beside the runtime folder's checks, which `sluice attach` shares with the agent.
public typealias AgentError = SluiceAgentAccess.AgentError
