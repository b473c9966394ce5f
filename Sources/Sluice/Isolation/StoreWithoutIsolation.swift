import Dispatch

extension Store {
  /// Checks, at the first send of a store made where no actor was known, that it is used on
  /// the main actor it took.
  ///
  /// `#isolation` is `nil` in a stored property's initial value, even in a `@MainActor` type
  /// (whose implicit initializer may then run off the main actor, as Swift Testing's suites
  /// do), and in a `nonisolated` function. The compiler cannot tell these apart, so such a
  /// store takes the main actor, where a `@MainActor` type uses it, and its first send tells:
  /// on the main actor, all is as it should be; anywhere else the store's jobs would deliver
  /// to the main actor while the caller sends from another thread, so the program stops with
  /// a message that says what to pass.
  @usableFromInline func confirmMainActor() {
    guard MainQueueMark.isCurrent else {
      fatalError(
        """
        A Store made where no actor was known took the main actor, but is used off it: pass \
        the actor it lives on, `Store(…, isolation: someActor)`, or make and use it on the \
        main actor.
        """)
    }
    confirmsMainActorAtFirstSend = false
    refreshDispatchMode()
  }
}

/// Tells whether code runs on the main actor without stopping the program when it does not,
/// as `MainActor.preconditionIsolated` would.
///
/// The main actor runs its work on the main dispatch queue, which is not always the main
/// thread (on Linux, once `dispatchMain()` parks it, a worker thread drains the queue), so
/// the queue is marked and the mark is looked for. The debugger asks it too, of an actor
/// whose executor is the main queue's.
package enum MainQueueMark {
  /// Set on the main queue the first time it is read.
  static let key: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// Whether the caller runs on the main dispatch queue.
  package static var isCurrent: Bool {
    DispatchQueue.getSpecific(key: key) == true
  }
}
