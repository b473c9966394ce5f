#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process locale for the terminal's characters.
package enum TerminalLocale {
  /// Takes the character set from the environment (`LANG`, `LC_ALL`, `LC_CTYPE`) and, when
  /// that is not UTF-8 (unset in a container, or `POSIX`), switches to `C.UTF-8`: libedit
  /// prints any character its locale cannot encode as an octal escape.
  ///
  /// - Returns: Whether the character set is UTF-8 afterwards.
  @discardableResult
  package static func configure() -> Bool {
    setlocale(LC_CTYPE, "")
    if isUTF8 { return true }
    for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] where setlocale(LC_CTYPE, name) != nil {
      if isUTF8 { return true }
    }
    return false
  }

  private static var isUTF8: Bool {
    guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
    let name = String(cString: codeset).lowercased()
    return name == "utf-8" || name == "utf8"
  }
}
