import ArgumentParser
import Foundation

/// The options of a command as its parser declares them: names, value name and help, read
/// from ArgumentParser's description of the command (`--experimental-dump-help`), so the
/// manual page lists each option as an entry of its own instead of pasting `--help` text.
struct DocumentedOption: Decodable, Equatable {
  /// How the option is written: `--feature`, `-x`, `-ex`.
  struct Name: Decodable, Equatable {
    var kind: String
    var name: String

    var written: String {
      switch kind {
      case "long": "--" + name
      case "short", "longWithSingleDash": "-" + name
      default: name
      }
    }
  }

  /// `positional`, `option` or `flag`.
  var kind: String
  var names: [Name]?
  var valueName: String?
  var isRepeating: Bool
  var shouldDisplay: Bool
  var abstract: String?

  var isPositional: Bool { kind == "positional" }
  var takesValue: Bool { kind == "option" }

  /// The options `command` shows in its help, in the order it shows them.
  static func options(of command: any ParsableCommand.Type) -> [DocumentedOption] {
    struct Dump: Decodable {
      struct Command: Decodable { var arguments: [DocumentedOption]? }
      var command: Command
    }
    let dump = try? JSONDecoder().decode(Dump.self, from: Data(command._dumpHelp().utf8))
    return (dump?.command.arguments ?? []).filter(\.shouldDisplay)
  }
}
