extension Store {
  /// Performs an effect returned for the action with `context`.
  ///
  /// Effects are interpreted here, on the main actor, without a task of their own: only
  /// `.run` bodies and timers become jobs. `onEnd` runs once the whole effect has ended, which
  /// is how concatenation, merging and debouncing sequence their parts.
  ///
  /// - Parameter scopes: The `cancellable` regions enclosing the effect, outermost first.
  func perform(
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
        kind: .effect, name: run.name, parent: context, scopes: scopes,
        body: run.operation, handler: run.handler, onEnd: onEnd.map { onEnd in { _ in onEnd() } })

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
      scheduleTimer(named: "debounce \(id)", for: interval, parent: context, scopes: scopes) {
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

    case .throttle(let effect, let id, let interval, let latest):
      throttle(
        effect, id: id, interval: interval, latest: latest, context: context, scopes: scopes,
        onEnd: onEnd)
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

  /// Runs the first request of each window at once and, with `latest`, the newest request
  /// made during the window when it closes.
  private func throttle(
    _ effect: Effect<Action>, id: EffectID, interval: Duration, latest: Bool,
    context: ActionContext, scopes: [CancellationScope], onEnd: (() -> Void)?
  ) {
    let now = elapsed()
    guard var window = throttleWindows[id], now < window.end else {
      throttleWindows[id] = ThrottleWindow(end: now + interval)
      perform(effect, context: context, scopes: scopes, onEnd: onEnd)
      return
    }
    defer { onEnd?() }
    guard latest else { return }
    window.latest = .init(effect: effect, context: context, scopes: scopes)
    if !window.hasTimer {
      window.hasTimer = true
      scheduleTimer(
        named: "throttle \(id)", for: window.end - now, parent: context, scopes: scopes
      ) { [weak self] _ in
        self?.closeThrottleWindow(id, interval: interval)
      }
    }
    throttleWindows[id] = window
  }

  private func closeThrottleWindow(_ id: EffectID, interval: Duration) {
    guard let trailing = throttleWindows[id]?.latest else {
      throttleWindows[id] = nil
      return
    }
    // The trailing run opens the next window.
    throttleWindows[id] = ThrottleWindow(end: elapsed() + interval)
    guard !trailing.scopes.anyCancelled else { return }
    perform(trailing.effect, context: trailing.context, scopes: trailing.scopes, onEnd: nil)
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
  }
}

/// Calls an action after a fixed number of ticks; joins the parts of a merged effect.
@MainActor
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

/// One open throttle window: when it closes and the newest request made during it.
struct ThrottleWindow<Action: Sendable> {
  struct Request {
    let effect: Effect<Action>
    let context: ActionContext
    let scopes: [CancellationScope]
  }

  let end: Duration
  var latest: Request?
  var hasTimer = false
}
