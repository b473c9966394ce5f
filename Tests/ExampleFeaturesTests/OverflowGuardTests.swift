import ExampleFeatures
import Sluice
import Testing

/// The examples' reducers on numbers they do not control: refused, never trapped or wrapped.
@Suite("Overflow guards in the examples")
struct OverflowGuardTests {
  @Test func checkoutRefusesLinesWhoseTotalWouldNotFit() {
    var state = Checkout.State()
    let checkout = Checkout()
    _ = checkout.reduce(into: &state, action: .addItem(CartItem(id: "gold", name: "Gold", priceInCents: .max, quantity: 2)))
    #expect(state.items.isEmpty)
    _ = checkout.reduce(into: &state, action: .addItem(CartItem(id: "a", name: "A", priceInCents: .max / 2, quantity: 1)))
    _ = checkout.reduce(into: &state, action: .addItem(CartItem(id: "b", name: "B", priceInCents: .max / 2, quantity: 1)))
    _ = checkout.reduce(into: &state, action: .addItem(CartItem(id: "a", name: "A", priceInCents: .max / 2, quantity: 1)))
    #expect(state.items.map(\.id) == ["a", "b"])
    #expect(state.items.map(\.quantity) == [1, 1])
    #expect(state.checkedTotalInCents == .max - 1)
    _ = checkout.reduce(into: &state, action: .addItem(CartItem(id: "b", name: "B", priceInCents: 0, quantity: .max)))
    #expect(state.items.map(\.quantity) == [1, 1])
  }

  @Test func checkoutOfACartMadeElsewhereIsRefusedByValidation() {
    let state = Checkout.State(items: [CartItem(id: "x", name: "X", priceInCents: .max, quantity: 3)])
    #expect(state.checkedTotalInCents == nil)
    #expect(state.totalInCents == .max)
    var next = Checkout.State(orderNumber: .max)
    _ = Checkout().reduce(into: &next, action: .checkout)
    #expect(next.orderNumber == .max)
    #expect(next.status == .shopping)
  }

  @Test func todosIgnoresAnAddWhenNoIdIsLeft() {
    var state = Todos.State(todos: [Todo(id: .max, title: "Last")])
    _ = Todos().reduce(into: &state, action: .add(title: "One more"))
    #expect(state.todos.count == 1)
    var small = Todos.State(todos: [Todo(id: 41, title: "A")])
    _ = Todos().reduce(into: &small, action: .add(title: "B"))
    #expect(small.todos.map(\.id) == [41, 42])
  }
}
