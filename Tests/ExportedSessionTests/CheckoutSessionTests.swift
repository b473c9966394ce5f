// Exported by sluice on 2026-11-28 from a debugging session of the feature 'checkout':
// its 5 actions, replayed with TestStore.
import ExampleRegistry
import Foundation
import Sluice
import SluiceDebuggerTesting
import SluiceTesting
import Testing

@testable import ExampleFeatures

@MainActor
@Suite struct CheckoutSessionTests {
  @Test func replaysTheSession() async throws {
    let clock = ManualClock()
    let store: TestStore<Checkout.State, Checkout.Action> = try TestStore(
      feature: "checkout", in: exampleFeatures, clock: clock)

    await store.send(.addItem(CartItem(id: "tea", name: "Tea", priceInCents: 450, quantity: 2))) {
      $0.items = [CartItem(id: "tea", name: "Tea", priceInCents: 450, quantity: 2)]
    }

    await store.send(
      .addItem(
        CartItem(id: "cake", name: "Cake with a very long name for layout", priceInCents: 300, quantity: 1)
      )
    ) {
      $0.items = [
        CartItem(id: "tea", name: "Tea", priceInCents: 450, quantity: 2),
        CartItem(id: "cake", name: "Cake with a very long name for layout", priceInCents: 300, quantity: 1)
      ]
    }

    await store.send(.checkout) {
      $0.status = .validating
      $0.orderNumber = 1
    }

    await store.receive(.validated) {
      $0.status = .processingPayment
    }

    await store.advance(by: .seconds(1))
    await store.receive(.paymentSucceeded(receiptID: "receipt-1")) {
      $0.items = []
      $0.status = .paid(receiptID: "receipt-1")
    }

    await store.advance(by: .seconds(1))

    await store.finish()
  }
}
