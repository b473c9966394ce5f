import SwiftSyntax

/// The access modifier generated members repeat, so a public feature's members are public.
enum AccessLevel {
  /// `"public "` or `"package "` when the declaration says so; otherwise nothing, so members
  /// get the default access (never more than the type's own).
  static func prefix(of modifiers: DeclModifierListSyntax) -> String {
    for modifier in modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.public), .keyword(.open): return "public "
      case .keyword(.package): return "package "
      default: continue
      }
    }
    return ""
  }
}
