import Foundation
import Testing

@testable import SluiceDebugger
import SluiceReporting

/// Values written as Swift for exported tests.
@Suite struct SwiftLiteralTests {
  private struct Item: Equatable {
    var id: UUID
    var title: String
    var tags: Set<String>
    var due: Date?
    var link: URL?
  }

  private enum Status: Equatable {
    case idle
    case paid(receipt: String, Int)
  }

  @Test func foundationValuesAreWrittenWithTheirInitializers() {
    let item = Item(
      id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, title: "Milk \"2%\"", tags: ["b", "a"],
      due: Date(timeIntervalSinceReferenceDate: 86_400.5), link: URL(string: "https://example.com/a?b=1"))
    #expect(
      SwiftLiteral.expression(for: ValueTree(reflecting: item))
        == """
        SwiftLiteralTests.Item(
          id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!,
          title: "Milk \\"2%\\"",
          tags: ["a", "b"],
          due: Date(timeIntervalSinceReferenceDate: 86400.5),
          link: URL(string: "https://example.com/a?b=1")!
        )
        """)
  }

  @Test func enumsOptionalsAndCollectionsReadAsSwift() {
    #expect(SwiftLiteral.expression(for: ValueTree(reflecting: Status.paid(receipt: "R-1", 2))) == #".paid(receipt: "R-1", 2)"#)
    #expect(SwiftLiteral.expression(for: ValueTree(reflecting: [Status.idle])) == "[.idle]")
    #expect(SwiftLiteral.expression(for: ValueTree(reflecting: Int?.none as Any)) == "nil")
    #expect(SwiftLiteral.expression(for: ValueTree(reflecting: [String: Int]())) == "[:]")
    #expect(SwiftLiteral.expression(for: ValueTree(reflecting: ["b": 2, "a": 1])) == #"["a": 1, "b": 2]"#)
    #expect(SwiftLiteral.expression(for: ValueTree(reflecting: Double.infinity)) == ".infinity")
    #expect(SwiftLiteral.expression(for: ValueTree(reflecting: Data([1, 2]))) == #"Data(base64Encoded: "AQI=")!"#)
  }

  @Test func aPartNotExpandedCannotBeWritten() {
    #expect(SwiftLiteral.expression(for: .structure(typeName: "A", fields: [.init(label: "b", value: .omitted(typeName: "B"))])) == nil)
  }
}
