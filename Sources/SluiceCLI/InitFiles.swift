import Foundation

/// The scripts the shell runs before its first prompt, as gdb reads `~/.gdbinit` and a
/// project's `.gdbinit`: the user's `init.sluice` in `$XDG_CONFIG_HOME/sluice` (else
/// `~/.config/sluice`), then `.sluiceinit` in the current directory, but only when that
/// directory (or one above it) is listed in the `trusted` file beside the user's init file,
/// as gdb's auto-load safe-path asks. A project's init file runs commands that read and write
/// files, so cloning a repository must not be enough to run it.
struct InitFiles {
  /// The scripts to run, in order.
  var files: [String] = []
  /// What to tell the user: a project init file left alone.
  var warnings: [String] = []

  /// The project-local init file's name.
  static let localName = ".sluiceinit"

  /// The init files for `environment`, in `directory`.
  init(environment: [String: String], directory: String) {
    let config = Self.configDirectory(in: environment)
    if let config, Self.isRegularFile(config + "/init.sluice") {
      files.append(config + "/init.sluice")
    }
    let local = (directory as NSString).appendingPathComponent(Self.localName)
    guard Self.isRegularFile(local) else { return }
    let canonical = URL(fileURLWithPath: directory).standardizedFileURL.resolvingSymlinksInPath().path
    let trustFile = config.map { $0 + "/trusted" }
    if let trustFile, Self.trustedDirectories(in: trustFile).contains(where: { Self.isInside(canonical, $0) }) {
      files.append(local)
    } else {
      let list = trustFile ?? "$XDG_CONFIG_HOME/sluice/trusted"
      warnings.append(
        "warning: not running \(local): \(canonical) is not trusted; add it as a line to \(list) to run it")
    }
  }

  /// `$XDG_CONFIG_HOME/sluice` when that is absolute, else `~/.config/sluice`.
  static func configDirectory(in environment: [String: String]) -> String? {
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/sluice" }
    if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.config/sluice" }
    return nil
  }

  /// The directories listed in `file`, one absolute path a line; `#` starts a comment.
  private static func trustedDirectories(in file: String) -> [String] {
    guard isRegularFile(file), let text = try? String(contentsOfFile: file, encoding: .utf8) else { return [] }
    return text.split(whereSeparator: \.isNewline)
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { $0.hasPrefix("/") }
      .map { URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path }
  }

  private static func isInside(_ directory: String, _ trusted: String) -> Bool {
    directory == trusted || directory.hasPrefix(trusted.hasSuffix("/") ? trusted : trusted + "/")
  }

  private static func isRegularFile(_ path: String) -> Bool {
    (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular
  }
}
