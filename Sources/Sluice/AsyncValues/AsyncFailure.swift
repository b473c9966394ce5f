/// An error kept in state: its description and its kind, so the state stays `Equatable` and
/// `Codable`, and a screen can tell the user what happened and whether trying again helps.
public struct AsyncFailure: Error, Hashable, Sendable, Codable, CustomStringConvertible {
  /// What kind of failure it is, which decides whether retrying can help.
  public enum Category: String, Hashable, Sendable, Codable, CaseIterable {
    /// The network could not be reached, or the connection dropped.
    case network
    /// It took too long.
    case timeout
    /// The server failed or is unavailable.
    case server
    /// The user is not signed in or not allowed.
    case unauthorized
    /// What was asked for does not exist.
    case notFound
    /// The request itself is wrong: retrying the same one fails the same way.
    case invalidInput
    /// The work was cancelled.
    case cancelled
    /// Anything else.
    case unknown

    /// Whether trying again, unchanged, may succeed.
    public var isRetryable: Bool {
      switch self {
      case .network, .timeout, .server: true
      case .unauthorized, .notFound, .invalidInput, .cancelled, .unknown: false
      }
    }

    /// A sentence to show the user.
    public var userMessage: String {
      switch self {
      case .network: "You appear to be offline. Check your connection and try again."
      case .timeout: "This is taking too long. Try again in a moment."
      case .server: "Something went wrong on our side. Try again in a moment."
      case .unauthorized: "You don't have access to this. Sign in and try again."
      case .notFound: "This could not be found."
      case .invalidInput: "Something in the request isn't right."
      case .cancelled: "Cancelled."
      case .unknown: "Something went wrong."
      }
    }
  }

  /// What went wrong, as a developer reads it (the error's description).
  public var message: String
  /// What kind of failure it is.
  public var category: Category

  /// Wraps a message.
  public init(message: String, category: Category = .unknown) {
    self.message = message
    self.category = category
  }

  /// Keeps the description of `error`, and its category: the one a ``CategorizedError``
  /// gives, `cancelled` for a `CancellationError`, else `unknown`.
  public init(_ error: any Error) {
    if let failure = error as? AsyncFailure {
      self = failure
      return
    }
    message = String(describing: error)
    if let categorized = error as? any CategorizedError {
      category = categorized.failureCategory
    } else if error is CancellationError {
      category = .cancelled
    } else {
      category = .unknown
    }
  }

  /// Whether trying again, unchanged, may succeed.
  public var isRetryable: Bool { category.isRetryable }

  /// A sentence to show the user, by category; `message` is for logs.
  public var userMessage: String { category.userMessage }

  public var description: String { message }

  private enum CodingKeys: String, CodingKey { case message, category }

  /// Decodes a failure; one saved before failures had categories is `unknown`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    message = try container.decode(String.self, forKey: .message)
    category = try container.decodeIfPresent(Category.self, forKey: .category) ?? .unknown
  }
}

/// An error that says what kind of failure it is, for ``AsyncFailure``.
///
/// ```swift
/// enum APIError: Error, CategorizedError {
///   case offline, badStatus(Int)
///   var failureCategory: AsyncFailure.Category {
///     switch self {
///     case .offline: .network
///     case .badStatus(let code): code >= 500 ? .server : .invalidInput
///     }
///   }
/// }
/// ```
public protocol CategorizedError: Error {
  /// What kind of failure this is.
  var failureCategory: AsyncFailure.Category { get }
}
