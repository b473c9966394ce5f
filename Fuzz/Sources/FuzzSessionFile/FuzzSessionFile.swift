import Foundation
import Sluice
import CFuzzDriver
import FuzzFeatures
import SluiceDebugger

/// The program's entry point (see CFuzzDriver.h).
@_cdecl("FuzzSessionFile_main")
func fuzzSessionFileMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  SluiceFuzzMain(argc, argv, fuzzSessionFile)
}

/// Session files: any bytes written to a file and loaded into a session of a small
/// feature. A load either succeeds or throws an error naming the file, and a failed load
/// leaves state, history and breakpoints as they were.
func fuzzSessionFile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data, size > 0 else { return 0 }
  let bytes = Data(bytes: data, count: size)
  MainActor.assumeIsolated { SessionFileFuzzing.shared.load(bytes) }
  return 0
}

@MainActor
final class SessionFileFuzzing {
  static let shared = SessionFileFuzzing()

  let path = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-fuzz-\(getpid()).json").path
  let debugger = Debugger(
    registry: FeatureRegistry([
      Feature("todos", summary: "fuzzing", initialState: FuzzTodos.State()) { _ in FuzzTodos() }
    ]),
    options: SessionOptions(usesVirtualClock: true, historyLimit: 1_000))

  /// Writes seed session files to `directory`: sessions of the fuzzed feature made by
  /// sending actions like those of the example Todos script (`Scripts/fuzz --seed`).
  func writeSeeds(to directory: String) {
    let scripts: [[String]] = [
      [".add(title: \"Milk\")", ".add(title: \"Walk the dog\")", ".remove(id: 1)", ".increment"],
      (0..<40).map { $0 % 3 == 0 ? ".increment" : ".add(title: \"item \($0) ☕️\")" },
      [],
    ]
    for (number, actions) in scripts.enumerated() {
      let seeding = Debugger(
        registry: debugger.registry, options: SessionOptions(usesVirtualClock: true, historyLimit: 1_000))
      guard let session = try? seeding.use("todos") else { fatalError("no session") }
      for action in actions { _ = try? session.running.send(action, origin: .user) }
      _ = try? session.breakpointControl.addBreakpoint(.action(pattern: "add", condition: try? StateCondition(parsing: "count > 2")),
        isOneShot: false, ignoreCount: number)
      _ = try? session.breakpointControl.addBreakpoint(.watch(path: .init([.property("todos")])), isOneShot: true, ignoreCount: 0)
      do {
        try session.files.save(to: "\(directory)/session-\(number + 1).json")
      } catch {
        fatalError("cannot write a seed: \(error)")
      }
    }
  }

  func load(_ bytes: Data) {
    if let seeds = ProcessInfo.processInfo.environment["SLUICE_FUZZ_WRITE_SEEDS"] {
      writeSeeds(to: seeds)
      exit(0)
    }
    guard let session = try? debugger.use("todos") else { fatalError("no session") }
    // Events wait to be taken, as the shell takes them after each command.
    defer { _ = session.inspection.takeEvents() }
    let before = snapshot(session)
    guard FileManager.default.createFile(atPath: path, contents: bytes) else { fatalError("cannot write \(path)") }
    do {
      _ = try session.files.load(from: path)
      // What loaded can be inspected, jumped through and saved again.
      _ = session.inspection.history(last: 5)
      if let first = session.inspection.history(last: nil).first { try? session.timeTravel.jump(to: first.index) }
      try? session.files.save(to: path)
      _ = try? session.running.send(".add(title: \"x\")", origin: .user)
    } catch {
      guard error.message.contains(path) else { fatalError("the error does not name the file: \(error)") }
      guard snapshot(session) == before else { fatalError("a failed load changed the session: \(error)") }
    }
  }

  private func snapshot(_ session: any DebugSession) -> [String] {
    let state = (try? session.inspection.tree(at: "").compactDescription) ?? "?"
    let entries = session.inspection.history(last: nil).map { "#\($0.index) \($0.action) \($0.isSkipped)" }
    let breakpoints = session.breakpointControl.breakpoints.map(\.description)
    return [state] + entries + breakpoints
  }
}
