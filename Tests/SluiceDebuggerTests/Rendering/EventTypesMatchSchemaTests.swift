import Foundation
import SluiceDebugger
import SluiceReporting
import Testing

/// The schema in the repository and the `Codable` event types describe the same objects:
/// every property the schema lists survives a trip through the type, the type needs exactly
/// the properties the schema requires, and the two name the same events. Together with
/// `EventSchemaTests` (everything written validates and reads back) this holds the schema
/// to the types without generating it.
@Suite struct EventTypesMatchSchemaTests {
  /// The schema's definitions of events, by event name: those whose `event` is a constant
  /// (the envelopes of an attached client's pages are none).
  static func definitions() throws -> [String: [String: Any]] {
    let data = try Data(contentsOf: EventSchemaTests.schemaFile)
    let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let all = try #require(schema["$defs"] as? [String: [String: Any]])
    return all.filter { (($0.value["properties"] as? [String: Any])?["event"] as? [String: Any])?["const"] != nil }
  }

  /// A value that fits `property`: the first of its constants, enumerated values or types.
  static func sample(for property: [String: Any]) -> Any {
    if let constant = property["const"] { return constant }
    if let values = property["enum"] as? [Any], let first = values.first { return first }
    let type = (property["type"] as? String) ?? (property["type"] as? [String])?.first ?? "string"
    switch type {
    case "integer": return 3
    case "boolean": return true
    case "array":
      return [sample(for: property["items"] as? [String: Any] ?? ["type": "string"])]
    case "object":
      let properties = property["properties"] as? [String: [String: Any]] ?? [:]
      return properties.mapValues(sample(for:))
    default: return "text"
    }
  }

  /// The object `object` becomes after being decoded as a ``ProtocolEvent`` and encoded
  /// again, or `nil` when it does not decode.
  static func roundTrip(_ object: [String: Any]) throws -> [String: Any]? {
    let data = try JSONSerialization.data(withJSONObject: object)
    guard let event = try? JSONDecoder().decode(ProtocolEvent.self, from: data) else { return nil }
    return try JSONSerialization.jsonObject(with: Data(event.line.utf8)) as? [String: Any]
  }

  /// The answers declared as `CommandAnswer`s, each carried in an event of its own name.
  static let declaredAnswers: [any CommandAnswer.Type] = [SessionCapabilities.self, ValueCause.self, PathHistory.self, Bisection.self, LogPointTrace.self, Shrinking.self]

  @Test func theTypesAndTheSchemaNameTheSameEvents() throws {
    let declared = Self.declaredAnswers.map { $0.event }
    #expect(Set(try Self.definitions().keys) == Set(ProtocolEvent.Payload.names + declared))
  }

  /// A declared answer's event reads back, keys and all, as a command's answer by a reader
  /// that does not know it, and as its own type it needs exactly what the schema requires.
  @Test(arguments: declaredAnswers.map { $0.event })
  func aDeclaredAnswerKeepsItsKeysAndRequiresWhatTheSchemaRequires(_ name: String) throws {
    let type = try #require(Self.declaredAnswers.first { $0.event == name })
    let definition = try #require(try Self.definitions()[name])
    let full = try #require(Self.sample(for: definition) as? [String: Any])
    let back = try #require(try Self.roundTrip(full), "\(name): the schema's full object does not decode")
    #expect(Set(back.keys) == Set(full.keys), "\(name)")
    let required = Set(definition["required"] as? [String] ?? [])
    for key in full.keys where !["event", "version", "id"].contains(key) {
      var missing = full
      missing[key] = nil
      let data = try JSONSerialization.data(withJSONObject: missing)
      let event = try? JSONDecoder().decode(ProtocolEvent.self, from: data)
      var decodes = false
      if case .answer(let answer)? = event?.payload { decodes = (try? answer.fields.decode(type)) != nil }
      #expect(decodes != required.contains(key), "\(name).\(key): required \(required.contains(key)), decodes without it \(decodes)")
    }
  }

  @Test(arguments: ProtocolEvent.Payload.names)
  func everyPropertyOfTheSchemaSurvivesTheType(_ name: String) throws {
    let definition = try #require(try Self.definitions()[name])
    let full = try #require(Self.sample(for: definition) as? [String: Any])
    let back = try #require(try Self.roundTrip(full), "\(name): the schema's full object does not decode")
    #expect(Set(back.keys) == Set(full.keys), "\(name)")
    // Objects inside arrays (changes, steps) keep every key too.
    for (key, value) in full {
      guard let items = value as? [[String: Any]], let item = items.first else { continue }
      let itemBack = try #require((back[key] as? [[String: Any]])?.first, "\(name).\(key)")
      #expect(Set(itemBack.keys) == Set(item.keys), "\(name).\(key)")
    }
  }

  @Test(arguments: ProtocolEvent.Payload.names)
  func theTypeRequiresWhatTheSchemaRequires(_ name: String) throws {
    let definition = try #require(try Self.definitions()[name])
    let full = try #require(Self.sample(for: definition) as? [String: Any])
    let required = Set(definition["required"] as? [String] ?? [])
    // The envelope's keys are the envelope's business: `id` is optional in the type and
    // written whenever a request is answered.
    for key in full.keys where !["event", "version", "id"].contains(key) {
      var missing = full
      missing[key] = nil
      let decodes = try Self.roundTrip(missing) != nil
      #expect(decodes != required.contains(key), "\(name).\(key): required \(required.contains(key)), decodes without it \(decodes)")
    }
  }
}
