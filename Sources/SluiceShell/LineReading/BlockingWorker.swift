import Foundation

/// A thread of its own for work that blocks: waiting for a key, reading a pipe.
///
/// Swift's cooperative thread pool has one thread per core (two here); blocking one of them
/// in `read` would stall every task. Work given to a worker runs on its thread, one item
/// at a time, in the order given. The thread ends when the worker is released, after the
/// work already given.
final class BlockingWorker: Sendable {
  private let mailbox = Mailbox()

  /// Starts the worker's thread, named `name` for debuggers.
  init(name: String) {
    let mailbox = self.mailbox
    let thread = Thread { mailbox.runLoop() }
    thread.name = name
    thread.start()
  }

  deinit {
    mailbox.stop()
  }

  /// Runs `work` on the worker's thread after everything given before it.
  func perform(_ work: @escaping @Sendable () -> Void) {
    mailbox.post(work)
  }

  /// Runs `work` on the worker's thread and returns its result to the caller, who is
  /// suspended (not blocked) meanwhile.
  func run<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { continuation in
      perform { continuation.resume(returning: work()) }
    }
  }
}

/// The worker's queue, shared with its thread.
///
/// `@unchecked Sendable` is safe: `queue` and `isStopping` are only read or written while
/// `condition` is locked.
private final class Mailbox: @unchecked Sendable {
  private let condition = NSCondition()
  private var queue: [@Sendable () -> Void] = []
  private var isStopping = false

  func post(_ work: @escaping @Sendable () -> Void) {
    condition.lock()
    queue.append(work)
    condition.signal()
    condition.unlock()
  }

  func stop() {
    condition.lock()
    isStopping = true
    condition.signal()
    condition.unlock()
  }

  func runLoop() {
    while true {
      condition.lock()
      while queue.isEmpty && !isStopping { condition.wait() }
      if queue.isEmpty {
        condition.unlock()
        return
      }
      let work = queue.removeFirst()
      condition.unlock()
      work()
    }
  }
}
