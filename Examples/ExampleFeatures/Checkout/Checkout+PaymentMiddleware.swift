import Sluice

extension Checkout {
  /// The middleware named `payment`: on `.validated`, charges the cart's total through
  /// `gateway` and sends `.paymentSucceeded(receiptID:)` or `.paymentFailed(reason:)`.
  ///
  /// The charge is keyed by the order (``Checkout/State/paymentKey``): should the same order
  /// be validated twice, the gateway charges it once and both runs get its receipt.
  ///
  /// - Parameter gateway: Where orders are charged.
  public static func paymentMiddleware(gateway: any PaymentGateway) -> Middleware<State, Action> {
    Middleware(name: "payment") { action, state, send in
      guard case .validated = action, state.status == .processingPayment else { return }
      let receiptID: String
      do {
        receiptID = try await gateway.charge(
          amountInCents: state.totalInCents, idempotencyKey: state.paymentKey)
      } catch let cancellation as CancellationError {
        // Cancelled, not failed: the store ends the run as cancelled and nothing is sent.
        throw cancellation
      } catch {
        await send(.paymentFailed(reason: AsyncFailure(error).message))
        return
      }
      await send(.paymentSucceeded(receiptID: receiptID))
    }
  }
}
