import Sluice

extension Checkout {
  /// The checkout's three middleware, to pass to a store: validation, analytics and
  /// payment.
  ///
  /// ```swift
  /// let store = Store(
  ///   initialState: Checkout.State(), reducer: Checkout(),
  ///   middleware: Checkout.middleware(gateway: InMemoryPaymentGateway(), analytics: AnalyticsRecorder()))
  /// ```
  ///
  /// - Parameters:
  ///   - gateway: Where the payment middleware charges orders.
  ///   - analytics: Where the analytics middleware records milestones.
  public static func middleware(
    gateway: any PaymentGateway, analytics: AnalyticsRecorder
  ) -> [Middleware<State, Action>] {
    [
      validationMiddleware(),
      analyticsMiddleware(recorder: analytics),
      paymentMiddleware(gateway: gateway),
    ]
  }
}
