import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Keeps the last actions of every store a program attaches, with the state before the first
/// of them, whether or not a debugger is attached, and writes them as an ordinary session
/// file when something goes wrong: `sluice` loads it (`load FILE`) and travels through what
/// happened, though no debugger watched at the time. Each file written is told in one line
/// on standard error, with the command that opens it (``openingCommand(for:)``).
///
/// ```swift
/// let agent = try await SluiceAgent.start(
///   flightRecorder: FlightRecorder(keepingLast: 500, in: "/var/tmp/shop-recordings", signal: SIGUSR1))
/// ```
///
/// A recording is written when a store's cycle detector first warns of a cycle, when the
/// program receives ``signal``, when a client attached to the program saves (`save FILE`),
/// and when the program calls ``SluiceAgent/writeFlightRecordings(reason:)``. Each is written
/// atomically to a new file, never over another. Memory is bounded by ``actionCount`` per
/// store; each action costs what the debugger's recording costs.
public struct FlightRecorder: Sendable {
  /// How many of its latest actions each store keeps (at least that many: the history folds
  /// its oldest entries into the state before them a stride at a time).
  public var actionCount: Int
  /// The folder recordings are written to; it must exist.
  public var folder: String
  /// Whether the first warning of each distinct cycle writes the store's recording.
  public var writesOnCycle: Bool
  /// A signal that writes every store's recording (`SIGUSR1`, say); `nil` for none. The
  /// agent takes the signal over: its default action (ending the program) no longer happens.
  public var signal: Int32?
  /// The command that starts the user's debugger (`swift run orders-debugger`), which the
  /// line printed for each recording written names: `DEBUGGER --load FILE` opens it.
  public var debugger: String

  /// Keeps the last `actionCount` actions of each store, written to `folder` on a cycle
  /// warning (unless `writesOnCycle` is false) and on `signal`; each file written is told on
  /// standard error with the command that opens it in `debugger`.
  public init(
    keepingLast actionCount: Int = 1_000, in folder: String, writesOnCycle: Bool = true, signal: Int32? = nil,
    debugger: String = "sluice"
  ) {
    self.actionCount = max(actionCount, 1)
    self.folder = folder
    self.writesOnCycle = writesOnCycle
    self.signal = signal
    self.debugger = debugger
  }

  /// The command that opens the recording at `path` in ``debugger``, the path quoted for a
  /// POSIX shell where it needs to be.
  public func openingCommand(for path: String) -> String {
    let plain = path.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_./+:@%,".unicodeScalars.contains($0)) }
    let quoted = plain ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    return "\(debugger) --load \(quoted)"
  }
}
