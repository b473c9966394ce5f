import SwiftDiagnostics
import SwiftSyntax

/// What is wrong with a `@Feature` declaration, each problem with a fix-it.
enum FeatureDiagnostics {
  /// Every problem with `declaration`, in source order; empty when the macro can expand.
  static func problems(in declaration: some DeclGroupSyntax) -> [Diagnostic] {
    guard let structDecl = declaration.as(StructDeclSyntax.self) else {
      return [notAStruct(declaration)]
    }
    let name = structDecl.name.text
    let members = structDecl.memberBlock.members
    let found = FeatureMembers(members)
    var problems: [Diagnostic] = []
    if found.state == nil {
      problems.append(
        Diagnostic(
          node: structDecl.name,
          message: MacroDiagnostic(
            message: "@Feature needs a 'State' type declared inside '\(name)'", id: "feature.missingState"),
          fixIt: FixIt(
            message: MacroFixIt(message: "add 'struct State'", id: "feature.addState"),
            changes: [insert("struct State: Equatable, Sendable {}", after: nil, in: structDecl.memberBlock)])))
    }
    if let action = found.action {
      if !action.isEnum, !action.isTypeAlias {
        problems.append(actionNotAnEnum(action, feature: name))
      }
    } else {
      problems.append(
        Diagnostic(
          node: structDecl.name,
          message: MacroDiagnostic(
            message: "@Feature needs an 'Action' enum declared inside '\(name)'", id: "feature.missingAction"),
          fixIt: FixIt(
            message: MacroFixIt(message: "add 'enum Action'", id: "feature.addAction"),
            changes: [
              insert("enum Action: Equatable, Sendable {}", after: found.state?.item, in: structDecl.memberBlock)
            ])))
    }
    problems += reducerProblems(found, in: structDecl)
    return problems
  }

  private static func notAStruct(_ declaration: some DeclGroupSyntax) -> Diagnostic {
    let name = declaration.asProtocol(NamedDeclSyntax.self)?.name.text ?? "it"
    let keyword = declaration.introducer
    var fixIts: [FixIt] = []
    if [.keyword(.class), .keyword(.actor), .keyword(.enum)].contains(keyword.tokenKind) {
      fixIts.append(
        FixIt(
          message: MacroFixIt(message: "make '\(name)' a struct", id: "feature.makeStruct"),
          changes: retype(keyword, to: .struct, modifiers: declaration.modifiers)))
    }
    return Diagnostic(
      node: keyword,
      message: MacroDiagnostic(
        message:
          "@Feature applies to a struct holding 'State', 'Action' and a reducer, not to \(declaration.kindName.withArticle)",
        id: "feature.notAStruct"),
      fixIts: fixIts)
  }

  private static func actionNotAnEnum(_ action: FeatureMembers.NestedType, feature: String) -> Diagnostic {
    Diagnostic(
      node: action.introducer,
      message: MacroDiagnostic(
        message: "'Action' must be an enum: @Feature describes its cases to the debugger",
        id: "feature.actionNotAnEnum"),
      fixIt: FixIt(
        message: MacroFixIt(message: "make 'Action' an enum", id: "feature.makeActionEnum"),
        changes: retype(action.introducer, to: .enum, modifiers: modifiers(of: action.item.decl))))
  }

  private static func reducerProblems(_ found: FeatureMembers, in structDecl: StructDeclSyntax) -> [Diagnostic] {
    let name = structDecl.name.text
    if found.bodies.isEmpty, found.reduceMethods.isEmpty {
      let stub = """
        var body: some Reducer<State, Action> {
          Reduce { state, action in
            .none
          }
        }
        """
      return [
        Diagnostic(
          node: structDecl.name,
          message: MacroDiagnostic(
            message:
              "@Feature needs a reducer in '\(name)': 'var body: some Reducer<State, Action>' or 'func reduce(into:action:)'",
            id: "feature.missingReducer"),
          fixIt: FixIt(
            message: MacroFixIt(message: "add 'var body'", id: "feature.addBody"),
            changes: [insert(stub, atEndOf: structDecl.memberBlock)]))
      ]
    }
    var problems: [Diagnostic] = []
    for extra in found.bodies.dropFirst() {
      problems.append(writtenTwice(extra, what: "body", feature: name))
    }
    for extra in found.reduceMethods.dropFirst() {
      problems.append(writtenTwice(extra, what: "reduce(into:action:)", feature: name))
    }
    if let body = found.bodies.first, let reduce = found.reduceMethods.first {
      // Reported at whichever comes second; either can go.
      let later = body.item.position > reduce.item.position ? body : reduce
      problems.append(
        Diagnostic(
          node: later.name,
          message: MacroDiagnostic(
            message:
              "'\(name)' writes its reducer twice, as 'body' and as 'reduce(into:action:)'; @Feature forwards 'reduce' to 'body', so keep one",
            id: "feature.reducerTwice"),
          fixIts: [
            FixIt(
              message: MacroFixIt(message: "remove 'reduce(into:action:)'", id: "feature.removeReduce"),
              changes: [remove(reduce.item)]),
            FixIt(
              message: MacroFixIt(message: "remove 'body'", id: "feature.removeBody"),
              changes: [remove(body.item)]),
          ]))
    }
    return problems.sorted { $0.position < $1.position }
  }

  private static func writtenTwice(_ member: FeatureMembers.ReducerMember, what: String, feature: String)
    -> Diagnostic
  {
    Diagnostic(
      node: member.name,
      message: MacroDiagnostic(
        message: "'\(feature)' writes its reducer twice: '\(what)' is declared again here; keep one",
        id: "feature.reducerTwice"),
      fixIt: FixIt(
        message: MacroFixIt(message: "remove this '\(what)'", id: "feature.removeDuplicate"),
        changes: [remove(member.item)]))
  }
}

// MARK: - Edits

extension FeatureDiagnostics {
  /// Changes `class Action` to `enum Action`, adjusting the modifiers only classes take:
  /// `final` goes and `open` becomes `public` (`final class Action` becomes `enum Action`).
  private static func retype(_ introducer: TokenSyntax, to keyword: Keyword, modifiers: DeclModifierListSyntax)
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

  private static func modifiers(of decl: DeclSyntax) -> DeclModifierListSyntax {
    decl.asProtocol(WithModifiersSyntax.self)?.modifiers ?? []
  }

  /// Deletes a member with its leading trivia (its line break, indentation and doc comment).
  private static func remove(_ item: MemberBlockItemSyntax) -> FixIt.Change {
    .replace(oldNode: Syntax(item), newNode: Syntax(MemberBlockItemListSyntax([])))
  }

  /// Inserts a member after `previous`, or first when `previous` is `nil`.
  private static func insert(_ source: String, after previous: MemberBlockItemSyntax?, in block: MemberBlockSyntax)
    -> FixIt.Change
  {
    var members = Array(block.members)
    let index = previous.flatMap { previous in members.firstIndex { $0.id == previous.id } }.map { $0 + 1 } ?? 0
    members.insert(member(source, in: block), at: index)
    return replaceMembers(of: block, with: members)
  }

  private static func insert(_ source: String, atEndOf block: MemberBlockSyntax) -> FixIt.Change {
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
