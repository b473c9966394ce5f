import Foundation
import SluiceMacroSupport

/// Actions of every payload shape `@Scriptable`'s builder reads, and some it leaves to the
/// decoder: the builder must make exactly what decoding makes.
@Scriptable
enum Parcel: Codable, Equatable, Sendable {
  case ship
  case weigh(Int)
  case label(text: String, urgent: Bool)
  case route(_ from: Int, to: Int)
  case price(Double)
  case note(String?)
  case insure(Coverage)
  case shelf(Shelf.Action)
  case stamp(Date)

  struct Coverage: Codable, Equatable, Sendable {
    var amount: Int
  }
}
