import Foundation
import SluiceDebugger
import Testing

/// Everything Sluice prints types back: random values of a type with every kind of field a
/// feature uses are printed as the shell prints them and parsed back as action text, to
/// equal values.
@Suite struct RoundTripPropertyTests {
  struct Sample: Codable, Equatable {
    enum Kind: Codable, Equatable, Hashable {
      case plain
      case tagged(String)
      case pair(a: Int, b: Double?)
      case nested(Inner.Mode)
    }

    struct Inner: Codable, Equatable {
      enum Mode: Codable, Equatable, Hashable { case dark, light }
      var id: UUID
      var at: Date
      var link: URL?
    }

    var text: String
    var count: Int
    var small: Int8
    var ratio: Double
    var flag: Bool
    var price: Decimal
    var blob: Data
    var maybe: Int?
    var nested: String??
    var deep: Int???
    var list: [Inner]
    var tags: Set<String>
    var scores: [String: Int]
    var kind: Kind
    var kinds: [Kind?]
  }

  @Test func randomValuesPrintAndParseBackToEqualValues() throws {
    let seed = ProcessInfo.processInfo.environment["SLUICE_ROUND_TRIP_SEED"].flatMap(UInt64.init)
      ?? UInt64.random(in: 1...UInt64(UInt32.max))
    var generator = SplitMix64(seed: seed)
    for number in 0..<500 {
      let value = Sample.random(using: &generator)
      let printed = ValueTree(reflecting: value).compactDescription
      let parsed: Sample
      do {
        parsed = try ActionText.decode(Sample.self, from: printed)
      } catch {
        Issue.record("seed \(seed), value \(number): \(printed) does not parse back: \(error)")
        return
      }
      guard parsed == value else {
        Issue.record("seed \(seed), value \(number): \(printed) parses back to a different value")
        return
      }
    }
  }

  @Test func nestedOptionalsAreSpelledWhereABareValueWouldBeAmbiguous() throws {
    let value: String?? = .some(nil)
    #expect(ValueTree(reflecting: value as Any).compactDescription == ".some(nil)")
    let deeper: Int??? = .some(.some(nil))
    #expect(ValueTree(reflecting: deeper as Any).compactDescription == ".some(.some(nil))")
    #expect(try ActionText.decode([Int??].self, from: "[.some(nil), nil, 3, .some(4)]") == [.some(nil), nil, 3, 4])
  }
}

extension RoundTripPropertyTests.Sample {
  static func random(using generator: inout SplitMix64) -> Self {
    func string() -> String {
      let pieces = ["a", "Milk", "☕️", "\"", "\\", "\n", "\t", " ", "é", "}", ")", "#", "\u{1}", "𝄞"]
      return (0..<generator.next(below: 6)).map { _ in pieces[generator.next(below: pieces.count)] }.joined()
    }
    func double() -> Double {
      Double(Int64(bitPattern: generator.next()) % 1_000_000_000) / Double(1 + generator.next(below: 10_000))
    }
    func optional<T>(_ make: () -> T) -> T? { generator.next(below: 3) == 0 ? nil : make() }
    func kind() -> Kind {
      switch generator.next(below: 4) {
      case 0: .plain
      case 1: .tagged(string())
      case 2: .pair(a: generator.next(below: 100) - 50, b: optional(double))
      default: .nested(generator.next(below: 2) == 0 ? .dark : .light)
      }
    }
    func inner() -> Inner {
      Inner(
        id: UUID(), at: Date(timeIntervalSinceReferenceDate: double()),
        link: optional { URL(string: "https://example.com/\(generator.next(below: 1000))?q=\(generator.next(below: 9))")! })
    }
    let nestedChoice = generator.next(below: 3)
    let deepChoice = generator.next(below: 4)
    return Self(
      text: string(), count: Int(bitPattern: UInt(generator.next())), small: Int8(truncatingIfNeeded: generator.next()),
      ratio: double(), flag: generator.next(below: 2) == 0,
      price: Decimal(string: "\(generator.next(below: 100_000)).\(generator.next(below: 100))")!,
      blob: Data((0..<generator.next(below: 8)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }),
      maybe: optional { generator.next(below: 1000) },
      nested: nestedChoice == 0 ? nil : nestedChoice == 1 ? .some(nil) : .some(string()),
      deep: deepChoice == 0 ? nil : deepChoice == 1 ? .some(nil) : deepChoice == 2 ? .some(.some(nil)) : 7,
      list: (0..<generator.next(below: 3)).map { _ in inner() },
      tags: Set((0..<generator.next(below: 4)).map { _ in string() }),
      scores: Dictionary((0..<generator.next(below: 3)).map { _ in (string(), generator.next(below: 50)) }, uniquingKeysWith: { a, _ in a }),
      kind: kind(), kinds: (0..<generator.next(below: 4)).map { _ in optional(kind) })
  }
}

/// A date prints as whole seconds and a fraction; before 2001 the whole seconds are negative,
/// and the fraction must still read back to the very same `Date`.
@Suite struct DateLiteralTests {
  @Test(arguments: [
    -0.25060773480662984, -1e-10, -0.5, -1.25, -1234.000001, -978_307_200.123456789,
    0.1, 1e-7, 12345.678, 750_000_000.5, -3.0, 0,
  ])
  func aPrintedDateReadsBackToTheSameInterval(interval: Double) throws {
    let date = Date(timeIntervalSinceReferenceDate: interval)
    let printed = ValueTree(reflecting: date).compactDescription
    let parsed = try ActionText.decode(Date.self, from: printed)
    #expect(parsed.timeIntervalSinceReferenceDate == interval, "\(printed)")
  }

  @Test func everyIntervalOfASeededSampleReadsBack() throws {
    var generator = SplitMix64(seed: 20261130)
    for _ in 0..<5_000 {
      // Any double between 1906 and 2096, every bit of the mantissa random.
      let magnitude = Double(generator.next(below: 3_000_000_000)) + Double(generator.next()) / Double(UInt64.max)
      let interval = generator.next(below: 2) == 0 ? magnitude : -magnitude
      let printed = ValueTree(reflecting: Date(timeIntervalSinceReferenceDate: interval)).compactDescription
      let parsed = try ActionText.decode(Date.self, from: printed)
      try #require(parsed.timeIntervalSinceReferenceDate == interval, "\(interval) printed as \(printed)")
    }
  }

  @Test func aDateJustBeforeTheReferenceDatePrintsAsTheSecondBefore() {
    let date = Date(timeIntervalSinceReferenceDate: -0.25)
    #expect(ValueTree(reflecting: date).compactDescription == #"Date("2000-12-31T23:59:59.75Z")"#)
  }
}
