import Foundation
import SluiceDebugger
import SluiceReporting
import Testing

/// `info capabilities`, the command declared as a `CommandAnswer`: the interpreter's answer,
/// its lines, and its JSON event read back by a client that knows nothing of its type.
@MainActor
@Suite struct CapabilitiesAnswerTests {
  private func answer(_ lines: [String], virtualClock: Bool) async throws -> SessionCapabilities {
    let interpreter = CommandInterpreter(debugger: makeDebugger(virtualClock: virtualClock))
    var result: CommandResult = .done
    for line in lines { result = try #require(await interpreter.execute(line: line)).result.get() }
    guard case .answer(let answer) = result, let capabilities = answer as? SessionCapabilities else {
      Issue.record("not a capabilities answer: \(result)")
      throw DebugError("no answer")
    }
    return capabilities
  }

  private func available(_ answer: SessionCapabilities) -> [String: Bool] {
    Dictionary(uniqueKeysWithValues: answer.capabilities.map { ($0.name, $0.available) })
  }

  @Test func sayWhatTheSessionOffersNow() async throws {
    let idle = try await answer(["use counter", "info capabilities"], virtualClock: false)
    #expect(idle.feature == "counter")
    #expect(available(idle)["stepping"] == false)
    #expect(available(idle)["virtual time"] == false)
    #expect(idle.capabilities.first { $0.name == "virtual time" }?.note.contains("real clock") == true)
    let paused = try await answer(["use counter", "pause", "info cap"], virtualClock: true)
    #expect(available(paused)["stepping"] == true)
    #expect(available(paused)["virtual time"] == true)
  }

  @Test func anAnswerWithoutARendererStillSaysWhatItHolds() {
    struct Bare: CommandAnswer { static let event = "bare"; var count = 2 }
    #expect(TextRenderer().lines(for: .answer(Bare())) == [#"bare: {"count":2}"#])
  }

  @Test func itsEventReadsBackWithoutItsType() throws {
    let capabilities = SessionCapabilities(
      feature: "counter", capabilities: [.init(name: "stepping", available: false, note: "pause first")])
    let line = try #require(JSONEventWriter().line(for: .answer(capabilities), command: "info", at: nil))
    let event = try JSONDecoder().decode(ProtocolEvent.self, from: Data(line.utf8))
    guard case .answer(let answer) = event.payload else {
      Issue.record("read back as \(event.payload)")
      return
    }
    #expect(answer.fields.event == "capabilities")
    #expect(answer.command == "info")
    #expect(answer.lines == TextRenderer().lines(for: .answer(capabilities)))
    #expect(try answer.fields.decode(SessionCapabilities.self) == capabilities)
    #expect(answer.kinds == [.headline, .warning])
  }
}
