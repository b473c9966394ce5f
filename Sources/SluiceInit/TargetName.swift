/// What a target name must be: one folder name under `Sources/` that SwiftPM reads, since
/// `sluice-init` writes `Sources/NAME/main.swift`.
package enum TargetName {
  /// The longest file name most file systems hold, in bytes (`NAME_MAX`).
  package static let maximumBytes = 255

  /// The rule `name` breaks, in words, or `nil` when it can name a target.
  package static func problem(with name: String) -> String? {
    if name.isEmpty { return "it is empty" }
    if name == "." || name == ".." { return "`\(name)` names an existing folder, not a folder of its own" }
    if name.contains("/") { return "it holds a `/`: a target name is one folder name under Sources/, not a path" }
    if name.hasPrefix(".") { return "it starts with a `.`, and SwiftPM ignores hidden folders in Sources/" }
    if let control = name.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
      let code = String(control.value, radix: 16, uppercase: true)
      return "it holds a control character (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code))"
    }
    if name.utf8.count > maximumBytes {
      return "it is \(name.utf8.count) bytes long, and a folder name holds at most \(maximumBytes)"
    }
    return nil
  }

  /// The name Swift imports a target's module by, as SwiftPM makes it: every character that
  /// cannot be in an identifier becomes `_`, and a leading digit gets one before it
  /// (`my-lib` is `my_lib`).
  package static func moduleName(of target: String) -> String {
    var name = String(target.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    if name.first?.isNumber ?? true { name = "_" + name }
    return name
  }
}
