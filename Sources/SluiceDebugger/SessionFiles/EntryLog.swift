/// A session file's action log, written as one compact line of text inside the JSON file.
///
/// Decoding an object per entry with `JSONDecoder` cost about 10 µs an entry; this text
/// costs well under one. Each entry is nine comma-separated fields, and entries are
/// separated by spaces:
///
/// `action,origin,sequence,parent,root,depth,time,skipped,digest`
///
/// `action` and `origin` index the file's tables of distinct actions and origins; `parent`
/// is empty when the action was sent from outside any job; `time` is nanoseconds on the
/// session's clock; `skipped` is `0` or `1`; `digest` is the ``StateDigest`` of the state
/// after the entry, in sixteen hexadecimal digits, or empty. Entry indices are consecutive
/// from the file's `firstIndex`, so they are not written.
///
/// The `digest` field may be empty since `save` became linear in the log: it digests the
/// states ``DigestSchedule`` says are due (after every entry while the state is under 256
/// words, then fewer as it grows, and always after the last) and leaves the others empty, as
/// in `0,0,4,,4,0,120,0,`. Files saved before have a digest after every entry; both are read
/// (the file's version stays 2). A sluice built before the change refuses a log with an
/// empty digest as damaged ("entry N has a bad state digest").
struct EntryLog {
  struct Entry: Equatable {
    var action: Int
    var origin: Int
    var sequence: UInt64
    var parent: UInt64?
    var root: UInt64
    var depth: Int
    var time: Int64
    var isSkipped: Bool
    /// The digest of the state after the entry; `nil` when it was not digested.
    var stateDigest: UInt64?
  }

  var entries: [Entry] = []

  /// The log as text.
  var text: String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(entries.count * 40)
    for (position, entry) in entries.enumerated() {
      if position > 0 { bytes.append(UInt8(ascii: " ")) }
      Self.appendDecimal(UInt64(entry.action), to: &bytes)
      bytes.append(UInt8(ascii: ","))
      Self.appendDecimal(UInt64(entry.origin), to: &bytes)
      bytes.append(UInt8(ascii: ","))
      Self.appendDecimal(entry.sequence, to: &bytes)
      bytes.append(UInt8(ascii: ","))
      if let parent = entry.parent { Self.appendDecimal(parent, to: &bytes) }
      bytes.append(UInt8(ascii: ","))
      Self.appendDecimal(entry.root, to: &bytes)
      bytes.append(UInt8(ascii: ","))
      Self.appendDecimal(UInt64(entry.depth), to: &bytes)
      bytes.append(UInt8(ascii: ","))
      if entry.time < 0 { bytes.append(UInt8(ascii: "-")) }
      Self.appendDecimal(entry.time.magnitude, to: &bytes)
      bytes.append(UInt8(ascii: ","))
      bytes.append(entry.isSkipped ? UInt8(ascii: "1") : UInt8(ascii: "0"))
      bytes.append(UInt8(ascii: ","))
      if let digest = entry.stateDigest { Self.appendHex(digest, to: &bytes) }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  init(entries: [Entry] = []) {
    self.entries = entries
  }

  /// Parses `text`; the error names the entry (counted from 1) and the field that is wrong.
  init(parsing text: String) throws(DebugError) {
    var text = text
    var parsed: [Entry] = []
    var failure: DebugError?
    text.withUTF8 { bytes in
      var reader = EntryLogReader(bytes: bytes)
      do throws(DebugError) {
        while !reader.isAtEnd {
          parsed.append(try reader.readEntry(number: parsed.count + 1))
        }
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
    entries = parsed
  }

  /// Appends the decimal digits of `value`, writing them in place (no intermediate string).
  private static func appendDecimal(_ value: UInt64, to bytes: inout [UInt8]) {
    var digitCount = 1
    var scale: UInt64 = 10
    while digitCount < 20, value >= scale {
      digitCount += 1
      scale = digitCount < 20 ? scale &* 10 : scale
    }
    let end = bytes.count + digitCount
    bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digitCount))
    var rest = value
    var position = end - 1
    while rest > 0 {
      bytes[position] = UInt8(ascii: "0") + UInt8(rest % 10)
      rest /= 10
      position -= 1
    }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  private static func appendHex(_ value: UInt64, to bytes: inout [UInt8]) {
    var shift: UInt64 = 60
    while true {
      bytes.append(hexDigits[Int((value >> shift) & 0xf)])
      if shift == 0 { break }
      shift -= 4
    }
  }
}

/// Reads entries from the log's UTF-8 bytes.
private struct EntryLogReader {
  let bytes: UnsafeBufferPointer<UInt8>
  var offset = 0

  var isAtEnd: Bool { offset >= bytes.count }

  mutating func readEntry(number: Int) throws(DebugError) -> EntryLog.Entry {
    func fail(_ field: String) -> DebugError {
      DebugError("the action log's entry \(number) has a bad \(field) (at character \(offset + 1) of the log)")
    }
    guard let action = readDecimal(), action <= UInt64(Int.max) else { throw fail("action") }
    guard expect(",") else { throw fail("action") }
    guard let origin = readDecimal(), origin <= UInt64(Int.max) else { throw fail("origin") }
    guard expect(",") else { throw fail("origin") }
    guard let sequence = readDecimal(), expect(",") else { throw fail("sequence") }
    let parent = readDecimal()
    guard expect(",") else { throw fail("parent") }
    guard let root = readDecimal(), expect(",") else { throw fail("root") }
    guard let depth = readDecimal(), depth <= UInt64(Int.max), expect(",") else { throw fail("depth") }
    let isNegative = expect("-")
    guard let magnitude = readDecimal(), magnitude <= UInt64(Int64.max), expect(",") else {
      throw fail("time")
    }
    let skipped: Bool
    if expect("0") {
      skipped = false
    } else if expect("1") {
      skipped = true
    } else {
      throw fail("skipped flag")
    }
    guard expect(",") else { throw fail("skipped flag") }
    var digest: UInt64?
    if !isAtEnd, bytes[offset] != UInt8(ascii: " ") {
      guard let hex = readHex() else { throw fail("state digest") }
      digest = hex
    }
    if !isAtEnd, !expect(" ") { throw fail("separator") }
    return EntryLog.Entry(
      action: Int(action), origin: Int(origin), sequence: sequence, parent: parent, root: root,
      depth: Int(depth), time: isNegative ? -Int64(magnitude) : Int64(magnitude), isSkipped: skipped,
      stateDigest: digest)
  }

  private mutating func expect(_ character: Unicode.Scalar) -> Bool {
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: character) else { return false }
    offset += 1
    return true
  }

  /// A run of decimal digits that fits a `UInt64`; `nil` if there is none or it overflows.
  private mutating func readDecimal() -> UInt64? {
    let start = offset
    var value: UInt64 = 0
    while offset < bytes.count, bytes[offset] >= UInt8(ascii: "0"), bytes[offset] <= UInt8(ascii: "9") {
      let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times10.addingReportingOverflow(UInt64(bytes[offset] - UInt8(ascii: "0")))
      if overflow1 || overflow2 { return nil }
      value = sum
      offset += 1
    }
    return offset > start ? value : nil
  }

  /// Exactly sixteen hexadecimal digits.
  private mutating func readHex() -> UInt64? {
    guard offset + 16 <= bytes.count else { return nil }
    var value: UInt64 = 0
    for _ in 0..<16 {
      let byte = bytes[offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      default: return nil
      }
      value = value << 4 | UInt64(digit)
      offset += 1
    }
    return value
  }
}
