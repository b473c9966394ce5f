import Foundation
import PageClient
import Testing

/// Headless Chromium on `sluice serve`'s page, through the small selenium driver in
/// Tests/BrowserDriver: one JSON request a line in, one answer a line out. Each exchange waits
/// on a thread of its own (`offMainActor`), never on the concurrency pool, whose two threads
/// on this machine the tests running beside a browser test need.
// `@unchecked Sendable`: a test drives its page from one task at a time, each call awaited
// before the next (the attached test hands it to `offMainActor` step by step), so its pipe
// and its count of answers are never touched at once.
final class PageDriver: @unchecked Sendable {
  /// Whether Debian's chromium and chromium-driver and selenium are installed (Scripts/test
  /// installs them); the browser tests are skipped, saying so, where they cannot be.
  static var isAvailable: Bool {
    let tools = ["/usr/bin/chromium", "/usr/bin/chromedriver"].allSatisfy(FileManager.default.isExecutableFile(atPath:))
    guard tools else { return false }
    let check = Process()
    check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    check.arguments = ["python3", "-c", "import selenium"]
    check.standardOutput = FileHandle.nullDevice
    check.standardError = FileHandle.nullDevice
    guard (try? check.run()) != nil else { return false }
    check.waitUntilExit()
    return check.terminationStatus == 0
  }

  static let script = SluiceProcess.packageRoot.appendingPathComponent("Tests/BrowserDriver/page_driver.py")

  private let process = Process()
  private let input = Pipe()
  private let answers: ProcessLines
  private var answered = 0

  init() async throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", Self.script.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = input
    answers = ProcessLines(output.fileHandleForReading)
    try process.run()
    _ = try await next()
  }

  deinit {
    if process.isRunning {
      input.fileHandleForWriting.write(Data(#"{"do":"quit"}"#.utf8 + [10]))
      process.waitUntilExit()
    }
  }

  /// The next answer's value, waited for off the concurrency pool.
  private func next() async throws -> Any? {
    let answers = self.answers
    let index = answered
    let found = try await offMainActor { answers.waitForLine(from: index) { _ in true }?.1 }
    let line = try #require(found, "the page driver ended")
    answered += 1
    let answer = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    guard answer["ok"] as? Bool == true else {
      throw ServedSluiceError(message: "the page driver failed: \(answer["error"] ?? line)")
    }
    return answer["value"]
  }

  /// Sends one request and returns its answer's value.
  @discardableResult
  func ask(_ request: [String: Any]) async throws -> Any? {
    var line = try JSONSerialization.data(withJSONObject: request)
    line.append(10)
    input.fileHandleForWriting.write(line)
    return try await next()
  }

  /// Opens the page at `url`, with the page's test hooks (`window.sluicePage`) on unless
  /// `testHooks` is false.
  func open(_ url: String, testHooks: Bool = true) async throws {
    try await ask(["do": "open", "url": testHooks ? url + (url.contains("?") ? "&" : "?") + "testHooks" : url])
  }
  @discardableResult func wait(_ js: String) async throws -> Any? { try await ask(["do": "wait", "js": js]) }
  func eval(_ js: String) async throws -> Any? { try await ask(["do": "eval", "js": js]) }
  func click(_ css: String) async throws { try await ask(["do": "click", "css": css]) }
  /// Drags from the element's centre to `fraction` of its width, and lets go.
  func drag(_ css: String, to fraction: Double) async throws { try await ask(["do": "drag", "css": css, "to": fraction]) }
  func key(_ name: String, on css: String) async throws { try await ask(["do": "key", "css": css, "key": name]) }
  /// Saves the window as a PNG at `path`, making its folder if need be.
  func screenshot(_ path: URL) async throws {
    try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
    let saved = try await ask(["do": "screenshot", "path": path.path]) as? Bool
    #expect(saved == true, "the screenshot \(path.lastPathComponent) was not saved")
  }
}
