/// Charges a customer for an order.
///
/// A protocol so the payment middleware runs against ``InMemoryPaymentGateway`` in examples,
/// tests and the debugger, and against a payment provider in an app.
public protocol PaymentGateway: Sendable {
  /// Charges `amountInCents` and returns the receipt's id.
  ///
  /// Charging again with an `idempotencyKey` that already succeeded must not charge twice:
  /// it returns the first charge's receipt. Throws when the charge is declined or cannot be
  /// made, and `CancellationError` when the calling task is cancelled.
  func charge(amountInCents: Int, idempotencyKey: String) async throws -> String
}
