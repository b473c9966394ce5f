/// A property's path as a key path literal shows it, `\.query`: a leaf when reflected, so a
/// binding prints as it is written.
struct BindingPath: CustomStringConvertible, CustomReflectable, Sendable {
  let name: String

  init(_ name: String) {
    self.name = name
  }

  var description: String { "\\." + name }

  /// No children and no display style: reflection treats it as a leaf and prints its
  /// description.
  var customMirror: Mirror { Mirror(self, children: [], displayStyle: nil) }

  /// The path of `keyPath` without its root type, `query` for `\State.query`, read from the
  /// key path's debug description (`\State.query`) after the root's own (`\State.self`).
  static func name<Root>(of keyPath: PartialKeyPath<Root>) -> String {
    let path = keyPath.debugDescription
    let root = (\Root.self as AnyKeyPath).debugDescription.dropLast("self".count)
    return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
  }

  /// `query` for `\.query`, `query`, or `\State.query`; the text a binding is written with.
  static func name(parsing text: String) -> String {
    guard text.hasPrefix("\\") else { return text }
    let path = text.dropFirst()
    if path.hasPrefix(".") { return String(path.dropFirst()) }
    // `\State.query`: drop the type's name, the first component.
    return path.firstIndex(of: ".").map { String(path[path.index(after: $0)...]) } ?? String(path)
  }
}
