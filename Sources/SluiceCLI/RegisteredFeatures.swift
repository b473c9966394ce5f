import ArgumentParser
import SluiceShell

/// The names of the features the running binary registered, for shell completion scripts
/// and help: bash, zsh and fish call `sluice ---completion … --feature` while the user types,
/// and the answer must be this binary's features, which are only known once `main` has them;
/// `--help` and `--version` name them too.
enum RegisteredFeatures {
  private static let storage = Locked<[String]>([])

  /// Notes the names completion offers.
  static func set(_ newNames: [String]) {
    storage.withLock { $0 = newNames }
  }

  /// The names noted.
  static var names: [String] {
    storage.withLock { $0 }
  }

  /// How `--feature` completes: the registered names starting with what was typed.
  static var completion: CompletionKind {
    .custom { _, _, prefix in names.filter { $0.hasPrefix(prefix) } }
  }
}
