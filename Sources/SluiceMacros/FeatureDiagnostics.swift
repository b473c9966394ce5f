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
        problems.append(actionNotAnEnum(action))
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
        message: "@Feature applies to a struct holding 'State', 'Action' and a reducer, "
          + "not to \(declaration.kindName.withArticle)",
        id: "feature.notAStruct"),
      fixIts: fixIts)
  }

  private static func actionNotAnEnum(_ action: FeatureMembers.NestedType) -> Diagnostic {
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
            message: "@Feature needs a reducer in '\(name)': "
              + "'var body: some Reducer<State, Action>' or 'func reduce(into:action:)'",
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
            message: "'\(name)' writes its reducer twice, as 'body' and as 'reduce(into:action:)'; "
              + "@Feature forwards 'reduce' to 'body', so keep one",
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
