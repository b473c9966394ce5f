#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The signals an interactive shell answers: Ctrl-C while a command runs (`SIGINT`; at the
/// prompt the line editor gets Ctrl-C as a key), and the end of the terminal or a request
/// to stop (`SIGHUP`, `SIGTERM`).
package final class ShellSignals: Sendable {
  private let watchers: [SignalWatcher]

  /// Starts answering: `interrupt` runs on the main actor for each `SIGINT`, `terminate`
  /// with the signal's number for `SIGHUP` and `SIGTERM`.
  package init(interrupt: @escaping @MainActor @Sendable () -> Void, terminate: @escaping @Sendable (Int32) -> Void) {
    watchers = [
      SignalWatcher(SIGINT) { Task { @MainActor in interrupt() } },
      SignalWatcher(SIGHUP) { terminate(SIGHUP) },
      SignalWatcher(SIGTERM) { terminate(SIGTERM) },
    ]
  }
}
