/// A trace's JSON, written by hand: through `JSONEncoder`, writing took four fifths of an
/// export of 100,000 actions (benchmark 7). Keys come in a fixed order, an event's arguments
/// sorted, so a session always gives the same text.
struct TraceJSON {
  private(set) var bytes: [UInt8] = []

  /// Appends `text` as it is: punctuation and keys.
  mutating func raw(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// Appends `text` as a JSON string: quoted, with quotes, backslashes and control
  /// characters escaped.
  mutating func string(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): raw("\\\"")
      case UInt8(ascii: "\\"): raw("\\\\")
      case UInt8(ascii: "\n"): raw("\\n")
      case UInt8(ascii: "\r"): raw("\\r")
      case UInt8(ascii: "\t"): raw("\\t")
      case 0..<0x20:
        raw("\\u00")
        bytes.append(Self.hexDigits[Int(byte >> 4)])
        bytes.append(Self.hexDigits[Int(byte & 0xF)])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// Appends a whole number.
  mutating func integer(_ number: Int) {
    raw(String(number))
  }

  /// Appends `"key":`.
  mutating func key(_ key: String) {
    string(key)
    bytes.append(UInt8(ascii: ":"))
  }

  /// Appends an object of strings, its keys sorted.
  mutating func object(_ members: [String: String]) {
    raw("{")
    for (offset, key) in members.keys.sorted().enumerated() {
      if offset > 0 { raw(",") }
      self.key(key)
      string(members[key] ?? "")
    }
    raw("}")
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)
}

extension TraceEvent {
  /// Appends the event as the format's JSON object; the keys it does not have are left out.
  func write(to json: inout TraceJSON) {
    json.raw("{")
    json.key("name")
    json.string(name)
    if let category {
      json.raw(",")
      json.key("cat")
      json.string(category)
    }
    json.raw(",")
    json.key("ph")
    json.string(phase.rawValue)
    json.raw(",\"ts\":")
    json.integer(timestamp)
    if let duration {
      json.raw(",\"dur\":")
      json.integer(duration)
    }
    json.raw(",\"pid\":")
    json.integer(processID)
    json.raw(",\"tid\":")
    json.integer(threadID)
    if let flowID {
      json.raw(",\"id\":")
      json.integer(flowID)
    }
    if bindsToEnclosingSlice { json.raw(",\"bp\":\"e\"") }
    if let scope {
      json.raw(",\"s\":")
      json.string(scope.rawValue)
    }
    if let arguments {
      json.raw(",\"args\":{")
      for (offset, key) in arguments.keys.sorted().enumerated() {
        if offset > 0 { json.raw(",") }
        json.key(key)
        arguments[key]?.write(to: &json)
      }
      json.raw("}")
    }
    json.raw("}")
  }
}

extension TraceEvent.Argument {
  /// Appends the bare value.
  func write(to json: inout TraceJSON) {
    switch self {
    case .text(let text): json.string(text)
    case .integer(let number): json.integer(number)
    case .flag(let flag): json.raw(flag ? "true" : "false")
    case .texts(let texts):
      json.raw("[")
      for (offset, text) in texts.enumerated() {
        if offset > 0 { json.raw(",") }
        json.string(text)
      }
      json.raw("]")
    }
  }
}
