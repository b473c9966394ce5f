import Testing

@testable import SluiceDebugger

/// State digests are written into session files: a change to any digest makes every saved
/// session report a divergence on load, so the values themselves are pinned here.
@Suite struct StateDigestTests {
  struct Inner: Codable, Hashable {
    var label: String
    var amounts: [Int]
  }

  enum Status: Codable, Hashable {
    case idle
    case running(progress: Double, note: String?)
  }

  struct Sample: Codable {
    var count = 42
    var flag = true
    var ratio: Float = 0.5
    var byte: UInt8 = 7
    var title = "a title longer than fifteen bytes"
    var nothing: Int? = nil
    var inner = Inner(label: "x", amounts: [1, -2, 3])
    var inners = [Inner(label: "a", amounts: []), Inner(label: "bb", amounts: [9])]
    var status = Status.running(progress: 0.25, note: nil)
    var tags: Set<String> = ["red", "green", "blue"]
    var table: [String: Inner] = ["one": Inner(label: "1", amounts: [1]), "two": Inner(label: "2", amounts: [])]
  }

  /// The digests this format has always produced; they must not change within version 2.
  @Test func digestsAreThoseOfFormatVersionTwo() throws {
    let digests = try [
      StateDigest.of(Sample()), StateDigest.of(Status.idle), StateDigest.of(12), StateDigest.of(""),
      StateDigest.of([Inner(label: "z", amounts: [0])]),
    ]
    #expect(
      digests == [
        4_680_612_731_769_675_114, 7_187_685_905_357_487_885, 1_788_124_701_183_876_275,
        11_013_370_318_855_645_154, 6_455_020_940_483_965_911,
      ])
  }

  @Test func setsAndDictionariesAreDigestedWhateverTheirOrder() throws {
    var tags = Set<String>()
    for tag in (0..<50).map(String.init).reversed() { tags.insert(tag) }
    var other = Set<String>(minimumCapacity: 500)
    for tag in (0..<50).map(String.init) { other.insert(tag) }
    #expect(try StateDigest.of(tags) == StateDigest.of(other))
  }

  @Test func nestingIsPartOfTheDigest() throws {
    struct Flat: Codable { var a = Inner(label: "b", amounts: []); var c = 2 }
    struct Deep: Codable { var a = Deeper() }
    struct Deeper: Codable { var label = "b"; var amounts: [Int] = []; var c = 2 }
    #expect(try StateDigest.of(Flat()) != StateDigest.of(Deep()))
  }
}
