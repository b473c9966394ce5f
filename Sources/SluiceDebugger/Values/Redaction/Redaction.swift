import Sluice

/// The state paths a feature keeps secret, and the rule that masks them: whatever is at or
/// inside one of them is shown, diffed, found and saved as ``Redaction/mask``. Values wrapped
/// in ``Sluice/Secret`` are masked by reflection wherever they appear; these paths are the
/// secrets a program registers without changing its state type (`Feature(…, redacting:)`).
///
/// The session holds one, made when the feature is registered; no command changes it.
@usableFromInline
package struct Redaction: Sendable {
  /// What a secret shows as: `‹redacted›`.
  package static let mask = SecretMask.text

  /// The registered paths, without optional chains (`user?.token` is `user.token`): a path
  /// names the same value whether an optional on the way is chained or not.
  private let paths: Set<[StatePath.Component]>
  /// Every proper prefix of a registered path, so that a walk descends only where a
  /// secret may lie.
  private let prefixes: Set<[StatePath.Component]>

  /// No secret paths.
  @usableFromInline package static let none = Redaction(validPaths: [])

  private init(validPaths: [StatePath]) {
    let normalised = validPaths.map(Self.normalised)
    paths = Set(normalised)
    prefixes = Set(normalised.flatMap { path in (0..<path.count).map { Array(path.prefix($0)) } })
  }

  /// The secrets at `texts`, parsed as state paths.
  ///
  /// - Throws: When a text is not a path, is the root, or picks an element by its contents
  ///   (`todos[id: 3]`), which names different values as the state changes.
  @usableFromInline
  package init(parsing texts: [String]) throws(DebugError) {
    var parsed: [StatePath] = []
    for text in texts {
      let path: StatePath
      do {
        path = try StatePath(parsing: text)
      } catch {
        throw DebugError("cannot redact '\(text)': \(error.description)")
      }
      guard !path.isRoot else { throw DebugError("cannot redact the whole state: name the secret's path") }
      if path.components.contains(where: { if case .element = $0 { true } else { false } }) {
        throw DebugError("cannot redact '\(text)': an element picked by its contents is not a fixed place")
      }
      parsed.append(path)
    }
    self.init(validPaths: parsed)
  }

  /// The secrets a feature registers at `texts`; a text that is not a secret's path is a
  /// programming error, reported with the feature's name.
  @usableFromInline
  package static func registered(_ texts: [String], by feature: String) -> Redaction {
    do {
      return try Redaction(parsing: texts)
    } catch {
      preconditionFailure("Feature '\(feature)': \(error.message)")
    }
  }

  /// Whether no path is registered (`Secret` values are masked all the same).
  package var isEmpty: Bool { paths.isEmpty }

  /// Whether `path` is at or inside a registered secret.
  package func masks(_ path: StatePath) -> Bool {
    masks(Self.normalised(path))
  }

  func masks(_ components: [StatePath.Component]) -> Bool {
    guard !paths.isEmpty else { return false }
    return (0...components.count).contains { paths.contains(Array(components.prefix($0))) }
  }

  /// Whether a registered secret lies strictly inside `components`.
  func hasSecrets(inside components: [StatePath.Component]) -> Bool {
    prefixes.contains(components)
  }

  /// Whether `path`, in `state`, is secret: registered, or reached through a `Secret`.
  package func isSecret(_ path: StatePath, in state: Any) -> Bool {
    if masks(path) { return true }
    for length in 0...path.components.count {
      let prefix = StatePath(Array(path.components.prefix(length)))
      if let value = try? prefix.value(in: state), Reflection.flattened(value) is any RedactedValue { return true }
    }
    return false
  }

  /// Whether `path`, in `state`, is secret or holds a secret anywhere inside: comparing
  /// its value would tell something of the secret.
  package func holdsSecret(_ path: StatePath, in state: Any) -> Bool {
    if isSecret(path, in: state) { return true }
    guard let value = try? path.value(in: state) else { return false }
    return !masking(ValueTree(reflecting: value), at: path).matches(of: Self.mask).isEmpty
  }

  static func normalised(_ path: StatePath) -> [StatePath.Component] {
    path.components.filter { $0 != .optionalChain }
  }
}
