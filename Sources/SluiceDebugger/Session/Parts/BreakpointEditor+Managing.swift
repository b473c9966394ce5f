import Sluice

extension BreakpointEditor {
  func addBreakpoint(_ kind: Breakpoint.Kind, isOneShot: Bool, ignoreCount: Int) throws(DebugError) -> Breakpoint {
    try checkCanHappen(kind)
    guard ignoreCount >= 0 else { throw DebugError("an ignore count cannot be negative (\(ignoreCount))") }
    let breakpoint = session.changeBreakpoints { $0.add(kind, isOneShot: isOneShot, ignoreCount: ignoreCount) }
    session.watches.rebase(on: store.state, breakpoints: [breakpoint])
    if case .cycle = kind { session.updateCyclePolicy() }
    session.noteEdit()
    return breakpoint
  }

  /// Refuses a breakpoint that could never stop: a case name the action does not have, a
  /// path no state of this type can have (see ``StatePath/Resolution``), a condition's literal
  /// that is not a value of the type at its path. What does not exist only for now is allowed.
  private func checkCanHappen(_ kind: Breakpoint.Kind) throws(DebugError) {
    switch kind {
    case .watch(let path):
      try refuseSecret(path, "watch")
      if case .missing(let error, canExistLater: false) = path.resolve(in: store.state) {
        throw DebugError("cannot watch \(path): \(error.description)")
      }
    case .action(let pattern, let condition):
      try checkCanMatch(pattern, condition, "break on")
    case .trace(let logPoint):
      try checkCanMatch(logPoint.pattern, logPoint.condition, "trace on")
      for printed in logPoint.prints { try check(printed, on: logPoint.pattern) }
    case .cycle, .job:
      break
    }
  }

  /// Refuses a pattern without wildcards that names no case the action describes, and a
  /// condition that holds a secret or could never hold: what an action breakpoint and a log
  /// point (`verb`) ask alike.
  private func checkCanMatch(_ pattern: String, _ condition: StateCondition?, _ verb: String) throws(DebugError) {
    if !caseExists(matching: pattern), !pattern.contains(where: { $0 == "*" || $0 == "?" }) {
      let bare = pattern.hasPrefix(".") ? String(pattern.dropFirst()) : pattern
      let names = describedCaseNames
      let candidates = names + names.compactMap { $0.split(separator: ".").last.map(String.init) }
      let suggestion = nearestName(to: bare, among: candidates).map { "; did you mean '.\($0)'?" } ?? ""
      throw DebugError("no case '.\(bare)' in \(TypeName.short(Action.self))\(suggestion)")
    }
    if let condition {
      try refuseSecret(condition, verb)
      try check(condition, on: pattern)
    }
  }

  /// Refuses a path a log point prints that no state of this type can have, or that names
  /// nothing any action it matches carries. A secret prints masked, as `print` shows it.
  private func check(_ printed: TracedPath, on pattern: String) throws(DebugError) {
    switch printed.subject {
    case .state:
      if case .missing(let error, canExistLater: false) = printed.path.resolve(in: store.state) {
        throw DebugError("cannot print \(printed): \(error.description)")
      }
    case .action:
      try checkActionPath(printed.path, on: pattern)
    }
  }

  /// Every case path the action type describes (`checkout`, `cart.checkout`); empty, so
  /// nothing is checked, when it does not describe itself (`@Scriptable`) or a child feature's
  /// action in it does not.
  private var describedCaseNames: [String] {
    guard let description = actionDescription, Self.describesEveryCasePath(description) else { return [] }
    return description.allCasePaths.map { $0.joined(separator: ".") }
  }

  /// Whether every payload the runtime names cases through (a child feature's action, see
  /// `describer.caseName(of:)`) describes its own cases, so the case paths are all the names there are.
  private static func describesEveryCasePath(_ description: ActionDescription, depth: Int = 0) -> Bool {
    // A recursive action type describes itself again and again: its cases are known by now.
    guard depth < 16 else { return true }
    for described in description.cases {
      for parameter in described.parameters {
        if let nested = parameter.nested {
          guard describesEveryCasePath(nested, depth: depth + 1) else { return false }
          continue
        }
        let typeName = String(describing: parameter.valueType)
        if parameter.valueType is any CaseNameProviding.Type || typeName == "Action" || typeName.hasSuffix(".Action") {
          return false
        }
      }
    }
    return true
  }

  /// Whether a case the action describes matches `pattern`; `true` when it describes none.
  private func caseExists(matching pattern: String) -> Bool {
    let names = describedCaseNames
    return names.isEmpty || names.contains { casePatternMatches(pattern, $0) }
  }

  /// What to say beside a breakpoint just made: a pattern that matches no case today, a path
  /// that does not exist yet (pending until it does).
  func notes(on breakpoint: Breakpoint) -> [String] {
    switch breakpoint.kind {
    case .watch(let path):
      guard case .missing = path.resolve(in: store.state) else { return [] }
      return ["watchpoint \(breakpoint.id) pending: \(path) does not exist yet"]
    case .action(let pattern, let condition):
      return notes(on: pattern, condition)
    case .trace(let logPoint):
      return notes(on: logPoint.pattern, logPoint.condition)
    case .cycle, .job:
      return []
    }
  }

  /// What to say beside an action breakpoint or a log point: a pattern no case matches today,
  /// a condition's path not there yet.
  private func notes(on pattern: String, _ condition: StateCondition?) -> [String] {
    var notes: [String] = []
    if !caseExists(matching: pattern) {
      notes.append("warning: no case of \(TypeName.short(Action.self)) matches '.\(pattern)' today")
    }
    // A condition on `$action` reads the action the breakpoint stops before, never the state.
    if let condition, condition.subject == .state, case .missing = condition.path.resolve(in: store.state) {
      notes.append("condition pending: \(condition.path) does not exist yet")
    }
    return notes
  }

  func deleteBreakpoint(_ id: Int) throws(DebugError) {
    guard let removed = session.changeBreakpoints({ $0.remove(id) }) else { throw DebugError("no breakpoint \(id)") }
    session.watches.forget(id)
    if case .cycle = removed.kind { session.updateCyclePolicy() }
    session.noteEdit()
  }

  func setBreakpoint(_ id: Int, enabled: Bool) throws(DebugError) {
    guard let breakpoint = session.changeBreakpoints({ $0.update(id) { $0.isEnabled = enabled } }) else {
      throw DebugError("no breakpoint \(id)")
    }
    if enabled { session.watches.rebase(on: store.state, breakpoints: [breakpoint]) }
    if case .cycle = breakpoint.kind { session.updateCyclePolicy() }
    session.noteEdit()
  }

  func setIgnoreCount(_ count: Int, for id: Int) throws(DebugError) {
    guard count >= 0 else { throw DebugError("an ignore count cannot be negative (\(count))") }
    guard session.changeBreakpoints({ $0.update(id) { $0.ignoreCount = count } }) != nil else {
      throw DebugError("no breakpoint \(id)")
    }
    session.noteEdit()
  }

  /// Refuses a breakpoint condition that could never hold: `break … if` and `condition` ask
  /// the same.
  func check(_ condition: StateCondition, on pattern: String) throws(DebugError) {
    guard condition.subject == .state else { return try checkActionPath(condition.path, on: pattern) }
    switch condition.path.resolve(in: store.state) {
    case .found:
      // A literal of the wrong type is refused at once rather than never stopping.
      _ = try condition.isSatisfied(by: store.state)
    case .missing(let error, canExistLater: false):
      throw DebugError("the condition's path cannot exist: \(error.description)", about: .conditionPath)
    case .missing:
      break
    }
  }

  /// Refuses a path on `$action` (a condition's or a log point's) whose first name is no part of any case the pattern
  /// matches, when the feature describes its actions (`@Feature`, `@Scriptable`): the name must be a
  /// payload label or position, or the case's own name. No action is at hand to try the
  /// rest of the path, or the literal, on: they are tried when one stops.
  func checkActionPath(_ path: StatePath, on pattern: String) throws(DebugError) {
    guard let description = actionDescription, case .property(let name)? = path.components.first else {
      return
    }
    // `$action` is the innermost case: `select` of `.catalog(.select(id:))`.
    let cases = description.allCasePaths.filter { casePatternMatches(pattern, $0.joined(separator: ".")) }
      .compactMap { description.case(atPath: $0) }
    var names: [String] = []
    for matched in cases {
      names.append(matched.name)
      names += matched.parameters.map { $0.label ?? String($0.position) }
    }
    guard !cases.isEmpty, !names.contains(name) else { return }
    let fields = Array(Set(names.filter { !cases.map(\.name).contains($0) })).sorted()
    let known = fields.isEmpty ? "it carries nothing" : "its fields: " + fields.joined(separator: ", ")
    let hint = nearestName(to: name, among: names).map { "; did you mean '\(StateCondition.actionName).\($0)'?" } ?? ""
    throw DebugError("no action matching '\(pattern)' has '\(name)' (\(known))\(hint)")
  }

  /// Sets or, with `nil`, removes the condition of action breakpoint `id`.
  func setCondition(_ condition: StateCondition?, for id: Int) throws(DebugError) -> Breakpoint {
    guard let breakpoint = breakpointList.all.first(where: { $0.id == id }) else { throw DebugError("no breakpoint \(id)") }
    let kind: Breakpoint.Kind
    switch breakpoint.kind {
    case .action(let pattern, _):
      if let condition { try check(condition, on: pattern) }
      kind = .action(pattern: pattern, condition: condition)
    case .trace(var logPoint):
      if let condition { try check(condition, on: logPoint.pattern) }
      logPoint.condition = condition
      kind = .trace(logPoint)
    case .watch, .cycle, .job:
      throw DebugError("breakpoint \(id) (\(breakpoint)) takes no condition: only an action breakpoint or a log point has one")
    }
    session.noteEdit()
    return session.changeBreakpoints { $0.update(id) { $0.kind = kind } } ?? breakpoint
  }

  /// Sets the command lines breakpoint `id` runs when it stops; none removes them. A log
  /// point never stops, so it runs none.
  func setCommands(_ lines: [String], for id: Int) throws(DebugError) {
    if let breakpoint = breakpointList.all.first(where: { $0.id == id }), case .trace = breakpoint.kind, !lines.isEmpty {
      throw DebugError("breakpoint \(id) is a log point: it prints and goes on, so it runs no commands")
    }
    guard session.changeBreakpoints({ $0.update(id) { $0.commands = lines } }) != nil else { throw DebugError("no breakpoint \(id)") }
    session.noteEdit()
  }

  /// The id of the breakpoint made last, which `$bpnum` names.
  var lastBreakpointID: Int? { breakpointList.lastMadeID }

  /// The command lists of the breakpoints that stopped since the last call, oldest first.
  func takeStopCommands() -> [StopCommands] {
    // Asked after every command; most leave none.
    guard recorder.breakpointList.hasPendingCommands else { return [] }
    return session.changeBreakpoints { $0.takePendingCommands() }
  }

}
