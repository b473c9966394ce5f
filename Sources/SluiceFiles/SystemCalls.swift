#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library's words for an error number (`errno` by default): "Permission denied".
package func errorText(_ code: Int32 = errno) -> String {
  String(cString: strerror(code))
}

/// A file mode's permission bits in octal, as `chmod` takes them: `0775`.
package func octalMode(_ mode: mode_t) -> String {
  "0" + String(mode & 0o7777, radix: 8)
}

/// The file at `path`, not following a final symbolic link, or nil with `errno` set.
package func linkStatus(_ path: String) -> stat? {
  var status = stat()
  return lstat(path, &status) == 0 ? status : nil
}

/// `folder` and `name` joined with one slash.
package func joinPath(_ folder: String, _ name: String) -> String {
  folder.hasSuffix("/") ? folder + name : folder + "/" + name
}
