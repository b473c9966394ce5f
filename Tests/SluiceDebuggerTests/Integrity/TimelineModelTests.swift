import ExampleFeatures
import ExampleRegistry
import Foundation
import Sluice
import SluiceDebugger
import Dependencies
import Testing

/// The model-based property test of the debugger's timeline: seeded random sequences of
/// commands on every example feature (among them Search, debounced and throttled; Journal,
/// whose reducer reads dates, ids and random numbers; Stopwatch, a subscription; Checkout,
/// middleware; Temperature and PingPong, loops the cycle detector stops), checking after
/// every command that
///
/// - (a) the state equals a pure replay of the base through the enabled entries up to the
///   position, each fed the values its record says it read;
/// - (b) saving and loading into a fresh session reproduces the state, the log, the
///   position and the breakpoints;
/// - (c) when not paused, nothing is left queued and waiting settles (idle, or every job
///   asleep on the virtual clock);
/// - (d) every live job belongs to the current timeline: its action is an entry at or
///   before the position, never one time travel abandoned (subscriptions, which belong to
///   the store, aside).
///
/// 2,000 sequences of 50 commands by default, spread over the thirteen features by their
/// seeds (about four minutes on a quiet 2-core machine; the 20 minutes once measured came from
/// a wait that spun on a cancelled timer, fixed in issue 45). `SLUICE_MODEL_SEQUENCES` runs
/// more or fewer, and `SLUICE_MODEL_SEED` replays a printed seed. A failure is shrunk to a
/// short sequence.
@MainActor
@Suite struct TimelineModelTests {
  @Test func randomCommandSequencesKeepTheTimelineTrue() async throws {
    let environment = ProcessInfo.processInfo.environment
    let count = environment["SLUICE_MODEL_SEQUENCES"].flatMap(Int.init) ?? 2_000
    let seed = environment["SLUICE_MODEL_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64(UInt32.max))
    // Said before the first sequence, unbuffered: a run killed by a hang still names its seed.
    FileHandle.standardError.write(Data("TimelineModelTests: SLUICE_MODEL_SEED=\(seed)\n".utf8))
    let folder = try TemporaryFolder()
    let models = Self.models
    for number in 0..<count {
      let sequenceSeed = seed &+ UInt64(number)
      var generator = SplitMix64(seed: sequenceSeed)
      // Chosen by the sequence's own seed, so that replaying a printed seed picks it again.
      let model = models[Int(sequenceSeed % UInt64(models.count))]
      let commands = (0..<50).map { _ in ModelCommand.random(for: model, using: &generator) }
      guard let failure = await model.firstFailure(of: commands, folder: folder.url) else { continue }
      let shrunk = await shrink(commands, model: model, folder: folder.url)
      let failureOfShrunk = await model.firstFailure(of: shrunk, folder: folder.url) ?? failure
      Issue.record(
        """
        timeline property failed on \(model.name) with SLUICE_MODEL_SEED=\(sequenceSeed) \
        (run with SLUICE_MODEL_SEQUENCES=1 to replay): \(failure)
        shrunk to \(shrunk.count) commands: \(shrunk.map(\.description).joined(separator: "; "))
        which fails with: \(failureOfShrunk)
        """)
      return
    }
  }

  /// One model per feature `exampleFeatures` registers: the sequences are spread over them.
  static let models: [any FeatureModel] = [
    CounterModel(), TodosModel(), SearchModel(), JournalModel(), StopwatchModel(), CheckoutModel(),
    TemperatureModel(name: "temperature", syncsOnlyChanges: false),
    TemperatureModel(name: "temperature-fixed", syncsOnlyChanges: true), ProfileModel(), PingPongModel(),
    WeatherModel(), EchoModel(),
  ]

  /// Every registered feature has a model, so a feature added to the registry is not left
  /// out of the property test unnoticed.
  @Test func everyRegisteredFeatureHasAModel() {
    #expect(Set(Self.models.map(\.name)) == Set(exampleFeatures.features.map(\.name)))
  }

  /// Removes commands, halves first and then one at a time, while the sequence still fails.
  private func shrink(_ commands: [ModelCommand], model: any FeatureModel, folder: URL) async -> [ModelCommand] {
    var current = commands
    var chunk = max(1, current.count / 2)
    while chunk >= 1 {
      var start = 0
      var removedAny = false
      while start < current.count {
        var candidate = current
        candidate.removeSubrange(start..<min(start + chunk, candidate.count))
        if await model.firstFailure(of: candidate, folder: folder) != nil {
          current = candidate
          removedAny = true
        } else {
          start += chunk
        }
      }
      if !removedAny { chunk /= 2 }
    }
    return current
  }
}

// MARK: - Commands

/// One command of a random sequence. Indexes are fractions of the history at the time the
/// command runs, so a shrunk sequence still names entries that exist.
enum ModelCommand: CustomStringConvertible {
  case send(String)
  case advance(milliseconds: Int)
  case jump(Double)
  case toggle(Double)
  case reset
  case commit
  case saveAndLoad
  case breakOn(String)
  case deleteBreakpoints
  case pause
  case step
  case continueRunning

  @MainActor
  static func random(for model: any FeatureModel, using generator: inout SplitMix64) -> ModelCommand {
    let roll = generator.next(below: 100)
    switch roll {
    case 0..<40: return .send(model.actions[generator.next(below: model.actions.count)])
    case 40..<52: return .advance(milliseconds: [0, 10, 100, 250, 300, 500, 1_000, 1_500][generator.next(below: 8)])
    case 52..<62: return .jump(generator.nextFraction())
    case 62..<69: return .toggle(generator.nextFraction())
    case 69..<72: return .reset
    case 72..<75: return .commit
    case 75..<79: return .saveAndLoad
    case 79..<84: return .breakOn(model.cases[generator.next(below: model.cases.count)])
    case 84..<86: return .deleteBreakpoints
    case 86..<89: return .pause
    case 89..<94: return .step
    default: return .continueRunning
    }
  }

  var description: String {
    switch self {
    case .send(let text): "send \(text)"
    case .advance(let milliseconds): "advance \(milliseconds)ms"
    case .jump(let fraction): "jump \(fraction)"
    case .toggle(let fraction): "toggle \(fraction)"
    case .reset: "reset"
    case .commit: "commit"
    case .saveAndLoad: "save+load"
    case .breakOn(let pattern): "break \(pattern)"
    case .deleteBreakpoints: "delete all"
    case .pause: "pause"
    case .step: "step"
    case .continueRunning: "continue"
    }
  }
}

extension ModelCommand {
  /// Runs the command on `session`; `jumpTarget` and `toggleTarget` turn a fraction into
  /// the history index it names, `file` is where `save+load` goes.
  @MainActor
  func perform(
    on session: any DebugSession, file: String, jumpTarget: (Double) -> Int, toggleTarget: (Double) -> Int
  ) async throws {
    switch self {
    case .send(let text): try session.running.send(text, origin: .user)
    case .advance(let milliseconds): _ = try await session.running.advance(by: .milliseconds(milliseconds))
    case .jump(let fraction): try session.timeTravel.jump(to: jumpTarget(fraction))
    case .toggle(let fraction): _ = try session.timeTravel.toggle(toggleTarget(fraction))
    case .reset: session.timeTravel.reset()
    case .commit: session.timeTravel.commit()
    case .saveAndLoad:
      try session.files.save(to: file)
      _ = try session.files.load(from: file)
    case .breakOn(let pattern):
      _ = try session.breakpointControl.addBreakpoint(.action(pattern: pattern, condition: nil), isOneShot: false, ignoreCount: 0)
    case .deleteBreakpoints:
      for breakpoint in session.breakpointControl.breakpoints { try session.breakpointControl.deleteBreakpoint(breakpoint.id) }
    case .pause: session.running.pause()
    case .step: _ = try await session.running.step()
    case .continueRunning: session.running.continueRunning()
    }
  }
}

extension SessionOptions {
  /// The options a model test's session of `feature` runs with: virtual time, and for the
  /// three loops, the shell's cycle policy (pause). Under the tests' default policy (warn) the
  /// Temperature and Echo loops, which never wait on time, would run until a person pauses them, and no settling could
  /// follow it: that is a loop the user stops (Ctrl-C), not a state the timeline can check.
  static func forModel(_ feature: String, historyLimit: Int = 10_000) -> SessionOptions {
    var options = SessionOptions.forTests(usesVirtualClock: true, historyLimit: historyLimit)
    if ["temperature", "pingpong", "echo"].contains(feature) { options.cycleDetection.policy = .pause }
    return options
  }
}

/// A deterministic generator, so a printed seed replays a sequence exactly.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
  mutating func nextFraction() -> Double { Double(next() % 1_000_000) / 1_000_000 }
}

// MARK: - Features

@MainActor
protocol FeatureModel {
  var name: String { get }
  var actions: [String] { get }
  var cases: [String] { get }
  func firstFailure(of commands: [ModelCommand], folder: URL) async -> String?
}

struct CounterModel: FeatureModel {
  let name = "counter"
  let actions = [".increment", ".decrement", ".setStep(2)", ".setStep(-3)", ".reset"]
  let cases = ["increment", "decrement", "setStep"]
  func firstFailure(of commands: [ModelCommand], folder: URL) async -> String? {
    await TimelineChecker(name: name, reducer: ExampleFeatures.Counter(), initialState: .init(), folder: folder).run(commands)
  }
}

struct TodosModel: FeatureModel {
  let name = "todos"
  let actions = [
    #".add(title: "Milk")"#, #".add(title: "Tea")"#, ".toggle(id: 1)", ".toggle(id: 2)", ".delete(id: 1)",
    ".setFilter(.active)", ".setFilter(.all)", ".load", ".cancelLoad",
  ]
  let cases = ["add", "toggle", "load", "loadResponse"]
  func firstFailure(of commands: [ModelCommand], folder: URL) async -> String? {
    await TimelineChecker(name: name, reducer: ExampleFeatures.Todos(api: InMemoryTodosAPI()), initialState: .init(), folder: folder).run(commands)
  }
}

struct SearchModel: FeatureModel {
  let name = "search"
  let actions = [#".queryChanged("a")"#, #".queryChanged("ad")"#, #".queryChanged("")"#, ".search", ".refresh"]
  let cases = ["search", "searchResponse", "queryChanged"]
  func firstFailure(of commands: [ModelCommand], folder: URL) async -> String? {
    await TimelineChecker(name: name, reducer: ExampleFeatures.Search(client: InMemorySearchClient()), initialState: .init(), folder: folder).run(commands)
  }
}

struct StopwatchModel: FeatureModel {
  let name = "stopwatch"
  let actions = [".start", ".stop", ".clear", ".tick"]
  let cases = ["tick", "start"]
  func firstFailure(of commands: [ModelCommand], folder: URL) async -> String? {
    await TimelineChecker(name: name, reducer: ExampleFeatures.Stopwatch(), initialState: .init(), folder: folder).run(commands)
  }
}

struct CheckoutModel: FeatureModel {
  let name = "checkout"
  let actions = [
    #".addItem((id: "tea", name: "Tea", priceInCents: 450, quantity: 2))"#, #".removeItem(id: "tea")"#, ".checkout",
    ".validated",
  ]
  let cases = ["checkout", "validated", "paymentSucceeded"]
  func firstFailure(of commands: [ModelCommand], folder: URL) async -> String? {
    await TimelineChecker(name: name, reducer: ExampleFeatures.Checkout(), initialState: .init(), folder: folder).run(commands)
  }
}

/// The feedback loop and its fix: the cycle detector stops the loop, which the model sees
/// as a pause.
struct TemperatureModel: FeatureModel {
  let name: String
  let syncsOnlyChanges: Bool
  let actions = [".setCelsius(100)", ".setCelsius(0)", ".setFahrenheit(212)"]
  let cases = ["setCelsius", "setFahrenheit"]
  func firstFailure(of commands: [ModelCommand], folder: URL) async -> String? {
    await TimelineChecker(name: name, reducer: ExampleFeatures.Temperature(), initialState: .init(), folder: folder).run(commands)
  }
}

struct ProfileModel: FeatureModel {
  let name = "profile"
  let actions = [".appeared", ".refresh", #".binding(.set(\.draftName, "Ada"))"#, ".save"]
  let cases = ["appeared", "loaded", "save", "saved"]
  func firstFailure(of commands: [ModelCommand], folder: URL) async -> String? {
    await TimelineChecker(name: name, reducer: ExampleFeatures.Profile(api: InMemoryProfileAPI()), initialState: .init(), folder: folder).run(commands)
  }
}

/// A loop on virtual time, one hop every 10 ms, that the cycle detector stops.
struct PingPongModel: FeatureModel {
  let name = "pingpong"
  let actions = [".ping", ".pong", ".stop"]
  let cases = ["ping", "pong", "stop"]
  func firstFailure(of commands: [ModelCommand], folder: URL) async -> String? {
    await TimelineChecker(name: name, reducer: ExampleFeatures.PingPong(), initialState: .init(), folder: folder).run(commands)
  }
}

/// A synchronous loop (`.ping` and `.pong` `.send` each other) that the cycle detector stops
/// before the next action of the chain: what stepping, jumping and replaying do with a chain
/// that never leaves `send`.
struct EchoModel: FeatureModel {
  let name = "echo"
  let actions = [".ping", ".pong"]
  let cases = ["ping", "pong"]
  func firstFailure(of commands: [ModelCommand], folder: URL) async -> String? {
    await TimelineChecker(name: name, reducer: ExampleFeatures.Echo(), initialState: .init(), folder: folder).run(commands)
  }
}

struct WeatherModel: FeatureModel {
  let name = "weather"
  let actions = [#".cityChanged("Oslo")"#, #".cityChanged("Atlantis")"#, ".fetch"]
  let cases = ["fetch", "forecastLoaded", "forecastFailed"]
  func firstFailure(of commands: [ModelCommand], folder: URL) async -> String? {
    await TimelineChecker(name: name, reducer: ExampleFeatures.Weather(), initialState: .init(), folder: folder).run(commands)
  }
}

struct JournalModel: FeatureModel {
  let name = "journal"
  let actions = [#".write("Rain")"#, #".write("Sun")"#, ".save", ".saved"]
  let cases = ["write", "save", "saved"]
  func firstFailure(of commands: [ModelCommand], folder: URL) async -> String? {
    await TimelineChecker(
      name: name, reducer: ExampleFeatures.Journal(), initialState: .init(), folder: folder,
      replay: FedReplay.journal
    ).run(commands)
  }
}

/// Replays a Journal action as the model does: its dependencies give back, in order, the
/// values the entry's record says it read, and nothing else.
enum FedReplay {
  static func journal(_ state: inout Journal.State, _ action: Journal.Action, _ reads: [RecordedRead]) {
    let fed = FedValues(reads)
    withDependencies {
      $0.date = DateGenerator { fed.next("date", as: Date.self) }
      $0.uuid = UUIDGenerator { fed.next("uuid", as: UUID.self) }
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(FedRandomNumbers(fed: fed))
    } operation: {
      _ = Journal().reduce(into: &state, action: action)
    }
  }

  private struct FedRandomNumbers: RandomNumberGenerator, Sendable {
    let fed: FedValues
    mutating func next() -> UInt64 { fed.next("random", as: UInt64.self) }
  }
}

/// Recorded reads handed out by name, in order; a read with none left fails the test.
///
/// `@unchecked Sendable` is safe: `remaining` is read and written only under `lock`.
final class FedValues: @unchecked Sendable {
  private let lock = NSLock()
  private var remaining: [RecordedRead]

  init(_ reads: [RecordedRead]) { remaining = reads }

  func next<Value: Decodable>(_ name: String, as type: Value.Type) -> Value {
    let read: RecordedRead? = lock.withLock {
      guard let index = remaining.firstIndex(where: { $0.name == name }) else { return nil }
      return remaining.remove(at: index)
    }
    guard let read, let value = try? JSONDecoder().decode(Value.self, from: Data(read.json.utf8)) else {
      Issue.record("the model's replay read \(name), which the entry did not record")
      return try! JSONDecoder().decode(Value.self, from: Data(name == "uuid" ? #""00000000-0000-0000-0000-00000000FFFF""#.utf8 : "0".utf8))
    }
    return value
  }
}

/// Runs one sequence on a fresh session of a feature and checks the four properties after
/// every command.
@MainActor
struct TimelineChecker<R: Reducer> where R.State: Codable & Equatable & Sendable, R.Action: Codable & Sendable {
  let name: String
  let reducer: R
  let initialState: R.State
  let folder: URL
  /// Replays one entry, given what its record says it read: the reducer alone by default.
  var replay: ((inout R.State, R.Action, [RecordedRead]) -> Void)?

  private func makeSession() -> any DebugSession {
    // The example registry builds the same reducers, with services on the session's clock.
    try! Debugger(registry: exampleFeatures, options: .forModel(name)).use(name)
  }

  func run(_ commands: [ModelCommand]) async -> String? {
    let session = makeSession()
    var base = initialState
    /// Sequences of entries a commit folded into the base: their jobs may live on.
    var committed: Set<UInt64> = []
    let file = folder.appendingPathComponent("\(name).sluice-session").path
    for (offset, command) in commands.enumerated() {
      do {
        try await perform(command, on: session, base: &base, committed: &committed, file: file)
      } catch {
        // Refusals (nothing to step, no such entry) are fine; the properties must hold anyway.
      }
      if let failure = await check(session, base: base, committed: committed, file: file) {
        return "after command \(offset + 1) (\(command)): \(failure)"
      }
    }
    return nil
  }

  private func perform(
    _ command: ModelCommand, on session: any DebugSession, base: inout R.State, committed: inout Set<UInt64>,
    file: String
  ) async throws {
    let last = session.inspection.history(last: 1).last?.index ?? 0
    if case .commit = command {
      committed.formUnion(session.inspection.history(last: nil).map(\.context.sequence))
      base = store(of: session).state
    }
    try await command.perform(
      on: session, file: file, jumpTarget: { Int($0 * Double(last + 1)) },
      toggleTarget: { max(1, Int($0 * Double(last + 1))) })
    _ = session.inspection.takeEvents()
  }

  private func store(of session: any DebugSession) -> Store<R.State, R.Action> {
    session.inspection.store(of: R.State.self, R.Action.self)!
  }

  private func check(_ session: any DebugSession, base: R.State, committed: Set<UInt64>, file: String) async -> String? {
    // (c) first: let what can run settle, so the other checks see a quiet session.
    if session.inspection.status != .paused {
      let outcome = await session.running.wait(timeout: hangGuard)
      if case .timedOut(let jobs) = outcome { return "(c) wait timed out with \(jobs) running" }
      if session.inspection.status != .paused, !store(of: session).queuedActions.isEmpty {
        return "(c) not paused, yet \(store(of: session).queuedActions.count) actions are queued"
      }
    }
    // (a) replay.
    let records = session.inspection.history(last: nil)
    var replayed = base
    for record in records where record.index <= session.inspection.position && !record.isSkipped {
      guard let action = try? ActionText.decode(R.Action.self, from: record.action) else {
        return "(a) the log's \(record.action) does not parse back"
      }
      if let replay { replay(&replayed, action, record.reads) } else { _ = reducer.reduce(into: &replayed, action: action) }
    }
    if replayed != store(of: session).state {
      return "(a) state differs from the replay of the log up to #\(session.inspection.position)"
    }
    // (d) live jobs belong to the timeline.
    let owned = Set(records.filter { $0.index <= session.inspection.position }.map(\.context.sequence)).union(committed)
    // (Subscriptions belong to the store, not to a timeline: no action started them.)
    for (job, _) in session.inspection.jobs
    where job.status != .cancelled && job.kind != .subscription && !owned.contains(job.parent.sequence) {
      return "(d) live job '\(job.name)' came from action \(job.parent.sequence), not in the timeline"
    }
    // (b) save, then load into a fresh session.
    do {
      try session.files.save(to: file)
      let reloaded = makeSession()
      _ = try reloaded.files.load(from: file)
      _ = reloaded.inspection.takeEvents()
      if store(of: reloaded).state != store(of: session).state { return "(b) reloaded state differs" }
      let shown = records.map { "\($0.index) \($0.action) \($0.isSkipped)" }
      if reloaded.inspection.history(last: nil).map({ "\($0.index) \($0.action) \($0.isSkipped)" }) != shown {
        return "(b) reloaded log differs"
      }
      if reloaded.inspection.position != session.inspection.position { return "(b) reloaded position differs" }
      let breakpoints = session.breakpointControl.breakpoints.map { "\($0.id) \($0.kind) \($0.isEnabled) \($0.ignoreCount)" }
      if reloaded.breakpointControl.breakpoints.map({ "\($0.id) \($0.kind) \($0.isEnabled) \($0.ignoreCount)" }) != breakpoints {
        return "(b) reloaded breakpoints differ"
      }
    } catch {
      return "(b) save or load failed: \(error)"
    }
    return nil
  }
}
