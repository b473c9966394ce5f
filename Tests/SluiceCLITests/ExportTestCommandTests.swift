import Foundation
import Testing

/// `sluice export-test SESSION_FILE`: a saved session as a Swift Testing test.
@Suite struct ExportTestCommandTests {
  @Test func aSavedSessionIsWrittenAsATestNamedAfterItsFile() async throws {
    let folder = try ScriptFolder()
    let session = folder.url.appendingPathComponent("checkout.sluice-session").path
    let saved = try await SluiceProcess.run(
      ["run", "--virtual-clock", "-"],
      input: """
        use checkout
        .addItem((id: "tea", name: "Tea", priceInCents: 450, quantity: 2))
        .checkout
        advance 2s
        save \(session)
        """)
    #expect(saved.status == 0, "\(saved.standardError)")

    let test = folder.url.appendingPathComponent("CheckoutReplayTests.swift").path
    let exported = try await SluiceProcess.run(["export-test", session, "--output", test])
    #expect(exported.status == 0, "\(exported.standardError)")
    #expect(exported.standardError.contains("exported 4 actions as a test to \(test)"))
    let source = try String(contentsOfFile: test, encoding: .utf8)
    #expect(source.contains("from the session file checkout.sluice-session of the feature 'checkout'"))
    #expect(source.contains("@Suite struct CheckoutReplayTests {"))
    #expect(source.contains("await store.advance(by: .seconds(1))"))
    #expect(source.contains(#"await store.receive(.paymentSucceeded(receiptID: "receipt-1")) {"#))
    #expect(source.hasSuffix("    await store.finish()\n  }\n}\n"))

    // Without --output, the test goes to standard output.
    let printed = try await SluiceProcess.run(["export-test", session])
    #expect(printed.status == 0)
    #expect(printed.standardOutput.contains("@Suite struct ExportedSessionTests {"))
  }

  @Test func aFileThatIsNoSessionIsAnErrorNamingIt() async throws {
    let folder = try ScriptFolder()
    let script = folder.url.appendingPathComponent("counter.sluice").path
    try "use counter\n".write(toFile: script, atomically: true, encoding: .utf8)
    let result = try await SluiceProcess.run(["export-test", script])
    #expect(result.status == 2)
    #expect(result.standardError.contains("error: \(script)"))
    #expect(result.standardOutput.isEmpty)
  }
}
