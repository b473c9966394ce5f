extension Debugger {
  /// `shrink` on `session`: its candidates are replayed in new sessions of its feature,
  /// which only the registry can make.
  package func shrink(
    _ session: any DebugSession, keeping goal: ShrinkGoal?, budget: Int,
    progress: @escaping @MainActor (ShrinkProgress) -> Void = { _ in }
  ) async throws(DebugError) -> Shrinking {
    guard let feature = registry.feature(named: session.featureName), feature.makeStoreParts != nil else {
      throw DebugError(
        "shrink replays the actions in new sessions of the feature, and '\(session.featureName)' is a program's own store, "
          + "which cannot be made again: save the session and shrink it where the feature is registered (`sluice shrink FILE`)")
    }
    return try await session.timeTravel.shrink(
      goal, budget: budget, makeScratch: { options in feature.makeSession(options) }, progress: progress)
  }

  /// `sluice shrink SESSION_FILE`: loads the session saved at `path` (into `feature` when
  /// given, whatever the file names), as `load` does, and shrinks it to the fewest root
  /// actions whose replay still ends where `condition` holds (without one: still warns of
  /// the cycle the session warned of first).
  ///
  /// - Returns: The answer, and the session, whose timeline is now the shrunk one: save it,
  ///   or describe it as a test.
  public func shrink(
    sessionFile path: String, until condition: String?, budget: Int = Command.defaultShrinkBudget,
    feature: String? = nil, progress: @escaping @MainActor (ShrinkProgress) -> Void = { _ in }
  ) async throws(DebugError) -> (answer: Shrinking, session: any DebugSession) {
    var goal: ShrinkGoal?
    if let condition {
      let parsed = try StateCondition(parsing: condition)
      guard parsed.subject == .state else {
        throw DebugError("\(StateCondition.actionName) names the action a breakpoint stops before: shrink keeps a failure of the last state")
      }
      goal = .condition(parsed)
    }
    let session = try use(try SessionFileHeader.feature(ofFileAt: path, unless: feature))
    _ = try session.files.load(from: path, as: feature)
    return (try await shrink(session, keeping: goal, budget: budget, progress: progress), session)
  }
}
