import Sluice

extension Inspector {
  /// `bisect CONDITION`: where `condition` first holds in the kept history, and every
  /// entry after which it changed.
  ///
  /// Only states that can differ are tested: the condition is read after each entry whose
  /// recorded changes touch the part of the state it reads (``StatePath/watchedPrefix(in:)``),
  /// and after each entry whose changes were not recorded. Between two of those the value
  /// the condition reads cannot change, so the answer equals testing every state, and it
  /// knows for sure whether the condition is monotone.
  func bisect(_ condition: StateCondition) throws(DebugError) -> Bisection {
    guard condition.subject == .state else {
      throw DebugError("\(StateCondition.actionName) names the action a breakpoint stops before: bisect asks about states")
    }
    let history = history
    let start = history.state(after: history.firstIndex - 1)
    let holdsAtStart = try condition.holds(in: start)
    let watched = condition.path.watchedPrefix(in: start)
    let recorded = RecordedChanges(table: history.recordedChanges, target: watched)
    let candidates = recorded.candidates(history.firstIndex..<history.lastIndex + 1)
    var states = history.stateCursor
    var holds = holdsAtStart
    var transitions: [Bisection.Transition] = []
    for candidate in candidates {
      let now = try condition.holds(in: states.state(after: candidate.index))
      guard now != holds, let entry = history.entry(candidate.index) else { continue }
      let record = describer.record(of: entry)
      transitions.append(
        Bisection.Transition(
          index: record.index, action: record.action, caseName: record.caseName, origin: record.origin.description,
          holds: now))
      holds = now
    }
    let isMonotone = holdsAtStart ? transitions.isEmpty : transitions.count <= 1
    return Bisection(
      condition: condition.description, holdsAtStart: holdsAtStart,
      first: holdsAtStart ? nil : transitions.first, isMonotone: isMonotone, transitions: transitions,
      statesTested: candidates.count + 1, entriesSearched: history.count)
  }
}

extension StateCondition {
  /// Whether `state` satisfies the condition, a path that leads nowhere there now (a `nil`
  /// optional, a key not there yet) counting as not; a path that can lead nowhere in any
  /// state of the type is an error.
  package func holds(in state: Any) throws(DebugError) -> Bool {
    switch path.resolve(in: state) {
    case .missing(let error, canExistLater: false):
      throw DebugError(error.description)
    case .missing:
      return false
    case .found(let value):
      do {
        return try TypedComparison.compare(value, comparison, literal, literalText: literalText)
      } catch {
        throw DebugError(error.message, column: literalColumn)
      }
    }
  }
}

extension StatePath {
  /// The part of this path whose changes an entry's recorded changed paths name for sure:
  /// its leading properties of structures and classes in `state`. A change under it may
  /// change the value at the whole path (an element of `todos` for `todos.count`, a key of a
  /// dictionary for `settings.theme`); a change elsewhere cannot.
  func watchedPrefix(in state: Any) -> StatePath {
    var current = state
    var prefix: [Component] = []
    for component in components {
      guard case .property(let name) = component else { break }
      let reflection = Reflection(current)
      guard reflection.shape == .structure || reflection.shape == .object,
        let field = reflection.fields.first(where: { $0.label == name })
      else { break }
      prefix.append(component)
      current = field.value
    }
    return StatePath(prefix)
  }
}
