import Foundation

/// A serial executor that runs every job on one thread of its own, and can say whether the
/// caller is on that thread: how a test proves that a store reduced on the actor it was
/// given, not merely on some thread of the cooperative pool.
///
/// `@unchecked Sendable` is sound: `jobs` and `thread` are read and written only while
/// holding `condition`, and `name` never changes.
final class ThreadExecutor: SerialExecutor, @unchecked Sendable {
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var thread: pthread_t?

  init(name: String) {
    let thread = Thread { [self] in runJobs() }
    thread.name = name
    thread.start()
  }

  /// Whether the caller runs on this executor's thread.
  var isCurrent: Bool {
    condition.lock()
    defer { condition.unlock() }
    guard let thread else { return false }
    return pthread_equal(thread, pthread_self()) != 0
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }

  private func runJobs() {
    condition.lock()
    thread = pthread_self()
    condition.unlock()
    while true {
      condition.lock()
      while jobs.isEmpty { condition.wait() }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedSerialExecutor())
    }
  }
}
