import SluiceAgentAccess
import SluiceFiles

#if canImport(Glibc)
  import Glibc
  private let streamSocket = Int32(SOCK_STREAM.rawValue)
#elseif canImport(Darwin)
  import Darwin
  private let streamSocket = SOCK_STREAM
#endif

/// `sluice dap --listen PATH`: one editor, on a Unix socket at PATH, for editors that start
/// the adapter and then connect to it (nvim-dap's `pipe` adapter, VS Code's named-pipe
/// server).
///
/// Who may connect: the socket is made 0600, so only this user (and root) can; its folder
/// (a directory) must be this user's, and writable by no one else unless it is sticky (as `/tmp` is), so no
/// other user can put their own socket in its place. A connection from another user (Linux
/// tells the peer's credentials) is closed unread. The socket is removed once the editor has
/// connected: it serves one editor.
package final class AdapterSocket: Sendable {
  /// Where the socket is.
  package let path: String
  private let listener: Int32

  private init(path: String, listener: Int32) {
    (self.path, self.listener) = (path, listener)
  }

  deinit {
    close(listener)
    SocketFile.remove(path)
  }

  /// Makes the socket at `path`, listening: an editor may connect from now on.
  ///
  /// - Throws: ``AdapterError`` naming what is wrong with the path or its directory, or the
  ///   call that failed.
  package static func listen(at path: String) throws(AdapterError) -> AdapterSocket {
    try checkFolder(of: path)
    do {
      try SocketFile.prepare(path, shorter: "choose a shorter path")
    } catch {
      throw AdapterError(error.message)
    }
    let listener = socket(AF_UNIX, streamSocket, 0)
    guard listener >= 0 else { throw AdapterError("cannot make a socket: \(errorText())") }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { bytes in
      for (offset, byte) in path.utf8.enumerated() { bytes[offset] = byte }
    }
    // 0600 from its creation: no moment in which another user could connect.
    let previousMask = umask(0o177)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    umask(previousMask)
    guard bound == 0 else {
      close(listener)
      throw AdapterError("cannot make the socket \(path): \(errorText())")
    }
    let socket = AdapterSocket(path: path, listener: listener)
    guard startListening(listener) == 0 else { throw AdapterError("cannot listen on \(path): \(errorText())") }
    return socket
  }

  /// Waits for one editor of this user's to connect, and removes the socket: it serves one.
  ///
  /// - Returns: The connection's descriptor.
  package func acceptOne() throws(AdapterError) -> Int32 {
    defer { SocketFile.remove(path) }
    while true {
      let connection = accept(listener, nil, nil)
      if connection < 0 {
        if errno == EINTR { continue }
        throw AdapterError("cannot accept on \(path): \(errorText())")
      }
      guard Self.isThisUser(connection) else {
        close(connection)
        continue
      }
      return connection
    }
  }

  /// Throws unless `path`'s folder is this user's and no one else can replace what is in it.
  private static func checkFolder(of path: String) throws(AdapterError) {
    let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
    let shown = folder.isEmpty ? "/" : folder
    guard let status = linkStatus(folder.isEmpty ? "/" : folder) else {
      throw AdapterError("cannot examine the directory \(shown) of \(path): \(errorText())")
    }
    let kind = FileKind(mode: status.st_mode)
    guard kind == .directory else { throw AdapterError("\(shown), where \(path) would be, is \(kind.phrase), not a directory") }
    let othersWrite = status.st_mode & (S_IWGRP | S_IWOTH) != 0
    let sticky = status.st_mode & S_ISVTX != 0
    guard status.st_uid == getuid() || (othersWrite && sticky) else {
      throw AdapterError("the directory \(shown) belongs to another user: make the socket in a directory of yours")
    }
    guard !othersWrite || sticky else {
      throw AdapterError(
        "the directory \(shown) (mode \(octalMode(status.st_mode & 0o7777))) can be written by others: another user could "
          + "replace the socket; make it in a directory only you can write")
    }
  }

  /// Whether the peer on `connection` runs as this user, where the system says.
  private static func isThisUser(_ connection: Int32) -> Bool {
    #if canImport(Glibc)
      // Linux's `struct ucred` (pid, uid, gid), which Swift's Glibc module leaves out.
      var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
      var length = socklen_t(MemoryLayout.size(ofValue: credentials))
      guard getsockopt(connection, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return false }
      return credentials.uid == getuid()
    #else
      var uid = uid_t()
      var gid = gid_t()
      guard getpeereid(connection, &uid, &gid) == 0 else { return false }
      return uid == getuid()
    #endif
  }
}

/// `listen(2)` with a backlog of one, outside `AdapterSocket`, whose `listen(at:)` hides it.
private func startListening(_ descriptor: Int32) -> Int32 {
  listen(descriptor, 1)
}
