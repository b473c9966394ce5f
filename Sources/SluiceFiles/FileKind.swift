#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a file is, by its type in `st_mode`, and what every error message calls it: one
/// vocabulary (`a directory`, `a FIFO`) for the engine, the agent and `sluice-init`.
package enum FileKind: Equatable, Sendable {
  case regularFile, directory, symbolicLink, socket, fifo, characterDevice, blockDevice, other

  /// The kind of file a `stat` mode says.
  package init(mode: mode_t) {
    switch mode & S_IFMT {
    case S_IFREG: self = .regularFile
    case S_IFDIR: self = .directory
    case S_IFLNK: self = .symbolicLink
    case S_IFSOCK: self = .socket
    case S_IFIFO: self = .fifo
    case S_IFCHR: self = .characterDevice
    case S_IFBLK: self = .blockDevice
    default: self = .other
    }
  }

  /// `a directory`, `a FIFO`…: what a message calls a file of this kind.
  package var phrase: String {
    switch self {
    case .regularFile: "a regular file"
    case .directory: "a directory"
    case .symbolicLink: "a symbolic link"
    case .socket: "a socket"
    case .fifo: "a FIFO"
    case .characterDevice: "a character device"
    case .blockDevice: "a block device"
    case .other: "a special file"
    }
  }
}
