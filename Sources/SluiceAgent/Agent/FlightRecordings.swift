#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import SluiceDebugger
import SluiceFiles

/// The flight recorder at work: the sessions that keep each store's latest actions, and the
/// recordings written from them.
@MainActor
final class FlightRecordings {
  let recorder: FlightRecorder
  private let program: String
  private var recorded: [String: (session: any DebugSession, cycleWatch: Task<Void, Never>?)] = [:]
  /// The recordings written so far, oldest first.
  private(set) var written: [String] = []

  init(recorder: FlightRecorder, program: String) {
    self.recorder = recorder
    self.program = program
  }

  /// Records `session`'s store from now on; its first warning of each cycle writes it.
  func record(_ session: any DebugSession) {
    let name = session.featureName
    var cycleWatch: Task<Void, Never>?
    if recorder.writesOnCycle, let feed = session as? any CycleFeed {
      let cycles = feed.newCycles()
      cycleWatch = Task { [weak self] in
        for await _ in cycles { _ = try? self?.write(name, reason: "cycle") }
      }
    }
    recorded[name] = (session, cycleWatch)
  }

  /// Stops recording the store `name`.
  func forget(_ name: String) {
    recorded.removeValue(forKey: name)?.cycleWatch?.cancel()
  }

  /// Whether the store `name` is recorded.
  func isRecording(_ name: String) -> Bool {
    recorded[name] != nil
  }

  /// Writes every store's recording.
  ///
  /// - Returns: The files written, in the order the stores were attached.
  func writeAll(reason: String) throws(DebugError) -> [String] {
    var paths: [String] = []
    for name in recorded.keys.sorted() { paths.append(try write(name, reason: reason)) }
    return paths
  }

  /// Writes the recording of the store `name` to a new file in the recorder's folder, named
  /// for the program, the store, why and when: `shop-cart-cycle-20261128T031502-1.sluice-session`,
  /// and says so in one line on standard error, with the command that opens it.
  /// The file is readable by this user alone (`0600`): it holds the program's state.
  func write(_ name: String, reason: String) throws(DebugError) -> String {
    guard let session = recorded[name]?.session else { throw DebugError("the store '\(name)' is not recorded") }
    let path = try reserveNewFile(for: name, reason: reason)
    do {
      // The save replaces the reserved file and keeps its mode.
      try session.files.save(to: path)
    } catch {
      unlink(path)
      throw error
    }
    written.append(path)
    let line = "\(program): wrote the flight recording of '\(name)' to \(path); open it with: \(recorder.openingCommand(for: path))\n"
    FileHandle.standardError.write(Data(line.utf8))
    return path
  }

  /// Creates an empty file no recording has, mode `0600`, and returns its path: created, not
  /// only looked for, so that two recordings in one second, or another program, never get
  /// the same name; the counter goes up until a name is free.
  private func reserveNewFile(for name: String, reason: String) throws(DebugError) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd'T'HHmmss"
    let stem = "\(program)-\(name)-\(reason)-\(formatter.string(from: Date()))"
    let folder = recorder.folder.hasSuffix("/") ? String(recorder.folder.dropLast()) : recorder.folder
    for number in 1... {
      let path = "\(folder)/\(stem)-\(number)\(SessionFileHeader.fileExtension)"
      let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600)
      if descriptor >= 0 {
        close(descriptor)
        return path
      }
      guard errno == EEXIST else {
        throw DebugError("cannot write a flight recording in \(folder): \(errorText())")
      }
    }
    throw DebugError("cannot write a flight recording in \(folder): no free name")
  }
}
