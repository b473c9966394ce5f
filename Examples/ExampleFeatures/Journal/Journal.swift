import Dependencies
import Foundation
import Sluice
import SluiceMacroSupport

/// A journal whose entries get an id, a date and a random mood when they are written: the
/// example of a reducer that reads swift-dependencies' nondeterministic values
/// (`@Dependency(\.uuid)`, `@Dependency(\.date.now)`, `@Dependency(\.withRandomNumberGenerator)`)
/// and of a job that sleeps on `@Dependency(\.continuousClock)`.
///
/// Registered with `Journal().controlled(by: environment)`, the debugger gives it the
/// session's clock, dates, ids and random numbers and records each value the reducer reads,
/// so time travel, `toggle`, `save` and `load` show the entries as they were written.
@Feature
public struct Journal: Sendable {
  /// One entry.
  public struct Entry: Equatable, Sendable, Codable, Identifiable {
    /// Its id, from `uuid`.
    public var id: UUID
    /// What was written.
    public var text: String
    /// When, from `date.now`.
    public var writtenAt: Date
    /// A mood from 1 to 5, drawn at random: something replay must not draw again.
    public var mood: Int
  }

  /// The entries, and when they were last saved.
  public struct State: Equatable, Sendable, Codable {
    /// The entries, oldest first.
    public var entries: [Entry] = []
    /// When the last save finished, from `date.now`.
    public var lastSavedAt: Date?
    /// Whether a save is in flight.
    public var isSaving = false

    /// An empty journal.
    public init() {}
  }

  /// What a user, or the save, can do.
  public enum Action: Equatable, Sendable, Codable {
    /// Writes an entry, stamped with a new id, the date and a mood.
    case write(String)
    /// Saves the journal: a job that takes 1 s on the clock.
    case save
    /// The save finished.
    case saved
  }

  @Dependency(\.uuid) var uuid
  @Dependency(\.date.now) var now
  @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
  @Dependency(\.continuousClock) var clock

  /// Creates the feature; its clock, dates, ids and random numbers are dependency values.
  public init() {}

  /// Applies one action.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .write(let text):
      let mood = withRandomNumberGenerator { Int.random(in: 1...5, using: &$0) }
      state.entries.append(Entry(id: uuid(), text: text, writtenAt: now, mood: mood))
      return .none

    case .save:
      guard !state.isSaving else { return .none }
      state.isSaving = true
      let clock = clock
      return .run(name: "save journal") { send in
        try await clock.sleep(for: .seconds(1))
        await send(.saved)
      }

    case .saved:
      state.isSaving = false
      state.lastSavedAt = now
      return .none
    }
  }
}
