import Foundation
import Testing

/// Issue 52, finding 1, in a real browser: the user opened `sluice serve`'s page, then a page
/// of another server on another port of 127.0.0.1 (another user's, any development server).
/// That page gets nothing: no token (no cookie reaches its server), no WebSocket to Sluice,
/// no command run.
///
/// Enabled only where Debian's chromium and chromium-driver and selenium are installed, as
/// Scripts/test installs them.
@Suite(.serialized, .enabled(if: PageDriver.isAvailable, "needs chromium, chromium-driver and selenium (Scripts/test installs them)"))
struct ForeignPageTests {
  /// Tests/BrowserDriver/foreign_page.py on a free port of 127.0.0.1, stopped when the value
  /// goes away by the end of its input (SIGTERM may be blocked in the test process, and so in
  /// its children).
  final class ForeignServer {
    let process = Process()
    private let input = Pipe()
    let port: Int

    init(sluicePort: Int, file: String) throws {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      let script = SluiceProcess.packageRoot.appendingPathComponent("Tests/BrowserDriver/foreign_page.py")
      process.arguments = ["python3", script.path, String(sluicePort), file]
      let output = Pipe()
      process.standardOutput = output
      process.standardInput = input
      let lines = ProcessLines(output.fileHandleForReading)
      try process.run()
      let line = try #require(lines.waitForLine { _ in true }?.1, "the foreign server printed no port")
      port = try #require(Int(line), "the foreign server printed \(line)")
    }

    deinit {
      try? input.fileHandleForWriting.close()
      process.waitUntilExit()
    }
  }

  @Test func aPageOnAnotherPortOfTheMachineGetsNothing() async throws {
    let folder = try ScriptFolder()
    let target = folder.url.appendingPathComponent("written-by-a-foreign-page").path
    let served = try await ServedSluice(["counter"])
    let token = try #require(served.address.split(separator: "token=").last.map(String.init))
    let sluicePort = try #require(URL(string: served.address)?.port)
    let page = try await PageDriver()
    // The user opens Sluice's page: whatever it leaves in the browser, it leaves now.
    try await page.open(served.address)

    let foreign = try ForeignServer(sluicePort: sluicePort, file: target)
    try await page.open("http://127.0.0.1:\(foreign.port)/")
    let cookies = try #require(try await page.eval("window.foreign.cookies + '\\n' + window.foreign.documentCookie") as? String)
    #expect(!cookies.contains(token), "the foreign server was sent Sluice's token: \(cookies)")
    let attempts = try #require(try await page.eval("window.foreign.attempts") as? [[String: Any]])
    #expect(!attempts.isEmpty)
    for attempt in attempts {
      #expect(attempt["opened"] as? Bool == false, "the foreign page opened Sluice's socket: \(attempt)")
      #expect((attempt["answers"] as? [Any])?.isEmpty == true, "Sluice answered the foreign page: \(attempt)")
    }
    #expect(!FileManager.default.fileExists(atPath: target), "the foreign page wrote \(target)")
    // The session has no action the foreign page sent.
    #expect(try await served.run("log 5").allSatisfy { !$0.contains(".increment") })

    // Sluice's own page, in the same browser, still works.
    try await page.open(served.address)
    #expect(try await page.eval("document.getElementById('feature').textContent") as? String == "counter")
  }
}
