/// One line of a shopping cart.
public struct CartItem: Identifiable, Hashable, Sendable, Codable {
  /// The product's identifier; adding an item with an id already in the cart adds to its
  /// quantity.
  public var id: String
  /// The product's name, as shown.
  public var name: String
  /// The price of one unit, in cents, so totals are exact.
  public var priceInCents: Int
  /// How many units.
  public var quantity: Int

  /// Creates a cart line of one unit unless said otherwise.
  public init(id: String, name: String, priceInCents: Int, quantity: Int = 1) {
    self.id = id
    self.name = name
    self.priceInCents = priceInCents
    self.quantity = quantity
  }

  /// The price of the whole line, in cents; `Int.max` when it does not fit (a cart line made
  /// other than by `.addItem`, which refuses such lines).
  public var totalInCents: Int {
    CartArithmetic.lineTotal(priceInCents: priceInCents, quantity: quantity) ?? .max
  }
}
