import Sluice

/// When an in-memory service should fail instead of answering, so examples and tests can
/// rehearse error paths without a real server.
///
/// ```swift
/// let api = InMemoryTodosAPI(failures: .next(2, message: "Server unavailable"))
/// ```
public struct FailurePlan: Equatable, Sendable {
  private enum Mode: Equatable, Sendable {
    case never
    case next(Int)
    case always
  }

  private var mode: Mode
  /// The message every planned failure carries.
  public let message: String

  private init(mode: Mode, message: String) {
    self.mode = mode
    self.message = message
  }

  /// Every call succeeds.
  public static let never = FailurePlan(mode: .never, message: "")

  /// The next `count` calls that reach an answer fail with `message`; later ones succeed.
  public static func next(_ count: Int, message: String) -> FailurePlan {
    FailurePlan(mode: count > 0 ? .next(count) : .never, message: message)
  }

  /// Every call fails with `message`.
  public static func always(message: String) -> FailurePlan {
    FailurePlan(mode: .always, message: message)
  }

  /// Whether no call will fail any more.
  public var isExhausted: Bool { mode == .never }

  /// Decides the outcome of one call, using up one planned failure if any is left.
  ///
  /// - Returns: The failure to throw, or `nil` when the call should succeed.
  mutating func nextFailure() -> AsyncFailure? {
    switch mode {
    case .never:
      return nil
    case .next(let count):
      mode = count > 1 ? .next(count - 1) : .never
      return AsyncFailure(message: message)
    case .always:
      return AsyncFailure(message: message)
    }
  }
}
