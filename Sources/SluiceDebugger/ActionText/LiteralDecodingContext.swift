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
  private var argumentUses: [ArgumentUse] = []

  init(root: ActionLiteral, userInfo: [CodingUserInfoKey: any Sendable]) {
    self.root = root
    self.userInfo = userInfo
  }

  func recordUnrecognizedCase(_ name: String, at codingPath: [any CodingKey]) {
    unrecognizedCaseNames[codingPath.map(\.stringValue)] = name
  }

  /// Notes a case literal's argument list, opened as a keyed container at `codingPath`: what
  /// its decoding reads of it is marked in the use returned.
  func noteArguments(_ members: [LiteralMember], at codingPath: [any CodingKey]) -> ArgumentUse {
    let use = ArgumentUse(codingPath: codingPath, names: members.map(\.name))
    argumentUses.append(use)
    return use
  }

  /// The first argument of a case literal that no parameter of the case read
  /// (`.setStep(5, 6)`, `.increment(3)`), as an error at it; `nil` when every one was read.
  func unreadArgumentError() -> LiteralDecodingError? {
    for use in argumentUses {
      guard let index = use.read.firstIndex(of: false) else { continue }
      let name = use.names[index]
      // Pointing at the argument, said of the case: `at .setStep`.
      var found = error(.unexpectedArgument(name), at: use.codingPath + [LiteralCodingKey(stringValue: name)])
      found.path = LiteralPath.resolve(use.codingPath.map(\.stringValue), in: root).text
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

/// Which arguments of one case literal its decoding read: a reference, as the containers
/// that read them are structs made and dropped freely.
final class ArgumentUse {
  /// Where the argument list is.
  let codingPath: [any CodingKey]
  /// Each argument's key: its label, or `_0`, `_1`, … when it has none.
  let names: [String]
  /// Whether each argument was read.
  var read: [Bool]

  init(codingPath: [any CodingKey], names: [String]) {
    self.codingPath = codingPath
    self.names = names
    read = Array(repeating: false, count: names.count)
  }
}
