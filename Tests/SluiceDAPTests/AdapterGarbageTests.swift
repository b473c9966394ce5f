import ExampleRegistry
import JSONCheck
import SluiceDAP
import Testing

/// The adapter's input mangled at random, seeded so a failure replays: bytes flipped,
/// dropped and inserted in a real transcript, delivered in random pieces. Whatever arrives,
/// every body the framing yields gets exactly one response, nothing crashes, and a framing
/// that breaks stops the reading.
@MainActor
@Suite struct AdapterGarbageTests {
  /// A transcript an editor sends, framed.
  private static let transcript: [UInt8] = {
    let requests = [
      #"{"seq":1,"type":"request","command":"initialize","arguments":{"adapterID":"sluice"}}"#,
      #"{"seq":2,"type":"request","command":"launch","arguments":{"feature":"counter","virtualClock":true}}"#,
      #"{"seq":3,"type":"request","command":"configurationDone"}"#,
      #"{"seq":4,"type":"request","command":"evaluate","arguments":{"expression":".increment","context":"repl"}}"#,
      #"{"seq":5,"type":"request","command":"stackTrace","arguments":{"threadId":1}}"#,
      #"{"seq":6,"type":"request","command":"stepBack","arguments":{"threadId":1}}"#,
      #"{"seq":7,"type":"request","command":"setFunctionBreakpoints","arguments":{"breakpoints":[{"name":"increment"}]}}"#,
      #"{"seq":8,"type":"request","command":"source","arguments":{"sourceReference":1}}"#,
    ]
    return requests.flatMap { framed(Array($0.utf8)) }
  }()

  @Test(arguments: [1, 7, 42, 2026, 31337])
  func mangledInputIsAnsweredOrRefusedNeverCrashes(seed: UInt64) async throws {
    var random = SeededRandom(seed)
    for _ in 0..<40 {
      var bytes = Self.transcript
      for _ in 0..<random.next(below: 6) {
        let place = random.next(below: bytes.count)
        switch random.next(below: 3) {
        case 0: bytes[place] = UInt8(random.next(below: 256))
        case 1: bytes.remove(at: place)
        default: bytes.insert(UInt8(random.next(below: 256)), at: place)
        }
      }
      let adapter = DebugAdapter(registry: exampleFeatures)
      var reader = FrameReader()
      var offset = 0
      while offset < bytes.count {
        let length = min(1 + random.next(below: 200), bytes.count - offset)
        for item in reader.take(bytes[offset..<offset + length]) {
          guard case .body(let body) = item else { continue }
          let answers = await adapter.answer(body: body)
          #expect(answers.filter { $0.eventName == nil }.count == 1, "one response per request")
        }
        offset += length
      }
    }
  }
}

/// A small seeded generator (SplitMix64): the same seed, the same mangling.
struct SeededRandom {
  private var state: UInt64
  init(_ seed: UInt64) { state = seed }
  mutating func next(below bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(max(bound, 1)))
  }
}
