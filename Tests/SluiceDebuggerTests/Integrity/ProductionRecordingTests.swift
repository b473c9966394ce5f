import Dependencies
import ExampleFeatures
import ExampleRegistry
import Foundation
import Sluice
import SluiceDebugger
import SluiceDebuggerDependencies
import SluiceDependencies
import Testing

/// A program's own store, on live dates, ids and random numbers, recorded as it runs and
/// saved (as the agent's flight recorder and an attached client's `save` do): the file loads
/// in the user's debugger, whose feature is registered with `controlled(by:)`, and replays to
/// the states the program had.
@MainActor
@Suite struct ProductionRecordingTests {
  /// The journal as a program builds it: live values (real ids, the real date, the system's
  /// random numbers), which replay can only give back if they were recorded.
  private func programStore() -> Store<Journal.State, Journal.Action> {
    Store(
      initialState: Journal.State(),
      reducer: Journal().recordingDependencies().dependencies { values in
        // A program runs in the live context, whatever the test runner looks like.
        values.context = .live
        values.uuid = UUIDGenerator { UUID() }
        values.date = DateGenerator { Date() }
        values.withRandomNumberGenerator = WithRandomNumberGenerator(SystemRandomNumberGenerator())
        values.continuousClock = ContinuousClock()
      })
  }

  @Test func aProgramsSavedSessionReplaysInTheHostedDebuggerWithoutDivergence() throws {
    let store = programStore()
    let program = Debugger(registry: FeatureRegistry([]), options: .forTests(usesVirtualClock: false))
    // The program names its store `diary`; the user's debugger registers its reducer as `journal`.
    try program.register(Feature(adopting: store, as: "diary", feature: "journal", summary: "the program's journal"))
    let recording = try program.use("diary")
    for text in ["Rain", "Sun", "Snow"] { store.send(.write(text)) }
    store.send(.saved)

    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("journal.sluice-session").path
    try recording.files.save(to: file)
    #expect(recording.inspection.history(last: nil).map(\.reads.count) == [3, 3, 3, 1])
    let saved = try String(contentsOfFile: file, encoding: .utf8)
    #expect(!saved.contains("\"reads\":[]"))
    #expect(saved.contains("\"feature\":\"journal\""))

    let hosted = try makeDebugger().use("journal")
    let report = try hosted.files.load(from: file)
    #expect(report.divergence == nil)
    #expect(!hosted.inspection.takeEvents().contains { if case .replayDiverged = $0 { true } else { false } })
    #expect(hosted.inspection.rendered("") == recording.inspection.rendered(""))
    for (offset, entry) in store.state.entries.enumerated() {
      #expect(hosted.inspection.rendered("entries[\(offset)].id").contains(entry.id.uuidString))
    }
  }

  /// A recording that names the program's store, not the registered feature, loads with
  /// `load as NAME FILE`.
  @Test func aRecordingThatNamesTheStoreLoadsIntoTheFeatureNamed() async throws {
    let store = programStore()
    let program = Debugger(registry: FeatureRegistry([]), options: .forTests(usesVirtualClock: false))
    try program.register(Feature(adopting: store, as: "diary", summary: "the program's journal"))
    let recording = try program.use("diary")
    store.send(.write("Rain"))
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("diary.sluice-session").path
    try recording.files.save(to: file)

    let hosted = makeDebugger()
    let interpreter = CommandInterpreter(debugger: hosted, origin: .user)
    #expect(throws: DebugError.self) { try hosted.use("journal").files.load(from: file) }
    let outcome = try #require(await interpreter.execute(line: "load as journal \(file)"))
    guard case .success(.loaded(_, let report)) = outcome.result else {
      Issue.record("load as journal gave \(outcome.result)")
      return
    }
    #expect(report.divergence == nil)
    #expect(hosted.current?.featureName == "journal")
    #expect(try hosted.use("journal").inspection.rendered("") == recording.inspection.rendered(""))
  }

  @Test func withoutASessionTheStoreRunsOnItsLiveValuesAndRecordsNothing() throws {
    let tape = ReadTape()
    let ids = UUIDGenerator.incrementing  // the program's own override, one generator for the store
    let store = Store(
      initialState: Journal.State(),
      reducer: RecordingDependencies(base: Journal(), tape: tape).dependencies {
        $0.context = .live
        $0.uuid = ids
      })
    store.send(.write("Rain"))
    #expect(tape.takeReads(for: ObjectIdentifier(Journal.State.self)).isEmpty)

    // Once a session takes the reads, the live values are still the program's, and recorded.
    tape.addConsumer()
    store.send(.write("Sun"))
    let reads = tape.takeReads(for: ObjectIdentifier(Journal.State.self))
    #expect(reads.map(\.name) == ["random", "uuid", "date"])
    #expect(store.state.entries.map(\.id.uuidString).last == "00000000-0000-0000-0000-000000000001")
    #expect(reads.first { $0.name == "uuid" }?.json == "\"00000000-0000-0000-0000-000000000001\"")
    // Another store's session takes none of them.
    #expect(tape.takeReads(for: ObjectIdentifier(Int.self)).isEmpty)
  }

  @Test func aValueTheProgramMarksIsRecordedUnderItsName() throws {
    let store = Store(initialState: 0, reducer: Priced().recordingDependencies().dependencies { $0.context = .live })
    let program = Debugger(registry: FeatureRegistry([]), options: .forTests(usesVirtualClock: false))
    try program.register(Feature(adopting: store, as: "priced", summary: "prices"))
    let session = try program.use("priced")
    store.send(true)
    #expect(session.inspection.history(last: nil).first?.reads == [RecordedRead(name: "price", json: "42")])
    #expect(store.state == 42)
  }

  /// Stores reducing on many threads at once each get their own reads, none lost or mixed.
  @Test func readsOfReductionsOnOtherThreadsAtTheSameTimeDoNotMix() {
    let tape = ReadTape()
    let environment = FeatureEnvironment(clock: ContinuousClock(), startDate: Date(), tape: tape)
    let owner = ObjectIdentifier(Int.self)
    let mixed = ThreadTally()
    DispatchQueue.concurrentPerform(iterations: 2_000) { number in
      tape.beginReduction(owner: owner)
      let first = environment.recorded("n") { number }
      let second = environment.recorded("n") { number * 2 }
      tape.endReduction()
      let reads = tape.takeReads(for: owner)
      if first != number || second != number * 2 || reads != [RecordedRead(name: "n", json: "\(number)"), RecordedRead(name: "n", json: "\(number * 2)")] {
        mixed.add()
      }
    }
    #expect(mixed.count == 0)
  }
}

/// A reducer that reads a price from a dependency of the program's own, marked for recording.
private struct Priced: Reducer {
  func reduce(into state: inout Int, action: Bool) -> Effect<Bool> {
    state = ProgramReads.recorded("price") { 42 }
    return .none
  }
}


/// A count threads add to.
///
/// `@unchecked Sendable` is safe here: `value` is read and written only while `lock` is held.
private final class ThreadTally: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0

  func add() { lock.withLock { value += 1 } }

  var count: Int { lock.withLock { value } }
}
