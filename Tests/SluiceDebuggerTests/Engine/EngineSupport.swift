import ExampleRegistry
import Foundation
import Sluice
import SluiceDebugger
import Testing

/// A debugger over the example features, on virtual time unless asked otherwise.
@MainActor
func makeDebugger(virtualClock: Bool = true, diff: DiffDisplay = .full, historyLimit: Int = 10_000) -> Debugger {
  Debugger(
    registry: exampleFeatures,
    options: .forTests(usesVirtualClock: virtualClock, historyLimit: historyLimit, diffDisplay: diff))
}

extension SessionRunning {
  /// Sends `text` as the user would, failing the test on an error.
  func type(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
      try send(text, origin: .user)
    } catch {
      Issue.record("sending \(text) failed: \(error)", sourceLocation: sourceLocation)
    }
  }

}

extension SessionInspection {
  /// The value at `path`, rendered on one line.
  func rendered(_ path: String) -> String {
    (try? tree(at: path).compactDescription) ?? "<no value at \(path)>"
  }
}

/// The records of the reductions among `events`.
func reductions(in events: [DebugEvent]) -> [HistoryRecord] {
  events.compactMap { if case .reduced(let record, _, _) = $0 { record } else { nil } }
}

/// The stops among `events`.
func stops(in events: [DebugEvent]) -> [StopReason] {
  events.compactMap { if case .stopped(let reason) = $0 { reason } else { nil } }
}

/// A fresh directory for a test's files, removed afterwards by the caller.
func makeTemporaryDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// Makes `directory` refuse new files, even to root (an immutable directory), and returns a
/// function that undoes it.
func makeUnwritable(_ directory: URL) throws -> () -> Void {
  if geteuid() == 0 {
    try runTool("/usr/bin/chattr", ["+i", directory.path])
    return { try? runTool("/usr/bin/chattr", ["-i", directory.path]) }
  }
  try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.path)
  return { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path) }
}

private func runTool(_ path: String, _ arguments: [String]) throws {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: path)
  process.arguments = arguments
  try process.run()
  process.waitUntilExit()
  struct ToolFailed: Error {}
  guard process.terminationStatus == 0 else { throw ToolFailed() }
}
