import SluiceDebugger
import Testing

@Suite("Durations as scripts write them")
struct DurationTextTests {
  @Test func parsesEveryUnit() throws {
    #expect(try DurationText.parse("250ns") == .nanoseconds(250))
    #expect(try DurationText.parse("100us") == .microseconds(100))
    #expect(try DurationText.parse("100µs") == .microseconds(100))
    #expect(try DurationText.parse("300ms") == .milliseconds(300))
    #expect(try DurationText.parse("1s") == .seconds(1))
    #expect(try DurationText.parse("1.5s") == .milliseconds(1500))
    #expect(try DurationText.parse("2m") == .seconds(120))
    #expect(try DurationText.parse("1h") == .seconds(3600))
    #expect(try DurationText.parse("0s") == .zero)
  }

  @Test func rejectsWhatIsNotADuration() {
    #expect(throws: DurationTextError.missingUnit("300")) { try DurationText.parse("300") }
    #expect(throws: DurationTextError.notANumber("ms")) { try DurationText.parse("ms") }
    #expect(throws: DurationTextError.notANumber("-1s")) { try DurationText.parse("-1s") }
    #expect(throws: DurationTextError.unknownUnit("d", in: "3d")) { try DurationText.parse("3d") }
    #expect(throws: DurationTextError.notANumber("1..5s")) { try DurationText.parse("1..5s") }
    #expect(throws: DurationTextError.tooLong("99999999999h")) { try DurationText.parse("99999999999h") }
  }

  @Test func formatsTheWayTheyAreWritten() {
    #expect(DurationText.format(.zero) == "0s")
    #expect(DurationText.format(.nanoseconds(250)) == "250ns")
    #expect(DurationText.format(.microseconds(100)) == "100us")
    #expect(DurationText.format(.milliseconds(300)) == "300ms")
    #expect(DurationText.format(.milliseconds(1500)) == "1.5s")
    #expect(DurationText.format(.seconds(120)) == "120s")
    #expect(DurationText.format(.microseconds(1250)) == "1.25ms")
  }
}
