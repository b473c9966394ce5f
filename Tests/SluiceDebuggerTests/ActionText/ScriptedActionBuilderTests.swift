import Testing

@testable import SluiceDebugger

/// `@Scriptable`'s builder against the decoder it stands in for.
@MainActor
struct ScriptedActionBuilderTests {
  private let builder = ScriptedActionBuilder(for: Parcel.self)

  private func built(_ text: String) throws -> Parcel? {
    builder.action(from: try ActionTextParser().parse(text))
  }

  @Test(arguments: [
    ".ship", "ship", ".ship()", "Parcel.ship", ".weigh(12)", ".weigh(-3)", ".weigh(0x1F)", ".weigh(1_000)",
    #".label(text: "Fragile \u{1F4E6}", urgent: true)"#, ".route(1, to: 2)", ".price(2.5)", ".price(3)",
    ".weigh(1.0)", #"{"ship": {}}"#, ".insure(Coverage(amount: 5))", ".insure((amount: 5))",
    ".shelf(.counter(.increment))", #".shelf(.rename(title: "A", note: "B"))"#,
    #".stamp(Date("2024-05-01T09:30:00Z"))"#,
  ])
  func buildsWhatDecodingMakes(_ text: String) throws {
    let decoded = try ActionText.decode(Parcel.self, from: text)
    let action = try #require(try built(text))
    #expect(action == decoded)
  }

  @Test func buildsTheCommonCasesWithoutTheDecoder() throws {
    #expect(try built(".ship") == .ship)
    #expect(try built(".weigh(12)") == .weigh(12))
    #expect(try built(#".label(text: "A", urgent: false)"#) == .label(text: "A", urgent: false))
    #expect(try built(".route(1, to: 2)") == .route(1, to: 2))
    #expect(try built(".shelf(.counter(.increment))") == .shelf(.counter(.increment)))
  }

  /// What the builder leaves is still sent: decoding makes it.
  @Test func theDecoderMakesWhatTheBuilderLeaves() throws {
    #expect(try ActionText.decode(Parcel.self, from: #".label(urgent: true, text: "A")"#) == .label(text: "A", urgent: true))
    #expect(try ActionText.decode(Parcel.self, from: #".note("hi")"#) == .note("hi"))
  }

  /// Text the builder does not read exactly is the decoder's to make, or to reject with its
  /// message: labels out of order, a label the case does not declare, a missing or extra
  /// argument, a value of another type, an unknown case, an optional payload (whose `nil`,
  /// `.none` and `.some` the decoder tells apart), a literal that is no case.
  @Test(arguments: [
    #".label(urgent: true, text: "A")"#, ".weigh(amount: 1)", ".route(1)", ".route(1, to: 2, 3)", #".weigh("1")"#,
    ".ship(1)", ".unknown", #".note("hi")"#, ".note(nil)", "[1, 2]", "(1, 2)", #"{"weigh": {"_0": 4}}"#,
  ])
  func leavesTheRestToTheDecoder(_ text: String) throws {
    #expect(try built(text) == nil)
  }

  @Test func aTypeWithoutABuilderBuildsNothing() throws {
    let builder = ScriptedActionBuilder(for: Shelf.State.self)
    #expect(builder.action(from: try ActionTextParser().parse(".ship")) == nil)
  }
}
