import Sluice

extension Checkout {
  /// The middleware named `analytics`: records each checkout milestone into `recorder` and
  /// sends nothing.
  ///
  /// It reads the outcome from the state rather than from the action alone, so an action the
  /// reducer ignored (a checkout during a checkout, a stray payment answer) is not recorded
  /// as if it had happened.
  ///
  /// - Parameter recorder: Where events go.
  public static func analyticsMiddleware(recorder: AnalyticsRecorder) -> Middleware<State, Action> {
    Middleware(name: "analytics") { action, state, _ in
      guard let event = event(for: action, in: state) else { return }
      await recorder.record(event)
    }
  }

  /// The milestone `action` marks, given the state the reducer left, if it marks one.
  static func event(for action: Action, in state: State) -> AnalyticsEvent? {
    switch (action, state.status) {
    case (.checkout, .validating):
      return .checkoutStarted(
        orderNumber: state.orderNumber,
        itemCount: state.itemCount,
        totalInCents: state.totalInCents)
    case (.validationFailed(let reason), .failed(let failure)) where reason == failure:
      return .checkoutRejected(orderNumber: state.orderNumber, reason: reason)
    case (.paymentSucceeded(let receiptID), .paid(let paid)) where receiptID == paid:
      return .orderPaid(orderNumber: state.orderNumber, receiptID: receiptID)
    case (.paymentFailed(let reason), .failed(let failure)) where reason == failure:
      return .paymentFailed(orderNumber: state.orderNumber, reason: reason)
    default:
      return nil
    }
  }
}
