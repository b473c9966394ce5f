import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a handler when the process receives a signal, instead of the signal's default
/// action, for as long as the watcher lives.
///
/// `@unchecked Sendable` is safe: the only stored property is a Dispatch source, which
/// Dispatch documents as thread-safe (it is not annotated `Sendable`).
public final class SignalWatcher: @unchecked Sendable {
  private let source: any DispatchSourceSignal

  /// Watches `signalNumber`, calling `handler` on a background queue each time it arrives.
  public init(_ signalNumber: Int32, handler: @escaping @Sendable () -> Void) {
    // Dispatch sees the signal only if its default action (ending the process) is off.
    signal(signalNumber, SIG_IGN)
    source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
    source.setEventHandler(handler: handler)
    source.resume()
  }

  deinit {
    source.cancel()
  }
}
