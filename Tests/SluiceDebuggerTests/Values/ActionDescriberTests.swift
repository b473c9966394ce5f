import Foundation
import SluiceMacroSupport
import Testing

@testable import SluiceDebugger

/// Actions described from `@Scriptable`'s `scriptedCase` read as reflection reads them.
@MainActor
struct ActionDescriberTests {
  @Scriptable
  enum Wrapping {
    case plain
    case pair((Int, Int))
    case labeled(title: String)
    case two(_ from: Int, to: Int?)
    case parcel(Parcel)
    case list([Int], note: String? = nil)
  }

  @Test(arguments: [
    Wrapping.plain, .pair((1, 2)), .labeled(title: "Milk \"2%\""), .two(1, to: nil), .two(3, to: 4),
    .parcel(.label(text: "A", urgent: true)), .parcel(.shelf(.counter(.increment))), .list([1, 2], note: "n"),
  ])
  func describesAsReflectionDoes(_ action: Wrapping) {
    #expect(action.scriptedCase != nil)
    #expect(ActionDescriber(for: Wrapping.self).describe(action) == ValueTree(reflecting: action).compactDescription)
  }

  @Test func describesTheCommonShapes() {
    let describer = ActionDescriber(for: Parcel.self)
    #expect(describer.describe(.weigh(12)) == ".weigh(12)")
    #expect(describer.describe(.route(1, to: 2)) == ".route(1, to: 2)")
    #expect(describer.describe(.label(text: "A", urgent: false)) == #".label(text: "A", urgent: false)"#)
    #expect(describer.describe(.ship) == ".ship")
  }
}
