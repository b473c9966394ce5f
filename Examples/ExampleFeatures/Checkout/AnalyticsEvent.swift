/// A checkout milestone, as the analytics middleware records it.
public enum AnalyticsEvent: Hashable, Sendable, Codable {
  /// A checkout began, for a cart of `itemCount` units costing `totalInCents`.
  case checkoutStarted(orderNumber: Int, itemCount: Int, totalInCents: Int)
  /// Validation refused the cart.
  case checkoutRejected(orderNumber: Int, reason: String)
  /// The order was paid.
  case orderPaid(orderNumber: Int, receiptID: String)
  /// The payment failed.
  case paymentFailed(orderNumber: Int, reason: String)
}
