import Sluice

extension Checkout {
  /// The middleware named `validation`: on `.checkout`, checks the cart and sends
  /// `.validated` or `.validationFailed(reason:)`.
  ///
  /// It acts only when the reducer accepted the checkout (the status is `.validating`), so a
  /// checkout requested while another is under way is not validated, and so not paid, twice.
  public static func validationMiddleware() -> Middleware<State, Action> {
    Middleware(name: "validation") { action, state, send in
      guard case .checkout = action, state.status == .validating else { return }
      if let reason = problem(with: state) {
        await send(.validationFailed(reason: reason))
      } else {
        await send(.validated)
      }
    }
  }

  /// Why the cart in `state` may not be charged, or `nil` when it may.
  static func problem(with state: State) -> String? {
    if state.items.isEmpty {
      return "The cart is empty."
    }
    if state.checkedTotalInCents == nil {
      return "The cart's total is too large to charge."
    }
    return nil
  }
}
