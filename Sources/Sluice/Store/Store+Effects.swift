extension Store {
  /// Performs an effect returned for the action with `context`.
  ///
  /// Effects are interpreted here, on the store's actor, without a task of their own: only
  /// `.run` bodies and timers become jobs. `onEnd` runs once the whole effect has ended, which
  /// is how concatenation, merging and debouncing sequence their parts.
  ///
  /// - Parameter scopes: The `cancellable` regions enclosing the effect, outermost first.
  @usableFromInline func perform(
    _ effect: Effect<Action>, context: ActionContext, scopes: [CancellationScope],
    onEnd: (() -> Void)?
  ) {
    switch effect.operation {
    case .none:
      onEnd?()

    case .send(let action):
      enqueue(action, causedBy: context, origin: .effect)
      onEnd?()

    case .run(let run):
      schedule(
        kind: run.kind, name: run.name, parent: context, scopes: scopes,
        body: run.operation, handler: run.handler, placement: run.placement, onEnd: onEnd.map { onEnd in { _ in onEnd() } })

    case .merge(let effects):
      let remaining = Countdown(effects.count, then: onEnd)
      for effect in effects {
        perform(effect, context: context, scopes: scopes, onEnd: remaining.tick)
      }

    case .concatenate(let effects):
      performInSequence(effects[...], context: context, scopes: scopes, onEnd: onEnd)

    case .cancellable(let effect, let id, let cancelInFlight):
      if cancelInFlight { cancelEffects(id) }
      let scope = openScope(id)
      perform(effect, context: context, scopes: scopes + [scope]) { [weak self] in
        self?.closeScope(scope)
        onEnd?()
      }

    case .cancel(let id):
      cancelEffects(id)
      onEnd?()

    case .debounce(let effect, let id, let interval):
      cancelEffects(id)
      let scope = openScope(id)
      let scopes = scopes + [scope]
      scheduleTimer(named: "debounce " + workName(of: effect), for: interval, parent: context, scopes: scopes) {
        [weak self] status in
        guard let self else { return }
        guard status == .finished, !scopes.anyCancelled else {
          closeScope(scope)
          onEnd?()
          return
        }
        perform(effect, context: context, scopes: scopes) { [weak self] in
          self?.closeScope(scope)
          onEnd?()
        }
      }

    case .throttle(let effect, let id, let interval, let leading, let trailing):
      throttle(
        effect, id: id, interval: interval, leading: leading, trailing: trailing, context: context,
        scopes: scopes, onEnd: onEnd)
    }
  }

  /// What `effect` does, in a few words, to name the timer that delays it after: the case
  /// a `.send` sends (`.search`), a `.run`'s name, the parts of a merge or a concatenation.
  func workName(of effect: Effect<Action>) -> String {
    switch effect.operation {
    case .none: "nothing"
    case .send(let action): "." + caseName(of: action)
    case .run(let run): run.name
    case .merge(let effects), .concatenate(let effects): effects.map(workName(of:)).joined(separator: ", ")
    case .cancellable(let inner, _, _), .debounce(let inner, _, _), .throttle(let inner, _, _, _, _): workName(of: inner)
    case .cancel(let id): "cancel \(id)"
    }
  }

  private func performInSequence(
    _ effects: ArraySlice<Effect<Action>>, context: ActionContext, scopes: [CancellationScope],
    onEnd: (() -> Void)?
  ) {
    guard let first = effects.first, !scopes.anyCancelled else {
      onEnd?()
      return
    }
    perform(first, context: context, scopes: scopes) { [weak self] in
      self?.performInSequence(effects.dropFirst(), context: context, scopes: scopes, onEnd: onEnd)
    }
  }

  /// With `leading`, runs the request that opens a window at once; with `trailing`, runs the
  /// newest request waiting when the window closes (the opening one too, without `leading`).
  ///
  /// Everything a throttle starts, the window's timer included, runs under the throttle's
  /// id, so `.cancel(id:)` with that id drops a waiting request too. A waiting request ends
  /// (its `onEnd` runs) when it is superseded, dropped, or has run.
  private func throttle(
    _ effect: Effect<Action>, id: EffectID, interval: Duration, leading: Bool, trailing: Bool,
    context: ActionContext, scopes: [CancellationScope], onEnd: (() -> Void)?
  ) {
    let now = elapsed()
    var window: ThrottleWindow<Action>
    if let open = throttleWindows[id], now < open.end {
      window = open
    } else {
      window = ThrottleWindow(end: now + interval)
      if leading {
        throttleWindows[id] = window
        performThrottled(effect, id: id, context: context, scopes: scopes, onEnd: onEnd)
        return
      }
    }
    guard trailing else {
      onEnd?()
      return
    }
    window.latest?.onEnd?()
    window.latest = .init(effect: effect, context: context, scopes: scopes, onEnd: onEnd)
    if window.timerScope == nil {
      let timerScope = openScope(id)
      window.timerScope = timerScope
      scheduleTimer(
        named: "throttle \(id)", for: window.end - now, parent: context, scopes: [timerScope]
      ) { [weak self] status in
        guard let self else { return }
        closeScope(timerScope)
        closeThrottleWindow(id, interval: interval, timerEnded: status, timerScope: timerScope)
      }
    }
    throttleWindows[id] = window
  }

  private func performThrottled(
    _ effect: Effect<Action>, id: EffectID, context: ActionContext, scopes: [CancellationScope],
    onEnd: (() -> Void)?
  ) {
    let scope = openScope(id)
    perform(effect, context: context, scopes: scopes + [scope]) { [weak self] in
      self?.closeScope(scope)
      onEnd?()
    }
  }

  /// Runs the request waiting when a window's timer ends, unless the timer or the request
  /// was cancelled; the run opens the next window. A timer whose window is gone (closed by
  /// ``closeThrottleWindows()`` while it was cancelled, and maybe replaced by a new window
  /// before its job ended) does nothing: the window there now is not its.
  private func closeThrottleWindow(
    _ id: EffectID, interval: Duration, timerEnded status: JobStatus, timerScope: CancellationScope
  ) {
    guard throttleWindows[id]?.timerScope === timerScope else { return }
    guard let trailing = throttleWindows[id]?.latest else {
      throttleWindows[id] = nil
      return
    }
    guard status == .finished, !trailing.scopes.anyCancelled else {
      throttleWindows[id] = nil
      trailing.onEnd?()
      return
    }
    throttleWindows[id] = ThrottleWindow(end: elapsed() + interval)
    performThrottled(
      trailing.effect, id: id, context: trailing.context, scopes: trailing.scopes,
      onEnd: trailing.onEnd)
  }

  /// Stops the timers of throttle windows whose waiting request sits in a cancelled region,
  /// so the request is dropped now rather than when its window would have closed.
  private func dropCancelledThrottleRequests() {
    for window in throttleWindows.values where window.latest?.scopes.anyCancelled == true {
      guard let timerScope = window.timerScope else { continue }
      for job in timerScope.cancel() { cancel(job) }
    }
  }

  private func openScope(_ id: EffectID) -> CancellationScope {
    let scope = CancellationScope(id: id)
    cancellationScopes[id, default: []].append(scope)
    return scope
  }

  private func closeScope(_ scope: CancellationScope) {
    guard var scopes = cancellationScopes[scope.id] else { return }
    scopes.removeAll { $0 === scope }
    cancellationScopes[scope.id] = scopes.isEmpty ? nil : scopes
  }

  /// Cancels every effect running under `id`; the id can be used again straight away.
  func cancelEffects(_ id: EffectID) {
    guard let scopes = cancellationScopes.removeValue(forKey: id) else { return }
    for scope in scopes {
      for job in scope.cancel() { cancel(job) }
    }
    if !throttleWindows.isEmpty { dropCancelledThrottleRequests() }
  }
}

/// Calls an action after a fixed number of ticks; joins the parts of a merged effect.
private final class Countdown {
  private var remaining: Int
  private let action: (() -> Void)?

  init(_ count: Int, then action: (() -> Void)?) {
    remaining = count
    self.action = action
  }

  func tick() {
    remaining -= 1
    if remaining == 0 { action?() }
  }
}

/// One open throttle window: when it closes, the newest request made during it, and the
/// scope of the timer that will run that request.
struct ThrottleWindow<Action: Sendable> {
  struct Request {
    let effect: Effect<Action>
    let context: ActionContext
    let scopes: [CancellationScope]
    let onEnd: (() -> Void)?
  }

  let end: Duration
  var latest: Request?
  var timerScope: CancellationScope?
}
