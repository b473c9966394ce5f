import ArgumentParser
import SluiceDebugger
import SluiceReporting
import SluiceFiles

/// What a script declares in its `# sluice:` header lines (see `ScriptHeader`).
package struct ScriptDeclaredOptions: ParsableArguments {
  @Option(help: "The feature the script is for.")
  package var feature: String?

  @OptionGroup package var session: SessionFlags

  package init() {}

  /// The options declared at the top of the script at `path` (none for `-` or no file).
  package static func read(from path: String?) throws -> ScriptDeclaredOptions {
    guard let path, path != "-" else { return try parse([]) }
    // Read as the run will read it (regular files only, never blocking); an unreadable file
    // is reported when the script runs, with its proper message.
    guard let bytes = try? RegularFile.contents(of: path, limit: RegularFile.scriptLimit) else { return try parse([]) }
    return try read(header: String(decoding: bytes, as: UTF8.self), of: path)
  }

  /// The options the `# sluice:` lines at the top of `text` declare; `name` names the
  /// script in an error.
  package static func read(header text: String, of name: String) throws -> ScriptDeclaredOptions {
    let arguments = ScriptHeader.arguments(in: text)
    do {
      return try parse(arguments)
    } catch {
      throw ValidationError("\(name): the `# sluice:` line declares \(arguments.joined(separator: " ")): \(message(for: error))")
    }
  }
}
