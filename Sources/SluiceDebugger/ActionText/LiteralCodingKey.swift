/// A coding key made up while decoding: array indices and `super`.
struct LiteralCodingKey: CodingKey {
  var stringValue: String
  var intValue: Int?

  init(stringValue: String) {
    self.stringValue = stringValue
    intValue = Int(stringValue)
  }

  init(intValue: Int) {
    stringValue = String(intValue)
    self.intValue = intValue
  }

  static let superKey = LiteralCodingKey(stringValue: "super")
}
