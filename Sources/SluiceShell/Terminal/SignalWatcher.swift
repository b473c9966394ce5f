import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a handler when the process receives a signal, instead of the signal's default
/// action, for as long as the watcher lives.
///
/// A plain C signal handler writes the signal's number into a pipe, and a Dispatch source
/// reading that pipe calls the handler. (A Dispatch signal source needs the signal set to
/// `SIG_IGN`, and on Linux an ignored signal can be discarded before Dispatch sees it: Ctrl-C
/// then did nothing, now and then.)
///
/// `@unchecked Sendable` is safe: the stored properties are constants set in `init`; the
/// Dispatch source is documented as thread-safe (it is not annotated `Sendable`).
package final class SignalWatcher: @unchecked Sendable {
  private let signalNumber: Int32
  private let source: any DispatchSourceRead
  private let reader: Int32
  private let writer: Int32

  /// Watches `signalNumber`, calling `handler` on a queue of its own each time it arrives.
  /// One watcher per signal at a time.
  package init(_ signalNumber: Int32, handler: @escaping @Sendable () -> Void) {
    self.signalNumber = signalNumber
    var ends: [Int32] = [-1, -1]
    _ = pipe(&ends)
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    (reader, writer) = (ends[0], ends[1])
    // A queue of its own, which always gets a thread: on Linux the global queue shares its
    // few threads with Swift's executor, and a store in a synchronous loop holds one.
    source = DispatchSource.makeReadSource(
      fileDescriptor: reader, queue: DispatchQueue(label: "sluice.signal.\(signalNumber)"))
    source.setEventHandler { [reader] in
      var bytes = [UInt8](repeating: 0, count: 16)
      var count = 0
      while true {
        let got = bytes.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
        if got <= 0 { break }
        count += got
      }
      for _ in 0..<count { handler() }
    }
    source.resume()
    // The table is set before the handler can run, so the handler only ever reads it.
    SignalPipes.writers[Int(signalNumber)] = writer
    var action = sigaction()
    action.__sigaction_handler.sa_handler = forwardSignalToPipe
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART
    sigaction(signalNumber, &action, nil)
  }

  deinit {
    signal(signalNumber, SIG_DFL)
    SignalPipes.writers[Int(signalNumber)] = -1
    source.cancel()
    close(reader)
    close(writer)
  }
}

/// The pipe each watched signal is written to, by signal number (-1: none).
private enum SignalPipes {
  static let count = 65

  /// `nonisolated(unsafe)` is safe: each slot is an `Int32` written by a `SignalWatcher`
  /// before it installs the handler for that signal (and after it restores the default),
  /// and read only by that handler; the pointer itself never changes after it is made.
  nonisolated(unsafe) static let writers: UnsafeMutablePointer<Int32> = {
    let slots = UnsafeMutablePointer<Int32>.allocate(capacity: count)
    slots.initialize(repeating: -1, count: count)
    return slots
  }()
}

/// The C signal handler: only async-signal-safe work, one `write` to the signal's pipe.
private let forwardSignalToPipe: @convention(c) (Int32) -> Void = { signalNumber in
  guard signalNumber >= 0, signalNumber < Int32(SignalPipes.count) else { return }
  let writer = SignalPipes.writers[Int(signalNumber)]
  guard writer >= 0 else { return }
  let savedError = errno
  var byte = UInt8(truncatingIfNeeded: signalNumber)
  _ = write(writer, &byte, 1)
  errno = savedError
}
