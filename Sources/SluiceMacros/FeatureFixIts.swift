import SwiftDiagnostics
import SwiftSyntax

/// The source changes behind `@Feature`'s fix-its.
extension FeatureDiagnostics {
  /// Changes `class Action` to `enum Action`, adjusting the modifiers only classes take:
  /// `final` goes and `open` becomes `public` (`final class Action` becomes `enum Action`).
  static func retype(_ introducer: TokenSyntax, to keyword: Keyword, modifiers: DeclModifierListSyntax)
    -> [FixIt.Change]
  {
    var changes: [FixIt.Change] = []
    for modifier in modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.final):
        // An empty token keeps the modifier's leading trivia (its indentation) and drops the rest.
        let nothing = TokenSyntax(.identifier(""), leadingTrivia: modifier.leadingTrivia, presence: .present)
        changes.append(.replace(oldNode: Syntax(modifier), newNode: Syntax(nothing)))
      case .keyword(.open):
        changes.append(
          .replace(oldNode: Syntax(modifier.name), newNode: Syntax(modifier.name.with(\.tokenKind, .keyword(.public)))))
      default:
        continue
      }
    }
    let retyped = introducer.with(\.tokenKind, .keyword(keyword))
    return changes + [.replace(oldNode: Syntax(introducer), newNode: Syntax(retyped))]
  }

  static func modifiers(of decl: DeclSyntax) -> DeclModifierListSyntax {
    decl.asProtocol(WithModifiersSyntax.self)?.modifiers ?? []
  }

  /// Deletes a member with its leading trivia (its line break, indentation and doc comment).
  static func remove(_ item: MemberBlockItemSyntax) -> FixIt.Change {
    .replace(oldNode: Syntax(item), newNode: Syntax(MemberBlockItemListSyntax([])))
  }

  /// Inserts a member after `previous`, or first when `previous` is `nil`.
  static func insert(_ source: String, after previous: MemberBlockItemSyntax?, in block: MemberBlockSyntax)
    -> FixIt.Change
  {
    var members = Array(block.members)
    let index = previous.flatMap { previous in members.firstIndex { $0.id == previous.id } }.map { $0 + 1 } ?? 0
    members.insert(member(source, in: block), at: index)
    return replaceMembers(of: block, with: members)
  }

  static func insert(_ source: String, atEndOf block: MemberBlockSyntax) -> FixIt.Change {
    var item = member(source, in: block)
    if !block.members.isEmpty {
      item.leadingTrivia = .newline + item.leadingTrivia  // a blank line before it
    }
    var members = Array(block.members)
    members.append(item)
    return replaceMembers(of: block, with: members)
  }

  private static func replaceMembers(of block: MemberBlockSyntax, with members: [MemberBlockItemSyntax])
    -> FixIt.Change
  {
    var list = MemberBlockItemListSyntax(members)
    let closingOnOwnLine = block.rightBrace.leadingTrivia.contains {
      if case .newlines = $0 { true } else { false }
    }
    if block.members.isEmpty, !closingOnOwnLine {
      list.trailingTrivia = .newline  // `struct Counter {}`: put `}` on a line of its own
    }
    return .replace(oldNode: Syntax(block.members), newNode: Syntax(list))
  }

  /// A member parsed from `source`, each line indented, starting on a new line.
  private static func member(_ source: String, in block: MemberBlockSyntax) -> MemberBlockItemSyntax {
    let indentation = indentation(of: block)
    let indented = source.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : indentation + $0 }
      .joined(separator: "\n")
    let decl = DeclSyntax(stringLiteral: "\n" + indented)
    return MemberBlockItemSyntax(decl: decl)
  }

  /// The indentation of the block's first member, or two spaces past the declaration's.
  private static func indentation(of block: MemberBlockSyntax) -> String {
    if let first = block.members.first {
      return lastLineIndentation(first.leadingTrivia)
    }
    return lastLineIndentation(block.parent?.leadingTrivia ?? []) + "  "
  }

  private static func lastLineIndentation(_ trivia: Trivia) -> String {
    var indentation = ""
    for piece in trivia {
      switch piece {
      case .spaces(let count): indentation += String(repeating: " ", count: count)
      case .tabs(let count): indentation += String(repeating: "\t", count: count)
      case .newlines, .carriageReturns, .carriageReturnLineFeeds: indentation = ""
      default: continue
      }
    }
    return indentation
  }
}
