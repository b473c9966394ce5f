import Foundation
import Sluice
import SluiceDebugger
import SluiceReporting
import Testing

/// Secrets never leave the engine unmasked: one test per place a value could show.
@MainActor
@Suite struct RedactionTests {
  private let mask = "‹redacted›"

  private func vault() throws -> (Debugger, any DebugSession) {
    let debugger = Debugger(
      registry: vaultRegistry, options: .forTests(usesVirtualClock: true, historyLimit: 10_000, diffDisplay: .full))
    return (debugger, try debugger.use("vault"))
  }

  /// A session with every secret set, its events taken.
  private func vaultWithSecrets() throws -> (Debugger, any DebugSession) {
    let (debugger, session) = try vault()
    for action in [".login", ".rotate", ".setPin", ".setCard"] { session.running.type(action) }
    _ = session.inspection.takeEvents()
    return (debugger, session)
  }

  @Test func printShowsSecretsMaskedByPathAndByWrapper() throws {
    let (_, session) = try vaultWithSecrets()
    let whole = session.inspection.rendered("")
    #expect(whole.holdsNoSecret, "\(whole)")
    #expect(whole.contains("ada lovelace"))
    #expect(session.inspection.rendered("user.token") == mask)
    #expect(session.inspection.rendered("sessions[0].token") == mask)
    #expect(session.inspection.rendered("pin") == mask)
    #expect(session.inspection.rendered("card.number") == mask)
    #expect(try session.inspection.tree(at: "user", after: 1).compactDescription.holdsNoSecret)
    #expect(try session.inspection.tree(at: "", after: 4).lines().joined().holdsNoSecret)
  }

  @Test func eventsCarryMaskedDiffsInTextAndJSON() throws {
    let (_, session) = try vault()
    for action in [".login", ".rotate", ".setPin", ".setCard"] { session.running.type(action) }
    let events = session.inspection.takeEvents()
    let diffs = events.compactMap { if case .reduced(_, let diff?, _) = $0 { diff } else { nil } }
    #expect(diffs.count == 4)
    #expect(diffs.map(\.summary) == ["user.name, user.token, sessions[0]", "user.token", "pin", "card.number"])
    let writer = JSONEventWriter()
    for event in events {
      let line = writer.line(for: event)
      #expect(line.holdsNoSecret, "\(line)")
      #expect(String(reflecting: event).holdsNoSecret, "\(event)")
    }
    let rendered = diffs.flatMap { $0.lines().map(\.text) }.joined(separator: "\n")
    #expect(rendered.holdsNoSecret, "\(rendered)")
    #expect(rendered.components(separatedBy: mask).count - 1 >= 6, "\(rendered)")
  }

  @Test func diffsAndShownEntriesAreMasked() throws {
    let (_, session) = try vaultWithSecrets()
    let diff = try session.inspection.diff(from: 0, to: nil)
    #expect(String(reflecting: diff).holdsNoSecret, "\(diff)")
    #expect(diff.changedPaths.map(\.description).contains("user.token"))
    for index in 1...4 {
      let (record, entryDiff) = try session.inspection.entry(index)
      #expect(String(reflecting: record).holdsNoSecret)
      #expect(String(reflecting: entryDiff).holdsNoSecret, "\(entryDiff)")
      #expect(entryDiff.lines().map(\.text).joined().contains(mask))
    }
    #expect(String(reflecting: session.inspection.history(last: nil)).holdsNoSecret)
  }

  @Test func findNeverMatchesASecretsText() throws {
    let (_, session) = try vaultWithSecrets()
    #expect(try session.inspection.find("s3cr3t", at: nil).isEmpty)
    #expect(try session.inspection.find("token-123", at: 1).isEmpty)
    #expect(try session.inspection.find("4242", at: nil).isEmpty)
    let names = try session.inspection.find("lovelace", at: nil)
    #expect(names.map(\.path.description) == ["user.name", "sessions[0].name"])
  }

  @Test func watchpointsRefuseSecretsAndMaskValuesAroundThem() throws {
    let (_, session) = try vault()
    for path in ["user.token", "pin", "card.number", "card?.number"] {
      #expect(throws: DebugError.self) {
        try session.breakpointControl.addBreakpoint(.watch(path: try StatePath(parsing: path)), isOneShot: false, ignoreCount: 0)
      }
    }
    _ = try session.breakpointControl.addBreakpoint(.watch(path: try StatePath(parsing: "user")), isOneShot: false, ignoreCount: 0)
    _ = try session.breakpointControl.addBreakpoint(.watch(path: try StatePath(parsing: "card")), isOneShot: false, ignoreCount: 0)
    session.running.type(".login")
    session.running.type(".setCard")
    let events = session.inspection.takeEvents()
    let watched = events.compactMap { event in
      if case .stopped(.watchpoint(_, _, let old, let new, _)) = event { old + " → " + new } else { nil }
    }
    #expect(!watched.isEmpty)
    #expect(watched.filter { !$0.holdsNoSecret }.isEmpty, "\(watched)")
    #expect(watched.first?.contains("token: \(mask)") == true, "\(watched)")
    #expect(String(reflecting: events).holdsNoSecret)
  }

  @Test func settingOrComparingASecretIsRefused() throws {
    let (_, session) = try vaultWithSecrets()
    for text in [#"user.token = "guess""#, #"pin = "guess""#, #"card.number = "guess""#, #"sessions[0].token = "x""#] {
      #expect(throws: DebugError.self) { try session.running.setValue(try StateEdit(parsing: text), origin: .user) }
    }
    _ = try session.running.setValue(try StateEdit(parsing: #"user.name = "grace""#), origin: .user)
    #expect(throws: DebugError.self) { try session.inspection.evaluate(try StateCondition(parsing: #"user.token == "guess""#)) }
    #expect(throws: DebugError.self) {
      try session.breakpointControl.addBreakpoint(
        .action(pattern: "rotate", condition: try StateCondition(parsing: #"pin == "guess""#)), isOneShot: false,
        ignoreCount: 0)
    }
    // A value holding a secret would tell it as surely.
    #expect(throws: DebugError.self) { try session.inspection.evaluate(try StateCondition(parsing: #"card == "guess""#)) }
    #expect(throws: DebugError.self) { try session.inspection.evaluate(try StateCondition(parsing: #"user == "guess""#)) }
    #expect(try session.inspection.evaluate(try StateCondition(parsing: #"user.name == "grace""#)))
  }

  @Test func savedSessionFilesHoldNoSecretAndLoadWithTheLiveOnes() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("vault.json").path
    let (_, session) = try vaultWithSecrets()
    try session.files.save(to: path)
    let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    #expect(text.holdsNoSecret, "\(text)")
    #expect(text.contains(mask))

    let (_, restored) = try vault()
    let report = try restored.files.load(from: path)
    #expect(report.divergence == nil)
    #expect(report.replayedCount == 4)
    // The replay recomputes the secrets from the program's own logic; none came from the file.
    #expect(restored.inspection.store(of: Vault.State.self, Vault.Action.self)?.state == session.inspection.store(
      of: Vault.State.self, Vault.Action.self)?.state)
  }

  @Test func aLoadedFileNeverPlantsASecret() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("vault.json").path
    let (_, session) = try vaultWithSecrets()
    try session.timeTravel.jump(to: 0)
    try session.files.save(to: path)
    let (_, restored) = try vault()
    restored.running.type(".setPin")
    _ = try restored.files.load(from: path)
    let store = try #require(restored.inspection.store(of: Vault.State.self, Vault.Action.self))
    // The file's masked pin is the live one, never the mask's text.
    #expect(store.state.pin == Vault.secrets[2])
  }

  @Test func theJSONProtocolsLinesAreMasked() async throws {
    let debugger = Debugger(
      registry: vaultRegistry, options: .forTests(usesVirtualClock: true, historyLimit: 10_000, diffDisplay: .full))
    let endpoint = CommandEndpoint(interpreter: CommandInterpreter(debugger: debugger))
    let commands = [
      "use vault", "send .login", "send .rotate", "send .setPin", "send .setCard", "print", "print user", "state",
      "log", "show 1", "diff", "diff 0 2", "find token-123", "find 4242", "watch user", "send .rename(\"x\")",
      "set var user.token = \"guess\"", "info breakpoints",
    ]
    var lines: [String] = []
    for command in commands {
      lines += await endpoint.run(command).events().map(\.line)
    }
    let leaking = lines.filter { !$0.holdsNoSecret }
    #expect(leaking.isEmpty, "\(leaking)")
    #expect(lines.contains { $0.contains(mask) })
  }

  @Test func anAdoptedStoreIsMaskedAtThePathsItRegisters() throws {
    var state = Vault.State()
    state.user.token = Vault.secrets[0]
    let store = Store(initialState: state, reducer: Vault())
    let debugger = Debugger(registry: FeatureRegistry([]), options: .forTests(usesVirtualClock: false))
    try debugger.register(Feature(adopting: store, as: "vault", redacting: ["user.token"]))
    let session = try debugger.use("vault")
    #expect(session.inspection.rendered("user") == #"Vault.User(name: "ada", token: ‹redacted›)"#)
    #expect(session.inspection.rendered("").holdsNoSecret)
  }

  @Test func aPathThatIsNotAFixedPlaceIsRefusedAtRegistration() {
    let store = Store(initialState: Vault.State(), reducer: Vault())
    for path in ["sessions[name: \"ada\"].token", "self", "user..token"] {
      #expect(throws: DebugError.self, "\(path)") { try Feature(adopting: store, as: "vault", redacting: [path]) }
    }
  }

  @Test func theWrapperIsTransparentToTheProgramAndOpaqueToTools() throws {
    var state = Vault.State()
    state.pin = Vault.secrets[2]
    // The program's own persistence keeps the value.
    let json = String(decoding: try JSONEncoder().encode(state), as: UTF8.self)
    #expect(json.contains(Vault.secrets[2]))
    #expect(try JSONDecoder().decode(Vault.State.self, from: Data(json.utf8)) == state)
    var other = state
    other.pin = "another"
    #expect(state != other)
    // Printing, dumping and interpolating show the mask.
    var dumped = ""
    dump(state, to: &dumped)
    #expect(dumped.holdsNoSecret, "\(dumped)")
    #expect("\(state)".holdsNoSecret)
    #expect(String(reflecting: state).holdsNoSecret)
  }
}
