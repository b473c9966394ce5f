#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SluiceFiles

/// The private runtime folder that holds the agents' sockets and discovery files: `sluice` in
/// `$XDG_RUNTIME_DIR`, else in `$TMPDIR`, else in `/tmp`; and if that one is refused, `sluice-UID`
/// (this user's id) beside it.
///
/// Anyone who can write to the folder could put their own socket where `sluice attach` looks,
/// or remove ours, so the folder must be a real folder, owned by this user and writable by no
/// one else. A missing folder is created with mode 0700. In a folder every user shares (`/tmp`)
/// another user can create `sluice` first; the folder named for the user is then used, checked
/// the same way, so that no one else stops a program's agent from starting by taking a name.
package struct AgentFolder: Sendable, Equatable {
  /// The folder's path.
  package let path: String

  /// The folder's path for `environment`: the three variables are read from it, an empty
  /// value counting as unset.
  package static func path(in environment: [String: String]) -> String {
    for key in ["XDG_RUNTIME_DIR", "TMPDIR"] {
      if let base = environment[key], !base.isEmpty { return joinPath(base, "sluice") }
    }
    return "/tmp/sluice"
  }

  /// The variables `path(in:)` reads, from this process's environment.
  package static func processEnvironment() -> [String: String] {
    var environment: [String: String] = [:]
    for key in ["XDG_RUNTIME_DIR", "TMPDIR"] {
      if let value = getenv(key) { environment[key] = String(cString: value) }
    }
    return environment
  }

  /// The folders to use for `environment`, in order: `path(in:)`, then the one named for
  /// `owner` beside it.
  package static func candidates(in environment: [String: String], owner: uid_t = getuid()) -> [String] {
    let shared = path(in: environment)
    return [shared, shared + "-\(owner)"]
  }

  /// Creates the folder for `environment` if it is missing, then checks it: a folder, not a
  /// symbolic link, owned by `owner` and not writable by its group or others. If it is refused,
  /// the folder named for `owner` beside it, the same way.
  ///
  /// - Throws: When both are refused, naming both and why.
  package static func prepare(
    environment: [String: String] = processEnvironment(),
    owner: uid_t = getuid()
  ) throws(AgentError) -> AgentFolder {
    var reasons: [String] = []
    for path in candidates(in: environment, owner: owner) {
      do { return try prepare(at: path, owner: owner) } catch { reasons.append(error.message) }
    }
    throw AgentError(reasons.joined(separator: "; and "))
  }

  /// The folders for `environment` that exist and pass the checks, without creating any: where
  /// `sluice attach` looks for programs, wherever each agent had to go.
  package static func existing(
    environment: [String: String] = processEnvironment(),
    owner: uid_t = getuid()
  ) -> [AgentFolder] {
    candidates(in: environment, owner: owner).compactMap { path in
      guard let status = linkStatus(path), (try? check(status, path: path, owner: owner)) != nil else { return nil }
      return AgentFolder(path: path)
    }
  }

  /// Creates the folder at `path` if it is missing, then checks it as `prepare(environment:)`.
  package static func prepare(at path: String, owner: uid_t = getuid()) throws(AgentError) -> AgentFolder {
    // mkdir creates with at most 0700 whatever the umask; if it already exists, the checks
    // below look at what is there. `lstat`, so that a symbolic link is seen, never followed.
    if mkdir(path, 0o700) != 0, errno != EEXIST {
      throw AgentError("cannot create the folder \(path): \(errorText())")
    }
    guard let status = linkStatus(path) else {
      throw AgentError("cannot examine the folder \(path): \(errorText())")
    }
    try check(status, path: path, owner: owner)
    return AgentFolder(path: path)
  }

  /// Throws unless `status` is a folder owned by `owner` that only its owner can write.
  private static func check(_ status: stat, path: String, owner: uid_t) throws(AgentError) {
    let kind = FileKind(mode: status.st_mode)
    guard kind == .directory else {
      throw AgentError(
        "\(path) is \(kind.phrase), not a directory; remove it (rm \(path)) so Sluice can create "
          + "a private directory there"
      )
    }
    guard status.st_uid == owner else {
      throw AgentError(
        "the folder \(path) is owned by someone else (user id \(status.st_uid), not \(owner)); remove it or "
          + "set XDG_RUNTIME_DIR to a folder of your own"
      )
    }
    let mode = octalMode(status.st_mode)
    if status.st_mode & 0o020 != 0 {
      throw AgentError("the folder \(path) is writable by its group (mode \(mode)); run chmod 700 \(path)")
    }
    if status.st_mode & 0o002 != 0 {
      throw AgentError("the folder \(path) is writable by everyone (mode \(mode)); run chmod 700 \(path)")
    }
  }

  /// The path of `name` inside the folder.
  package func file(_ name: String) -> String { joinPath(path, name) }
}
