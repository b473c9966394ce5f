extension Checkout {
  /// Where the order stands. The reducer moves it forward only along the path
  /// shopping → validating → processing payment → paid or failed, so an action that arrives
  /// out of turn (a stray `.validated`, a late payment answer) changes nothing.
  public enum Status: Hashable, Sendable, Codable {
    /// The cart can be edited.
    case shopping
    /// Checkout was requested; the validation middleware is checking the cart.
    case validating
    /// The cart passed validation; the payment middleware is charging it.
    case processingPayment
    /// The payment went through; the cart was emptied.
    case paid(receiptID: String)
    /// Validation or payment failed; the cart is kept, so the user can fix it and retry.
    case failed(reason: String)

    /// Whether a checkout is under way, during which the cart is locked so that the amount
    /// charged is the amount validated.
    public var isInProgress: Bool {
      switch self {
      case .validating, .processingPayment: true
      case .shopping, .paid, .failed: false
      }
    }
  }
}
