/// The cart's sums, checked: prices and quantities come from outside (a user, a file), so
/// a sum that does not fit in an `Int` is `nil` rather than a crash or a wrapped-around
/// total. This is how a reducer guards arithmetic on input it does not control: compute
/// with `…ReportingOverflow` and refuse the action when the result would not fit.
enum CartArithmetic {
  /// `price × quantity`, or `nil` when it does not fit.
  static func lineTotal(priceInCents: Int, quantity: Int) -> Int? {
    let (total, overflow) = priceInCents.multipliedReportingOverflow(by: quantity)
    return overflow ? nil : total
  }

  /// The sum of `values`, or `nil` when it does not fit.
  static func sum(_ values: some Sequence<Int>) -> Int? {
    var total = 0
    for value in values {
      let (next, overflow) = total.addingReportingOverflow(value)
      if overflow { return nil }
      total = next
    }
    return total
  }

  /// The cart's lines with `item` added (to the quantity of the line with the same id, if
  /// any), or `nil` when a quantity, a line's total or the cart's total would not fit.
  static func adding(_ item: CartItem, to items: [CartItem]) -> [CartItem]? {
    var items = items
    if let index = items.firstIndex(where: { $0.id == item.id }) {
      guard let quantity = sum([items[index].quantity, item.quantity]) else { return nil }
      items[index].quantity = quantity
    } else {
      items.append(item)
    }
    guard sum(items.map(\.quantity)) != nil, total(of: items) != nil else { return nil }
    return items
  }

  /// What `items` cost together, or `nil` when it does not fit.
  static func total(of items: [CartItem]) -> Int? {
    var lineTotals: [Int] = []
    for item in items {
      guard let line = lineTotal(priceInCents: item.priceInCents, quantity: item.quantity) else { return nil }
      lineTotals.append(line)
    }
    return sum(lineTotals)
  }
}
