import Dependencies
import Foundation
import Sluice
import SluiceDebugger
import SluiceDebuggerDependencies

/// A reducer that reads what a server's reducer reads on every action: an id, the date and
/// a random number, through swift-dependencies. Benchmark 14 sends to it plain, built with
/// `recordingDependencies()` while nothing takes the reads, and adopted by a session that
/// records them (as the agent's flight recorder does).
package struct Stamps: Reducer {
  package struct State: Codable, Equatable, Sendable {
    package var count = 0
    package var lastID: UUID?
    package var lastDate: Date?
    package var lastNumber: UInt64 = 0

    package init() {}
  }

  package enum Action: Codable, Equatable, Sendable {
    case stamp
    case count
  }

  @Dependency(\.uuid) var uuid
  @Dependency(\.date.now) var now
  @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator

  package init() {}

  package func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .stamp:
      state.lastID = uuid()
      state.lastDate = now
      state.lastNumber = withRandomNumberGenerator { $0.next() }
    case .count:
      state.count &+= 1
    }
    return .none
  }

  /// The actions benchmark 14 sends: each stamps (three reads).
  package static let actions: [Action] = Array(repeating: .stamp, count: 64)

  /// A store of the plain reducer, on the program's live values.
  @MainActor
  package static func plainStore() -> Store<State, Action> {
    Store(initialState: State(), reducer: Stamps())
  }

  /// A store whose reducer records its reads for a session, when one takes them.
  @MainActor
  package static func recordingStore() -> Store<State, Action> {
    Store(initialState: State(), reducer: Stamps().recordingDependencies())
  }

  /// `store` adopted by a session that records every action without a diff, as the agent's
  /// flight recorder does; keep the session alive while sending.
  @MainActor
  package static func adopt(_ store: Store<State, Action>) -> any DebugSession {
    var cycleDetection = CycleDetection.default
    cycleDetection.frequency = nil
    let options = SessionOptions(cycleDetection: cycleDetection, historyLimit: 10_000, diffDisplay: .off)
    let debugger = Debugger(registry: FeatureRegistry([]), options: options)
    try! debugger.register(Feature(adopting: store, as: "stamps"))
    return try! debugger.use("stamps")
  }
}
