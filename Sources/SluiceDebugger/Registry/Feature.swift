import Sluice

/// A feature the debugger can load: its name, a one-line summary, and how to build a store
/// of it.
///
/// Registering is one expression:
///
/// ```swift
/// Feature("todos", summary: "A todo list loaded from an API", initialState: Todos.State()) {
///   environment in Todos(api: InMemoryTodosAPI(clock: environment.clock))
/// }
/// ```
///
/// State must be `Codable & Equatable` and actions `Codable`: the debugger decodes typed
/// actions and saves sessions as JSON.
public struct Feature: Sendable {
  /// The name sessions and commands use (`use todos`).
  public let name: String
  /// One line on what the feature is.
  public let summary: String
  /// The cycle detector's settings this feature runs with by default, when it needs other
  /// thresholds than the debugger's (a feature that legitimately sends one case often).
  public let cycleDetection: CycleDetection?
  @usableFromInline let makeSession: @MainActor @Sendable (SessionOptions) -> any DebugSession
  /// Builds what a store of the feature is made of, as a ``FeatureStoreParts`` of its types;
  /// `nil` for a store the program made (adopted), which cannot be made again.
  @usableFromInline let makeStoreParts: (@MainActor @Sendable (FeatureEnvironment) -> Any)?

  /// Describes a feature.
  ///
  /// - Parameters:
  ///   - name: How commands name it.
  ///   - summary: One line for `features`.
  ///   - initialState: The state a new session starts from.
  ///   - cycleDetection: The cycle detector's settings for this feature, when the
  ///     debugger's defaults do not suit it; command-line options and `set cycle` still
  ///     override them.
  ///   - secretPaths: State paths the debugger never shows (`"user.token"`): printed, diffed,
  ///     found, watched and saved as `‹redacted›`, with everything inside them. No command
  ///     turns this off. A path that does not parse, is `self`, or picks an element by its
  ///     contents (`todos[id: 3]`) is a programming error, and stops the program here.
  ///   - middleware: Builds the middleware, given the session's environment.
  ///   - subscriptions: Builds the store's subscriptions, given the session's environment;
  ///     `reset` and `load` restart them.
  ///   - reducer: Builds the reducer, given the session's environment.
  ///
  /// Inlinable, so that the session is built where `R` is known: the debugger's work on each
  /// action then runs code specialised for the feature's types.
  @inlinable
  public init<R: Reducer>(
    _ name: String,
    summary: String,
    initialState: R.State,
    cycleDetection: CycleDetection? = nil,
    redacting secretPaths: [String] = [],
    middleware: @escaping @Sendable (FeatureEnvironment) -> [Middleware<R.State, R.Action>] = { _ in [] },
    subscriptions: @escaping @Sendable (FeatureEnvironment) -> [Subscription<R.Action>] = { _ in [] },
    reducer: @escaping @Sendable (FeatureEnvironment) -> R
  ) where R.State: Codable & Equatable & Sendable, R.Action: Codable {
    let redaction = Redaction.registered(secretPaths, by: name)
    self.init(
      name: name, summary: summary, cycleDetection: cycleDetection,
      makeStoreParts: { environment in
        FeatureStoreParts(
          initialState: initialState, reducer: Reduce(reducer(environment)), middleware: middleware(environment),
          subscriptions: subscriptions(environment), cycleDetection: cycleDetection)
      }
    ) { options in
      Self.hostedSession(
        name: name, initialState: initialState, options: Self.options(options, detectingCyclesWith: cycleDetection),
        redaction: redaction, makeReducer: reducer, makeMiddleware: middleware, makeSubscriptions: subscriptions,
        specialised: .forFeatureTypes())
    }
  }

  /// Describes a store the program made and keeps on the main actor, for a debugger inside
  /// the program (an agent a client attaches to): loading it adopts the store as it is, with
  /// its reducer, middleware, clock, jobs and current state; unloading gives it back
  /// untouched. A store on an actor of its own is adopted on that actor, with
  /// ``init(adopting:as:feature:summary:redacting:on:)``.
  ///
  /// - Parameters:
  ///   - store: The program's store, on the main actor.
  ///   - name: How commands name it.
  ///   - feature: The registered feature the store runs (`order-book`), which the session
  ///     files it saves carry, so that the user's debugger loads them into that feature;
  ///   `nil` (the default): `name`.
  ///   - summary: One line for `features`.
  ///   - secretPaths: State paths the debugger never shows (`"user.token"`), as for a
  ///     hosted feature: printed, diffed, found, watched and saved as `‹redacted›`.
  /// - Throws: When the store lives on another actor, or a secret path does not parse, is
  ///   `self`, or picks an element by its contents.
  ///
  /// Inlinable, so that the session is made where the store's types are known: the
  /// debugger's work on each of the program's actions then runs code specialised for them.
  @inlinable
  @MainActor
  public init<State: Codable & Equatable & Sendable, Action: Codable & Sendable>(
    adopting store: Store<State, Action>, as name: String, feature: String? = nil, summary: String = "",
    redacting secretPaths: [String] = []
  ) throws(DebugError) {
    try self.init(
      adopting: store, on: MainActor.shared, name: name, feature: feature, summary: summary,
      secretPaths: secretPaths, specialised: .forFeatureTypes())
  }

  /// Describes a store the program keeps on an actor of its own (a server's store, as in
  /// README's "A store on an actor of your own"), for a debugger inside the program; made on
  /// that actor, which passes itself:
  ///
  /// ```swift
  /// actor OrderService {
  ///   private lazy var store = Store(initialState: Orders.State(), reducer: Orders(), isolation: self)
  ///
  ///   func debuggable() throws -> Feature {
  ///     try Feature(adopting: store, as: "orders", on: self)
  ///   }
  /// }
  /// ```
  ///
  /// The session stays on the main actor, with the debugger, and the store on its actor: the
  /// store reports each action to the session and waits for it, and the session uses the
  /// store only while the store's actor waits. So the history records every action with its
  /// state, breakpoints stop the store before the action, and `step`, `continue`, `jump` and
  /// `reset` work as for a store on the main actor; while a client debugs it, each of the
  /// store's actions waits for the main actor.
  ///
  /// - Parameters:
  ///   - store: The program's store, on `actor`.
  ///   - name: How commands name it.
  ///   - feature: The registered feature the store runs; `nil` (the default): `name`.
  ///   - summary: One line for `features`.
  ///   - secretPaths: State paths the debugger never shows, as for a store on the main actor.
  ///   - actor: The actor the store lives on, which makes this call.
  /// - Throws: When the store lives on another actor than `actor`, or a secret path does not
  ///   parse, is `self`, or picks an element by its contents.
  @inlinable
  public init<State: Codable & Equatable & Sendable, Action: Codable & Sendable>(
    adopting store: Store<State, Action>, as name: String, feature: String? = nil, summary: String = "",
    redacting secretPaths: [String] = [], on actor: isolated any Actor
  ) throws(DebugError) {
    try self.init(
      adopting: store, on: actor, name: name, feature: feature, summary: summary, secretPaths: secretPaths,
      specialised: .forFeatureTypes())
  }

  @usableFromInline
  init<State: Codable & Equatable & Sendable, Action: Codable & Sendable>(
    adopting store: Store<State, Action>, on actor: isolated any Actor, name: String, feature: String?,
    summary: String, secretPaths: [String], specialised: SpecialisedRecording<State, Action>
  ) throws(DebugError) {
    let redaction = try Redaction(parsing: secretPaths)
    guard let isolation = store.isolation, isolation === actor else {
      throw DebugError(
        "the store '\(name)' lives on \(store.isolation.map { "\(type(of: $0))" } ?? "an actor that is gone"), "
          + "not on \(type(of: actor)): adopt it on the actor it lives on")
    }
    // An actor whose executor is the main queue's runs with the main actor, never beside it:
    // a hold would park it behind the main actor that waits for it.
    let sharesTheMainQueue = isolation === MainActor.shared || MainQueueMark.isCurrent
    let adopted = AdoptedStore(store, holding: sharesTheMainQueue ? nil : StoreActorHold(isolation))
    self.init(name: name, summary: summary, cycleDetection: store.cycleDetection) { options in
      Self.adoptedSession(
        adopting: adopted.store, holding: adopted.hold, name: name, savedAs: feature, options: options,
        redaction: redaction, specialised: specialised)
    }
  }

  @usableFromInline
  init(
    name: String, summary: String, cycleDetection: CycleDetection?,
    makeStoreParts: (@MainActor @Sendable (FeatureEnvironment) -> Any)? = nil,
    makeSession: @escaping @MainActor @Sendable (SessionOptions) -> any DebugSession
  ) {
    self.name = name
    self.summary = summary
    self.cycleDetection = cycleDetection
    self.makeStoreParts = makeStoreParts
    self.makeSession = makeSession
  }

  /// What a store of the feature is made of, given `environment`: its initial state, reducer,
  /// middleware, subscriptions and cycle settings, as its sessions are made; `nil` when its
  /// types are not `State` and `Action`, or it is a store the program made.
  @MainActor
  package func storeParts<State, Action>(
    in environment: FeatureEnvironment, as state: State.Type = State.self, _ action: Action.Type = Action.self
  ) -> FeatureStoreParts<State, Action>? {
    makeStoreParts?(environment) as? FeatureStoreParts<State, Action>
  }

  /// The session options a feature runs with: its own cycle detector settings, when it has
  /// them, under the command line's and `set cycle`'s overrides.
  @usableFromInline
  static func options(_ options: SessionOptions, detectingCyclesWith cycleDetection: CycleDetection?) -> SessionOptions {
    var options = options
    options.cycleDetection = options.cycleOverrides.applied(to: cycleDetection ?? options.cycleDetection)
    return options
  }
}

/// A program's store, carried from the actor it lives on to the session that adopts it on
/// the main actor.
///
/// `@unchecked Sendable` is sound because the store is reached only through ``store``, on
/// the main actor: for a store on the main actor that is its own actor; for a store on an
/// actor of its own, the session that takes it uses it only through ``hold``, which keeps the
/// store's actor waiting meanwhile (see `StoreActorHold`).
@usableFromInline
final class AdoptedStore<State: Sendable, Action: Sendable>: @unchecked Sendable {
  private let reference: Store<State, Action>
  /// Keeps the store's actor waiting while the main actor uses the store; `nil` for a
  /// store on the main actor.
  let hold: StoreActorHold?

  init(_ store: Store<State, Action>, holding hold: StoreActorHold?) {
    reference = store
    self.hold = hold
  }

  /// The store, for the session that adopts it.
  @MainActor var store: Store<State, Action> { reference }
}
