/// Makes a new session of the current feature with the given settings: what `shrink` and
/// `insert` replay actions in. The session's owner (the debugger, which knows the feature)
/// gives it; the session does not know its feature.
public typealias ScratchSessionMaker = @MainActor (SessionOptions) throws(DebugError) -> any DebugSession

extension Debugger {
  /// How `session` makes the scratch sessions `shrink` and `insert` replay in: new sessions
  /// of its feature, which only the registry can make.
  private func scratchSessions(for session: any DebugSession, command: String) throws(DebugError) -> ScratchSessionMaker {
    guard let feature = registry.feature(named: session.featureName), feature.makeStoreParts != nil else {
      throw DebugError(
        "\(command) replays the actions in new sessions of the feature, and '\(session.featureName)' is a program's own store, "
          + "which cannot be made again: save the session and \(command) it where the feature is registered (`sluice --load FILE`)")
    }
    return { options in feature.makeSession(options) }
  }

  /// `shrink` on `session`.
  package func shrink(
    _ session: any DebugSession, keeping goal: ShrinkGoal?, budget: Int,
    progress: @escaping @MainActor (ShrinkProgress) -> Void = { _ in }
  ) async throws(DebugError) -> Shrinking {
    try await session.timeTravel.shrink(
      goal, budget: budget, makeScratch: try scratchSessions(for: session, command: "shrink"), progress: progress)
  }

  /// `insert N ACTION` on `session`.
  package func insert(
    _ action: ActionArgument, before index: Int, in session: any DebugSession, origin: EntryOrigin
  ) async throws(DebugError) {
    try await session.timeTravel.insert(
      action, before: index, origin: origin, makeScratch: try scratchSessions(for: session, command: "insert"))
  }

  /// `sluice shrink SESSION_FILE`: loads the session saved at `path` (into `feature` when
  /// given, whatever the file names), as `load` does, and shrinks it to the fewest root
  /// actions whose replay still ends where `condition` holds (without one: still warns of
  /// the cycle the session warned of first, or has its failed job fail).
  ///
  /// - Returns: The answer, and the session, whose timeline is now the shrunk one: save it,
  ///   or describe it as a test.
  public func shrink(
    sessionFile path: String, until condition: String?, budget: Int = Command.defaultShrinkBudget,
    feature: String? = nil, progress: @escaping @MainActor (ShrinkProgress) -> Void = { _ in }
  ) async throws(DebugError) -> (answer: Shrinking, session: any DebugSession) {
    var goal: ShrinkGoal?
    if let condition {
      goal = .condition(try StateCondition(parsingAboutTheState: condition, "shrink keeps a failure of the last state"))
    }
    let session = try use(try SessionFileHeader.feature(ofFileAt: path, unless: feature))
    _ = try session.files.load(from: path, as: feature)
    return (try await shrink(session, keeping: goal, budget: budget, progress: progress), session)
  }
}
