import ExampleFeatures
import Sluice
import Testing

/// Each checkout middleware run on its own, with a `Send` that only records.
@MainActor
struct CheckoutMiddlewareTests {
  let pear = CartItem(id: "pear", name: "Pear", priceInCents: 95, quantity: 2)

  @Test func theStoreGetsThreeNamedMiddleware() {
    let middleware = Checkout.middleware(
      gateway: InMemoryPaymentGateway(), analytics: AnalyticsRecorder())
    #expect(middleware.map(\.name) == ["validation", "analytics", "payment"])
  }

  @Test func validationRefusesAnEmptyCart() async throws {
    let sent = ActionCollector<Checkout.Action>()
    try await Checkout.validationMiddleware().run(
      action: .checkout, state: Checkout.State(status: .validating, orderNumber: 1),
      send: sent.send)
    #expect(sent.actions == [.validationFailed(reason: "The cart is empty.")])
  }

  @Test func validationPassesAFullCart() async throws {
    let sent = ActionCollector<Checkout.Action>()
    try await Checkout.validationMiddleware().run(
      action: .checkout, state: Checkout.State(items: [pear], status: .validating, orderNumber: 1),
      send: sent.send)
    #expect(sent.actions == [.validated])
  }

  @Test func validationIgnoresACheckoutTheReducerRefused() async throws {
    let sent = ActionCollector<Checkout.Action>()
    try await Checkout.validationMiddleware().run(
      action: .checkout,
      state: Checkout.State(items: [pear], status: .processingPayment, orderNumber: 1),
      send: sent.send)
    try await Checkout.validationMiddleware().run(
      action: .addItem(pear), state: Checkout.State(items: [pear]), send: sent.send)
    #expect(sent.actions == [])
  }

  @Test func paymentChargesTheTotalOncePerOrder() async throws {
    let gateway = InMemoryPaymentGateway()
    let payment = Checkout.paymentMiddleware(gateway: gateway)
    let state = Checkout.State(items: [pear], status: .processingPayment, orderNumber: 7)
    let sent = ActionCollector<Checkout.Action>()

    try await payment.run(action: .validated, state: state, send: sent.send)
    try await payment.run(action: .validated, state: state, send: sent.send)

    #expect(
      sent.actions == [
        .paymentSucceeded(receiptID: "receipt-1"), .paymentSucceeded(receiptID: "receipt-1"),
      ])
    let charges = await gateway.charges
    #expect(charges.map(\.amountInCents) == [190])
    #expect(charges.map(\.idempotencyKey) == ["order-7"])
  }

  @Test func paymentReportsADecline() async throws {
    let gateway = InMemoryPaymentGateway(declines: .always(message: "Insufficient funds"))
    let sent = ActionCollector<Checkout.Action>()
    try await Checkout.paymentMiddleware(gateway: gateway).run(
      action: .validated,
      state: Checkout.State(items: [pear], status: .processingPayment, orderNumber: 1),
      send: sent.send)
    #expect(sent.actions == [.paymentFailed(reason: "Insufficient funds")])
    #expect(await gateway.charges.isEmpty)
  }

  @Test func analyticsRecordsWhatHappenedAndSendsNothing() async throws {
    let recorder = AnalyticsRecorder()
    let analytics = Checkout.analyticsMiddleware(recorder: recorder)
    let sent = ActionCollector<Checkout.Action>()

    try await analytics.run(
      action: .checkout, state: Checkout.State(items: [pear], status: .validating, orderNumber: 3),
      send: sent.send)
    // The reducer ignored this one (no payment was in flight), so it is not a milestone.
    try await analytics.run(
      action: .paymentSucceeded(receiptID: "forged"),
      state: Checkout.State(items: [pear], status: .validating, orderNumber: 3), send: sent.send)
    try await analytics.run(
      action: .paymentSucceeded(receiptID: "receipt-9"),
      state: Checkout.State(status: .paid(receiptID: "receipt-9"), orderNumber: 3),
      send: sent.send)

    #expect(sent.actions == [])
    #expect(
      await recorder.events == [
        .checkoutStarted(orderNumber: 3, itemCount: 2, totalInCents: 190),
        .orderPaid(orderNumber: 3, receiptID: "receipt-9"),
      ])
  }
}
