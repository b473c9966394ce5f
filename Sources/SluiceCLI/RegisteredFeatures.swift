import ArgumentParser
import SluiceShell

/// The names of the features the running binary registered, for shell completion scripts:
/// bash, zsh and fish call `sluice ---completion … --feature` while the user types, and the
/// answer must be this binary's features, which are only known once `main` has them.
enum RegisteredFeatures {
  private static let names = Locked<[String]>([])

  /// Notes the names completion offers.
  static func set(_ newNames: [String]) {
    names.withLock { $0 = newNames }
  }

  /// How `--feature` completes: the registered names starting with what was typed.
  static var completion: CompletionKind {
    .custom { _, _, prefix in names.withLock { $0 }.filter { $0.hasPrefix(prefix) } }
  }
}
