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

  /// A set inside an optional is still digested as a set: a cast looks inside optionals,
  /// and the sink must not skip the cast for them.
  @Test func aSetInsideAnOptionalIsDigestedAsASet() throws {
    let tags: Set<String> = ["a", "b", "c"]
    #expect(try StateDigest.of([Optional(tags)]) == StateDigest.of([tags]))
    #expect(try StateDigest.of([Optional<Set<String>>.none]) != StateDigest.of([Set<String>()]))
  }

  /// One sink digests any number of values, each as a fresh sink would.
  @Test func aReusedSinkDigestsEachValueAlone() throws {
    let sink = DigestSink()
    let sample = Sample()
    let first = try sink.digest(of: sample)
    _ = try sink.transcribe(Status.running(progress: 1, note: "n"))
    #expect(try sink.digest(of: sample) == first)
    #expect(first == (try StateDigest.of(sample)))
  }

  /// Actions with equal encodings share a position; others get their own.
  @Test func theActionTableStoresEachDistinctActionOnce() throws {
    let sink = DigestSink()
    var table = ActionTable<Status>()
    let positions = try [
      Status.idle, .running(progress: 0.5, note: nil), .idle, .running(progress: 0.5, note: "x"),
      .running(progress: 0.5, note: nil),
    ].map { try table.position(of: $0, using: sink) }
    #expect(positions == [0, 1, 0, 2, 1])
    #expect(table.actions == [.idle, .running(progress: 0.5, note: nil), .running(progress: 0.5, note: "x")])
  }
}
