import Sluice
import SluiceMacroSupport

/// A shopping cart and its checkout: the example of middleware.
///
/// The reducer only keeps the cart and the order's status. The work of a checkout is done by
/// three named middleware (see ``Checkout/middleware(gateway:analytics:)``), which see each
/// action after the reducer applied it and answer with actions of their own:
///
/// 1. `.checkout` → **validation** sends `.validated` or `.validationFailed(reason:)`;
/// 2. `.validated` → **payment** charges the gateway and sends `.paymentSucceeded(receiptID:)`
///    or `.paymentFailed(reason:)`;
/// 3. **analytics** records the checkout's milestones as they pass.
///
/// Payment reacts only to what validation sends, and analytics only to what the others
/// cause, so stepping through one checkout in the debugger walks all three in turn.
@Feature
public struct Checkout: Sendable {
  /// The cart and the order's progress.
  public struct State: Equatable, Sendable, Codable {
    /// The cart's lines, in the order first added.
    public var items: [CartItem]
    /// Where the current order stands.
    public var status: Status
    /// Counts the checkouts started; the current one's number keys its payment, so a
    /// repeated charge for the same order is not charged twice.
    public var orderNumber: Int

    /// Creates a state; by default an empty cart, before any order.
    public init(items: [CartItem] = [], status: Status = .shopping, orderNumber: Int = 0) {
      self.items = items
      self.status = status
      self.orderNumber = orderNumber
    }

    /// What the cart costs, in cents. `.addItem` keeps it within `Int`; for a cart made
    /// another way (a state read from a file) whose total does not fit, it is `Int.max`, and
    /// validation refuses to check it out (``checkedTotalInCents``).
    public var totalInCents: Int {
      checkedTotalInCents ?? .max
    }

    /// What the cart costs, in cents, or `nil` when the sum does not fit in an `Int`.
    public var checkedTotalInCents: Int? {
      CartArithmetic.total(of: items)
    }

    /// How many units the cart holds (`Int.max` when the sum does not fit, as above).
    public var itemCount: Int {
      CartArithmetic.sum(items.map(\.quantity)) ?? .max
    }

    /// The key the payment gateway deduplicates charges by: one per order.
    public var paymentKey: String {
      "order-\(orderNumber)"
    }
  }

  /// What a user, or a middleware, can do.
  public enum Action: Equatable, Sendable, Codable {
    /// Adds a line, or adds to the quantity of the line with the same id. Ignored during a
    /// checkout, for a non-positive quantity or a negative price, and when the cart's total
    /// or item count would not fit in an `Int`.
    case addItem(CartItem)
    /// Removes the line with this id. Ignored during a checkout.
    case removeItem(id: String)
    /// Starts a checkout; the validation middleware takes it from here. Ignored while one is
    /// under way.
    case checkout
    /// Sent by the validation middleware: the cart may be charged.
    case validated
    /// Sent by the validation middleware: the cart may not be charged, and why.
    case validationFailed(reason: String)
    /// Sent by the payment middleware: the charge went through.
    case paymentSucceeded(receiptID: String)
    /// Sent by the payment middleware: the charge was declined or could not be made.
    case paymentFailed(reason: String)
  }

  /// Creates the feature. Its dependencies belong to its middleware.
  public init() {}

  /// Applies one action. The reducer starts no effects: every side effect of a checkout is
  /// a middleware's.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .addItem(let item):
      guard !state.status.isInProgress, item.quantity > 0, item.priceInCents >= 0 else {
        return .none
      }
      if case .paid = state.status {
        // The paid order is done; adding starts the next one.
        state.status = .shopping
      }
      // The price and quantity are the user's: a cart whose total would not fit in an `Int`
      // is refused here, so no later sum can overflow.
      guard let items = CartArithmetic.adding(item, to: state.items) else { return .none }
      state.items = items

    case .removeItem(let id):
      guard !state.status.isInProgress else { return .none }
      state.items.removeAll { $0.id == id }

    case .checkout:
      // The order number may come from a saved state: at `Int.max` there is no next one.
      guard !state.status.isInProgress, state.orderNumber < .max else { return .none }
      state.orderNumber += 1
      state.status = .validating

    case .validated:
      guard state.status == .validating else { return .none }
      state.status = .processingPayment

    case .validationFailed(let reason):
      guard state.status == .validating else { return .none }
      state.status = .failed(reason: reason)

    case .paymentSucceeded(let receiptID):
      guard state.status == .processingPayment else { return .none }
      state.status = .paid(receiptID: receiptID)
      state.items = []

    case .paymentFailed(let reason):
      guard state.status == .processingPayment else { return .none }
      state.status = .failed(reason: reason)
    }
    return .none
  }
}
