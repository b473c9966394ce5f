extension CommandInterpreter {
  func run(_ command: Command) async throws(DebugError) -> CommandResult {
    let session = try session()
    switch command {
    case .step:
      return .stepped([try await session.running.step()])
    case .next:
      return .stepped(try await session.running.next())
    case .continue:
      guard session.inspection.status == .paused else {
        throw DebugError("the store is not paused: nothing to continue")
      }
      session.running.continueRunning()
      // A script's next line must see where the run stopped; the shell shows the same.
      return .continued(await session.running.wait(timeout: nil))
    case .pause:
      guard session.inspection.status != .paused else { return .message(["already paused"]) }
      session.running.pause()
      return .done
    case .backtrace(let limit):
      let backtrace = session.inspection.backtrace
      return .backtrace(limit.map(backtrace.innermost) ?? backtrace)
    case .wait(let timeout, _):
      return .waited(await session.running.wait(timeout: timeout), timeout: timeout ?? session.inspection.waitLimit)
    case .advance(let duration):
      let start = session.inspection.elapsedTime
      let now = try await session.running.advance(by: duration)
      return .advanced(requested: duration, from: start, now: now)
    default:
      throw DebugError("not a running command")
    }
  }
}
