extension CommandInterpreter {
  func run(_ command: Command) async throws(DebugError) -> CommandResult {
    let session = try session()
    switch command {
    case .step:
      return .stepped([try await session.step()])
    case .next:
      return .stepped(try await session.next())
    case .continue:
      guard session.status == .paused else {
        throw DebugError("the store is not paused: nothing to continue")
      }
      session.continueRunning()
      // A script's next line must see where the run stopped; the shell shows the same.
      return .continued(await session.wait(timeout: nil))
    case .pause:
      guard session.status != .paused else { return .message(["already paused"]) }
      session.pause()
      return .done
    case .backtrace(let limit):
      let backtrace = session.backtrace
      return .backtrace(limit.map(backtrace.innermost) ?? backtrace)
    case .wait(let timeout, _):
      return .waited(await session.wait(timeout: timeout), timeout: timeout ?? session.waitLimit)
    case .advance(let duration):
      let start = session.elapsedTime
      let now = try await session.advance(by: duration)
      return .advanced(requested: duration, from: start, now: now)
    default:
      throw DebugError("not a running command")
    }
  }
}
