import Foundation

/// State shared by every decoder and container of one `LiteralDecoder.decode` call.
///
/// A reference type because containers are structs created and dropped freely by
/// `Decodable` code, and all of them must record into the same place. It lives only
/// for one synchronous decode and never crosses a concurrency domain.
final class LiteralDecodingContext {
  let root: ActionLiteral
  let userInfo: [CodingUserInfoKey: any Sendable]

  /// Case names that matched no coding key, by the coding path of the enum value.
  /// Swift's synthesized `init(from:)` reports them only as "Invalid number of keys";
  /// this lets that error be turned back into "unknown case '.x'".
  private var unrecognizedCaseNames: [[String]: String] = [:]

  /// The argument lists of the case literals decoded, with which arguments were read.
  private var argumentLists: [ArgumentList] = []

  init(root: ActionLiteral, userInfo: [CodingUserInfoKey: any Sendable]) {
    self.root = root
    self.userInfo = userInfo
  }

  func recordUnrecognizedCase(_ name: String, at codingPath: [any CodingKey]) {
    unrecognizedCaseNames[codingPath.map(\.stringValue)] = name
  }

  /// Notes a case literal's argument list, opened as a keyed container by `decoder`: what
  /// its decoding reads of it is marked through the number returned (``markRead(_:in:)``).
  /// Nothing is spelled out unless an argument goes unread: this runs for every case decoded.
  func noteArguments(_ members: [LiteralMember], openedBy decoder: LiteralValueDecoder) -> Int {
    argumentLists.append(ArgumentList(decoder: decoder, members: members, read: 0, readAll: false))
    return argumentLists.count - 1
  }

  /// Marks the argument at `position` of list `list` read; `nil`: all of them (a single
  /// payload took their labels).
  func markRead(_ position: Int?, in list: Int) {
    guard let position else {
      argumentLists[list].readAll = true
      return
    }
    // Past 64 arguments, each is counted read: no case has that many parameters.
    if position < 64 { argumentLists[list].read |= 1 << UInt64(position) }
  }

  /// Forgets the argument lists: they hold their decoders, which hold this context, a cycle
  /// that must not outlive the decode.
  func forgetArguments() {
    argumentLists.removeAll()
  }

  /// The first argument of a case literal that no parameter of the case read
  /// (`.setStep(5, 6)`, `.increment(3)`), as an error at it; `nil` when every one was read.
  func unreadArgumentError() -> LiteralDecodingError? {
    for list in argumentLists where !list.readAll {
      guard let position = list.members.indices.prefix(64).first(where: { list.read & (1 << UInt64($0)) == 0 })
      else { continue }
      let name = list.members[position].name
      let codingPath = list.decoder.codingPath
      // Pointing at the argument, said of the case: `at .setStep`.
      var found = error(.unexpectedArgument(name), at: codingPath + [LiteralCodingKey(stringValue: name)])
      found.path = LiteralPath.resolve(codingPath.map(\.stringValue), in: root).text
      return found
    }
    return nil
  }

  /// An error at `codingPath`, its path rendered in action syntax.
  func error(_ reason: LiteralDecodingError.Reason, at codingPath: [any CodingKey]) -> LiteralDecodingError {
    let keys = codingPath.map(\.stringValue)
    let resolved = LiteralPath.resolve(keys, in: root)
    var error = LiteralDecodingError(reason: reason, path: resolved.text, codingPath: keys)
    error.valueIndex = resolved.reached
    return error
  }

  /// Any error thrown while decoding, as a `LiteralDecodingError`.
  func convert(_ error: any Error) -> LiteralDecodingError {
    if let error = error as? LiteralDecodingError {
      return error
    }
    guard let error = error as? DecodingError else {
      return self.error(.invalidValue(String(describing: error)), at: [])
    }
    switch error {
    case .typeMismatch(let type, let context):
      let keys = context.codingPath.map(\.stringValue)
      if let name = unrecognizedCaseNames[keys] {
        return self.error(.unknownCase(name), at: context.codingPath)
      }
      var found = LiteralPath.resolve(keys, in: root).literal?.kindDescription ?? "something else"
      // `[Int: V]` given `["a": …]`: the key is wrong, not the value.
      if type == Int.self, let last = keys.last, Int(last) == nil,
        case .dictionary? = LiteralPath.resolve(keys.dropLast(), in: root).literal
      {
        found = "key \(SwiftStringEscaping.quoted(last))"
      }
      return self.error(.typeMismatch(expected: TypeName.short(type), found: found), at: context.codingPath)
    case .valueNotFound(let type, let context):
      return self.error(.typeMismatch(expected: TypeName.short(type), found: "nil"), at: context.codingPath)
    case .keyNotFound(let key, let context):
      return self.error(
        .missingValue(label: key.stringValue, givenLabels: []), at: context.codingPath + [key])
    case .dataCorrupted(let context):
      // A raw-value enum given a name it lacks (`.darkk`) fails here.
      if case .enumCase(let name, nil)? = LiteralPath.resolve(context.codingPath.map(\.stringValue), in: root)
        .literal
      {
        return self.error(.unknownCase(name), at: context.codingPath)
      }
      return self.error(.invalidValue(context.debugDescription), at: context.codingPath)
    @unknown default:
      return self.error(.invalidValue(String(describing: error)), at: [])
    }
  }
}

/// One case literal's argument list, and which of its arguments were read.
struct ArgumentList {
  /// The decoder that opened it, whose coding path says where it is.
  let decoder: LiteralValueDecoder
  /// Its arguments.
  let members: [LiteralMember]
  /// A bit for each of the first 64 arguments, set once it is read.
  var read: UInt64
  /// Whether all were read at once (a single payload took their labels).
  var readAll: Bool
}
