import ExampleFeatures
import Foundation
import Sluice
import SluiceDebugger
import SluiceDebuggerTesting
import SluiceTesting
import Testing

/// Where these tests' failures write their sessions: one folder for the user, which each test
/// leaves as it found it (removing the folder itself could race another test writing to it).
private let sessionsFolder = FileManager.default.temporaryDirectory
  .appendingPathComponent("sluice-failure-session-tests-\(getuid())").path

/// The text of an issue's comments.
private func text(of issue: Issue) -> String {
  issue.comments.map(\.rawValue).joined(separator: "\n")
}

/// Whether `issue` names the session file `name` in the sessions folder, and how to open it
/// in `feature`'s session.
private func names(_ issue: Issue, file name: String, feature: String) -> Bool {
  let path = sessionsFolder + "/" + name
  return text(of: issue).contains("Session: \(path) (")
    && text(of: issue).contains("Debug it: sluice --feature \(feature) -ex 'load \(path)'")
}

/// Deliberately failing `TestStore` tests, each wrapped in `withKnownIssue`: the issue must
/// name the session file the failure wrote, and the debugger must open that file at the step
/// that failed, with the test's actions in the order the store reduced them.
@MainActor
@Suite(.failureSessions(in: sessionsFolder))
struct FailureSessionTests {
  @Test func eachFailureWritesItsOwnFileOpenAtTheActionThatFailed() async throws {
    let first = "FailureSessionTests.eachFailureWritesItsOwnFileOpenAtTheActionThatFailed.sluice-session"
    let second = "FailureSessionTests.eachFailureWritesItsOwnFileOpenAtTheActionThatFailed-2.sluice-session"
    defer {
      for name in [first, second] { try? FileManager.default.removeItem(atPath: sessionsFolder + "/" + name) }
    }
    let store = TestStore(
      initialState: Counter.State(), reducer: Counter(), timeout: hangGuard, debuggerFeature: "counter")

    await store.send(.setStep(5)) { $0.step = 5 }
    await withKnownIssue {
      await store.send(.increment) { $0.count = 1 }
    } matching: { issue in
      text(of: issue).contains("does not match the expectation")
        && names(issue, file: first, feature: "counter")
        && text(of: issue).contains("(2 actions; opens at #2, where the test failed)")
    }
    await withKnownIssue {
      await store.send(.decrement)
    } matching: { issue in
      text(of: issue).contains("State was not expected to change") && names(issue, file: second, feature: "counter")
    }

    let atFirst = try LoadedSession(feature: "counter")
    let report = try await atFirst.load(sessionsFolder + "/" + first)
    #expect(report.replayedCount == 2)
    #expect(report.divergence == nil)
    #expect(!report.typesChanged)
    let history = try atFirst.session.inspection.history(last: nil)
    #expect(history.map(\.action) == [".setStep(5)", ".increment"])
    #expect(history.map(\.origin) == [.user, .user])
    #expect(try atFirst.session.inspection.position == 2)
    #expect(try await atFirst.value("count") == "5")

    let atSecond = try LoadedSession(feature: "counter")
    _ = try await atSecond.load(sessionsFolder + "/" + second)
    #expect(try atSecond.session.inspection.history(last: nil).map(\.action) == [".setStep(5)", ".increment", ".decrement"])
    #expect(try atSecond.session.inspection.position == 3)
    #expect(try await atSecond.value("count") == "0")
  }

  @Test func aFailureWithLaterEntriesOpensAtItsOwnEntry() async throws {
    let name = "FailureSessionTests.aFailureWithLaterEntriesOpensAtItsOwnEntry.sluice-session"
    defer { try? FileManager.default.removeItem(atPath: sessionsFolder + "/" + name) }
    let clock = ManualClock()
    let store = TestStore(
      initialState: Search.State(query: "alan", results: .loaded(["Alan Turing"])),
      reducer: Search(client: InMemorySearchClient(latency: .seconds(1), clock: clock)), clock: clock,
      timeout: hangGuard, debuggerFeature: "search")

    // A refresh changes nothing itself: the search its throttle sends at once does, and is
    // reduced before `send` returns, so the file holds an entry after the failing one.
    await withKnownIssue {
      await store.send(.refresh) { $0.results = .loading(previous: ["Alan Turing"]) }
    } matching: { issue in
      names(issue, file: name, feature: "search")
        && text(of: issue).contains("(2 actions; opens at #1, where the test failed)")
    }
    await store.skipInFlightEffects()
    await store.skipReceivedActions()

    let loaded = try LoadedSession(feature: "search")
    let report = try await loaded.load(sessionsFolder + "/" + name)
    #expect(report.divergence == nil)
    let history = try loaded.session.inspection.history(last: nil)
    #expect(history.map(\.action) == [".refresh", ".search"])
    #expect(history.map(\.origin) == [.user, .effect])
    #expect(try loaded.session.inspection.travelledPosition == HistoryPosition(index: 1, lastIndex: 2))
    let atFailure = try loaded.session.inspection.tree(at: "results", after: 1).compactDescription
    #expect(try await loaded.value("results") == atFailure)
    #expect(try await loaded.value("results").contains("Alan Turing"))
    #expect(try await loaded.value("results").contains("loaded"))
    guard case .history(_, let travelled, _) = try await loaded.run("log") else {
      Issue.record("log did not list the history")
      return
    }
    #expect(travelled == HistoryPosition(index: 1, lastIndex: 2))
  }

  @Test func aWrongExpectationOfAMiddlewaresActionOpensThereWithItsChain() async throws {
    let name = "FailureSessionTests.aWrongExpectationOfAMiddlewaresActionOpensThereWithItsChain.sluice-session"
    defer { try? FileManager.default.removeItem(atPath: sessionsFolder + "/" + name) }
    let tea = CartItem(id: "tea", name: "Tea", priceInCents: 450, quantity: 2)
    let clock = ManualClock()
    let store = TestStore(
      initialState: Checkout.State(), reducer: Checkout(),
      middleware: Checkout.middleware(
        gateway: InMemoryPaymentGateway(latency: .seconds(2), clock: clock), analytics: AnalyticsRecorder()),
      clock: clock, timeout: hangGuard, debuggerFeature: "checkout")

    await store.send(.addItem(tea)) { $0.items = [tea] }
    await store.send(.checkout) {
      $0.orderNumber = 1
      $0.status = .validating
    }
    await store.receive(.validated) { $0.status = .processingPayment }
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(2))
    // The test forgets that a paid order empties the cart.
    await withKnownIssue {
      await store.receive(.paymentSucceeded(receiptID: "receipt-1")) { $0.status = .paid(receiptID: "receipt-1") }
    } matching: { issue in
      names(issue, file: name, feature: "checkout")
        && text(of: issue).contains("(4 actions; opens at #4, where the test failed)")
    }
    await store.finish()

    let loaded = try LoadedSession(feature: "checkout")
    let report = try await loaded.load(sessionsFolder + "/" + name)
    #expect(report.divergence == nil)
    let session = try loaded.session
    let history = session.inspection.history(last: nil)
    #expect(
      history.map(\.action) == [
        #".addItem(CartItem(id: "tea", name: "Tea", priceInCents: 450, quantity: 2))"#, ".checkout", ".validated",
        #".paymentSucceeded(receiptID: "receipt-1")"#,
      ])
    #expect(
      history.map(\.origin) == [
        .user, .user, .job(kind: "middleware", name: "validation"), .job(kind: "middleware", name: "payment"),
      ])
    #expect(history.map(\.time) == [.zero, .zero, .zero, .seconds(2)])
    #expect(session.inspection.position == 4)
    #expect(try await loaded.value("items") == "[]")
    #expect(try await loaded.value("status").contains("receipt-1"))
    guard case .backtrace(let backtrace) = try await loaded.run("bt") else {
      Issue.record("bt did not answer with a backtrace")
      return
    }
    #expect(backtrace.shownFrames.map(\.index) == [4, 3, 2])
    #expect(session.inspection.elapsedTime == .seconds(2))
  }

  @Test func aJobStillRunningAtFinishOpensAtTheLastEntry() async throws {
    let name = "FailureSessionTests.aJobStillRunningAtFinishOpensAtTheLastEntry.sluice-session"
    defer { try? FileManager.default.removeItem(atPath: sessionsFolder + "/" + name) }
    let clock = ManualClock()
    let store = TestStore(
      initialState: Search.State(),
      reducer: Search(client: InMemorySearchClient(latency: .milliseconds(200), clock: clock)), clock: clock,
      timeout: hangGuard, debuggerFeature: "search")

    await store.send(.queryChanged("ada")) { $0.query = "ada" }
    await clock.waitForSleepers(1)
    clock.advance(by: .milliseconds(300))
    await store.receive(.search) { $0.results = .loading(previous: nil) }
    // The search sleeps on the clock, which the test never moves again: it cannot end.
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(50))
    } matching: { issue in
      text(of: issue).contains("An effect is still running") && names(issue, file: name, feature: "search")
        && text(of: issue).contains("(2 actions; opens at #2, where the test failed)")
    }

    let loaded = try LoadedSession(feature: "search")
    let report = try await loaded.load(sessionsFolder + "/" + name)
    #expect(report.divergence == nil)
    let session = try loaded.session
    let history = session.inspection.history(last: nil)
    #expect(history.map(\.action) == [#".queryChanged("ada")"#, ".search"])
    #expect(history.first?.origin == .user)
    #expect(history.last?.origin == .effect)
    #expect(history.map(\.time) == [.zero, .milliseconds(300)])
    #expect(session.inspection.position == 2)
    #expect(try await loaded.value("results").contains("loading"))
    #expect(session.inspection.elapsedTime == .milliseconds(300))
  }

  @Test func aSessionThatCannotBeWrittenIsNamedWithTheReason() async throws {
    let blocker = sessionsFolder + "-blocker-\(UUID().uuidString)"
    try Data("not a folder".utf8).write(to: URL(fileURLWithPath: blocker))
    defer { try? FileManager.default.removeItem(atPath: blocker) }
    let store = FailureSessions.$scopedFolder.withValue(blocker + "/sessions") {
      TestStore(initialState: Counter.State(), reducer: Counter(), timeout: hangGuard, debuggerFeature: "counter")
    }

    await withKnownIssue {
      await store.send(.increment)
    } matching: { issue in
      text(of: issue).contains("State was not expected to change")
        && text(of: issue).contains(
          "The test's session was not written to \(blocker)/sessions/"
            + "FailureSessionTests.aSessionThatCannotBeWrittenIsNamedWithTheReason.sluice-session: "
            + "cannot create the folder \(blocker): it is not a directory")
    }
  }
}

/// Outside any `.failureSessions` trait: session files are written on request only.
@MainActor
@Suite struct FailureSessionSwitchTests {
  @Test(.enabled(if: ProcessInfo.processInfo.environment[FailureSessions.environmentVariable] == nil))
  func aFailureWritesNoSessionUnlessAsked() async {
    let store = TestStore(
      initialState: Counter.State(), reducer: Counter(), timeout: hangGuard, debuggerFeature: "counter")

    await withKnownIssue {
      await store.send(.increment)
    } matching: { issue in
      text(of: issue).contains("State was not expected to change") && !text(of: issue).contains("Session")
    }
  }

  @Test(.failureSessions(in: sessionsFolder)) func theTraitOnOneTestTurnsSessionsOnForIt() async {
    let name = "FailureSessionSwitchTests.theTraitOnOneTestTurnsSessionsOnForIt.sluice-session"
    defer { try? FileManager.default.removeItem(atPath: sessionsFolder + "/" + name) }
    let store = TestStore(
      initialState: Counter.State(), reducer: Counter(), timeout: hangGuard, debuggerFeature: "counter")

    await withKnownIssue {
      await store.send(.increment)
    } matching: { issue in
      names(issue, file: name, feature: "counter") && text(of: issue).contains("(1 action; opens at #1, where the test failed)")
    }
    #expect(FileManager.default.fileExists(atPath: sessionsFolder + "/" + name))
  }

  /// The command names the user's own debugger, as the trait says to start it (issue 49:
  /// it said `sluice --feature order-book` to a user whose debugger is `orders-debugger`).
  @Test(.failureSessions(in: sessionsFolder, debugger: "swift run cart-debugger"))
  func theFailuresCommandStartsTheDebuggerTheTraitNames() async {
    let name = "FailureSessionSwitchTests.theFailuresCommandStartsTheDebuggerTheTraitNames.sluice-session"
    defer { try? FileManager.default.removeItem(atPath: sessionsFolder + "/" + name) }
    let store = TestStore(initialState: Counter.State(), reducer: Counter(), timeout: hangGuard, debuggerFeature: "counter")
    await withKnownIssue {
      await store.send(.increment) { $0.count = 2 }
    } matching: { issue in
      text(of: issue).contains("Debug it: swift run cart-debugger --feature counter -ex 'load \(sessionsFolder)/\(name)'")
    }
  }

  @Test func theTraitsDebuggerWinsOverTheEnvironmentsAndSluiceIsTheLastResort() {
    let environment = [FailureSessions.debuggerVariable: "orders-debugger"]
    #expect(FailureSessions.debugger(scoped: "swift run cart-debugger", environment: environment) == "swift run cart-debugger")
    #expect(FailureSessions.debugger(scoped: nil, environment: environment) == "orders-debugger")
    #expect(FailureSessions.debugger(scoped: nil, environment: [FailureSessions.debuggerVariable: ""]) == "sluice")
    #expect(FailureSessions.debugger(scoped: nil, environment: [:]) == "sluice")
  }

  @Test func theTraitsFolderWinsOverTheEnvironmentsAndRelativeFoldersAreTheCurrentDirectorys() {
    let environment = [FailureSessions.environmentVariable: "from-environment"]
    #expect(FailureSessions.folder(scoped: "/from/trait", environment: environment, currentDirectory: "/work") == "/from/trait")
    #expect(FailureSessions.folder(scoped: nil, environment: environment, currentDirectory: "/work") == "/work/from-environment")
    #expect(FailureSessions.folder(scoped: "trait", environment: [:], currentDirectory: "/work/") == "/work/trait")
    #expect(FailureSessions.folder(scoped: nil, environment: [:], currentDirectory: "/work") == nil)
    #expect(
      FailureSessions.folder(scoped: nil, environment: [FailureSessions.environmentVariable: ""], currentDirectory: "/work")
        == nil)
  }
}
