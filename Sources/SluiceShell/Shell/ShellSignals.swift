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

  /// Starts answering: `interruptAtOnce` runs on the signal's thread for each `SIGINT`, then
  /// `interrupt` on the main actor (which a store in a synchronous loop may keep busy until
  /// what `interruptAtOnce` raised pauses it); `terminate` runs on the signal's thread with
  /// the signal's number for `SIGHUP` and `SIGTERM`.
  package init(
    interruptAtOnce: @escaping @Sendable () -> Void = {}, interrupt: @escaping @MainActor @Sendable () -> Void,
    terminate: @escaping @Sendable (Int32) -> Void
  ) {
    watchers = [
      SignalWatcher(SIGINT) {
        interruptAtOnce()
        Task { @MainActor in interrupt() }
      },
      SignalWatcher(SIGHUP) { terminate(SIGHUP) },
      SignalWatcher(SIGTERM) { terminate(SIGTERM) },
    ]
  }
}
