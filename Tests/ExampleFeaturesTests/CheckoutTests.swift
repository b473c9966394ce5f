import ExampleFeatures
import Sluice
import SluiceTesting
import Testing

@MainActor
struct CheckoutTests {
  let apple = CartItem(id: "apple", name: "Apple", priceInCents: 120, quantity: 2)
  let pear = CartItem(id: "pear", name: "Pear", priceInCents: 95)

  let clock = CountingTestClock()
  let analytics = AnalyticsRecorder()

  func makeStore(
    _ state: Checkout.State = Checkout.State(), gateway: InMemoryPaymentGateway
  ) -> TestStore<Checkout.State, Checkout.Action> {
    TestStore(
      initialState: state, reducer: Checkout(),
      middleware: Checkout.middleware(gateway: gateway, analytics: analytics), clock: clock, timeout: hangGuard)
  }

  // MARK: - The cart

  @Test func addItemAppendsOrAddsToTheQuantity() async {
    let store = TestStore(initialState: Checkout.State(), reducer: Checkout(), timeout: hangGuard)
    await store.send(.addItem(apple)) { $0.items = [apple] }
    await store.send(.addItem(pear)) { $0.items = [apple, pear] }
    await store.send(.addItem(CartItem(id: "apple", name: "Apple", priceInCents: 120, quantity: 3))) {
      $0.items[0].quantity = 5
    }
    #expect(store.state.totalInCents == 5 * 120 + 95)
    await store.send(.addItem(CartItem(id: "plum", name: "Plum", priceInCents: 50, quantity: 0)))
    await store.send(.addItem(CartItem(id: "plum", name: "Plum", priceInCents: -50)))
    await store.finish()
  }

  @Test func removeItemRemovesTheLine() async {
    let store = TestStore(initialState: Checkout.State(items: [apple, pear]), reducer: Checkout(), timeout: hangGuard)
    await store.send(.removeItem(id: "apple")) { $0.items = [pear] }
    await store.send(.removeItem(id: "apple"))
    await store.finish()
  }

  @Test func theCartIsLockedDuringACheckout() async {
    // No middleware: the reducer alone holds the order at `.validating`.
    let store = TestStore(initialState: Checkout.State(items: [apple]), reducer: Checkout(), timeout: hangGuard)
    await store.send(.checkout) {
      $0.orderNumber = 1
      $0.status = .validating
    }
    await store.send(.addItem(pear))
    await store.send(.removeItem(id: "apple"))
    await store.send(.checkout)
    await store.send(.paymentSucceeded(receiptID: "forged"))
    #expect(store.state.items == [apple])
    await store.finish()
  }

  // MARK: - Checking out through the three middleware

  @Test func happyPathValidatesThenPays() async {
    let gateway = InMemoryPaymentGateway(latency: .seconds(2), clock: clock)
    let store = makeStore(Checkout.State(items: [apple, pear]), gateway: gateway)

    await store.send(.checkout) {
      $0.orderNumber = 1
      $0.status = .validating
    }
    await store.receive(.validated) { $0.status = .processingPayment }
    await clock.waitForSleeps(active: 1)
    await clock.advance(by: .milliseconds(1999))
    #expect(store.state.status == .processingPayment)
    await clock.advance(by: .milliseconds(1))
    await store.receive(.paymentSucceeded(receiptID: "receipt-1")) {
      $0.status = .paid(receiptID: "receipt-1")
      $0.items = []
    }
    await store.finish()

    let charges = await gateway.charges
    #expect(charges.map(\.amountInCents) == [335])
    #expect(charges.map(\.idempotencyKey) == ["order-1"])
    expectSameEvents(
      await analytics.events,
      [
        .checkoutStarted(orderNumber: 1, itemCount: 3, totalInCents: 335),
        .orderPaid(orderNumber: 1, receiptID: "receipt-1"),
      ])
  }

  @Test func anEmptyCartFailsValidationAndIsNeverCharged() async {
    let gateway = InMemoryPaymentGateway(clock: clock)
    let store = makeStore(gateway: gateway)

    await store.send(.checkout) {
      $0.orderNumber = 1
      $0.status = .validating
    }
    await store.receive(.validationFailed(reason: "The cart is empty.")) {
      $0.status = .failed(reason: "The cart is empty.")
    }
    await store.finish()

    #expect(await gateway.charges.isEmpty)
    expectSameEvents(
      await analytics.events,
      [
        .checkoutStarted(orderNumber: 1, itemCount: 0, totalInCents: 0),
        .checkoutRejected(orderNumber: 1, reason: "The cart is empty."),
      ])
  }

  @Test func aDeclinedPaymentKeepsTheCartAndARetryPays() async {
    let gateway = InMemoryPaymentGateway(
      latency: .seconds(1), clock: clock, declines: .next(1, message: "Card declined"))
    let store = makeStore(Checkout.State(items: [pear]), gateway: gateway)

    await store.send(.checkout) {
      $0.orderNumber = 1
      $0.status = .validating
    }
    await store.receive(.validated) { $0.status = .processingPayment }
    await clock.waitForSleeps(active: 1)
    await clock.advance(by: .seconds(1))
    await store.receive(.paymentFailed(reason: "Card declined")) {
      $0.status = .failed(reason: "Card declined")
    }
    #expect(store.state.items == [pear])

    await store.send(.checkout) {
      $0.orderNumber = 2
      $0.status = .validating
    }
    await store.receive(.validated) { $0.status = .processingPayment }
    await clock.waitForSleeps(active: 1)
    await clock.advance(by: .seconds(1))
    await store.receive(.paymentSucceeded(receiptID: "receipt-1")) {
      $0.status = .paid(receiptID: "receipt-1")
      $0.items = []
    }
    await store.finish()

    #expect(await gateway.charges.map(\.idempotencyKey) == ["order-2"])
    expectSameEvents(
      await analytics.events,
      [
        .checkoutStarted(orderNumber: 1, itemCount: 1, totalInCents: 95),
        .paymentFailed(orderNumber: 1, reason: "Card declined"),
        .checkoutStarted(orderNumber: 2, itemCount: 1, totalInCents: 95),
        .orderPaid(orderNumber: 2, receiptID: "receipt-1"),
      ])
  }

  @Test func aCheckoutDuringACheckoutIsNeitherValidatedNorChargedAgain() async {
    let gateway = InMemoryPaymentGateway(latency: .seconds(1), clock: clock)
    let store = makeStore(Checkout.State(items: [apple]), gateway: gateway)

    await store.send(.checkout) {
      $0.orderNumber = 1
      $0.status = .validating
    }
    await store.receive(.validated) { $0.status = .processingPayment }
    await store.send(.checkout)
    await clock.waitForSleeps(active: 1)
    await clock.advance(by: .seconds(1))
    await store.receive(.paymentSucceeded(receiptID: "receipt-1")) {
      $0.status = .paid(receiptID: "receipt-1")
      $0.items = []
    }
    await store.finish()
    #expect(await gateway.charges.count == 1)
  }

  @Test func twoCheckoutsReducedBeforeAnyMiddlewareRunsChargeOnce() async {
    // A plain store, so both sends are reduced back to back before any middleware starts:
    // both validation runs then see `.validating` and both send `.validated`. The payment
    // key makes the gateway charge the order once, and the reducer ignores the repeats.
    let gateway = InMemoryPaymentGateway()
    let store = Store(
      initialState: Checkout.State(items: [apple]), reducer: Checkout(),
      middleware: Checkout.middleware(gateway: gateway, analytics: analytics), clock: clock)
    store.send(.checkout)
    store.send(.checkout)
    await store.idle()

    #expect(store.state.status == .paid(receiptID: "receipt-1"))
    #expect(store.state.orderNumber == 1)
    #expect(await gateway.charges.map(\.amountInCents) == [240])
  }

  @Test func addingAfterPaymentStartsTheNextOrder() async {
    let store = TestStore(
      initialState: Checkout.State(status: .paid(receiptID: "receipt-1"), orderNumber: 1),
      reducer: Checkout(), timeout: hangGuard)
    await store.send(.addItem(pear)) {
      $0.status = .shopping
      $0.items = [pear]
    }
    await store.finish()
  }

  /// Analytics events of different actions come from concurrent middleware runs, so only
  /// the set of events (with repeats) is deterministic, not their order.
  private func expectSameEvents(
    _ actual: [AnalyticsEvent], _ expected: [AnalyticsEvent],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      actual.count == expected.count && expected.allSatisfy { event in
        actual.filter { $0 == event }.count == expected.filter { $0 == event }.count
      },
      "analytics recorded \(actual), expected \(expected) in any order",
      sourceLocation: sourceLocation)
  }
}
