@testable import SluiceReporting
import ExampleRegistry
import Sluice
import SluiceDebugger
import Testing

@testable import SluiceShell

@MainActor
@Suite struct ActionCompletionTests {
  private func complete(_ text: String, in feature: String) throws -> Completions {
    let session = try Debugger(registry: exampleFeatures).use(feature)
    return ActionCompletion.completions(for: text, in: session.inspection)
  }

  @Test func caseNamesComeWithTheirLabels() throws {
    let add = try complete(".ad", in: "todos")
    #expect(add.stem == ".ad")
    #expect(add.candidates.map(\.text) == [".add(title: "])
    #expect(add.candidates.map(\.display) == [".add(title: String)"])
    #expect(add.candidates.first?.isFinal == false)
  }

  @Test func everyCaseIsOfferedForAnEmptyAction() throws {
    let all = try complete("", in: "counter")
    #expect(all.candidates.map(\.text) == [".increment", ".decrement", ".setStep(", ".reset"])
    #expect(all.candidates.map(\.display) == [".increment", ".decrement", ".setStep(_: Int)", ".reset"])
    #expect(all.candidates.first?.isFinal == true)
  }

  @Test func labelsInsideAnOpenCase() throws {
    let labels = try complete(".toggle(", in: "todos")
    #expect(labels.candidates.map(\.text) == ["id: "])
    #expect(try complete(".toggle(id: ", in: "todos").candidates.isEmpty)
    #expect(try complete(#".add(title: "Mi"#, in: "todos").candidates.isEmpty)
  }

  @Test func aBindingLeadsToItsPropertiesAfterItsKeyPath() throws {
    #expect(try complete(".bin", in: "search").candidates.map(\.text) == [".binding(."])
    #expect(try complete(".binding(.", in: "search").candidates.map(\.text) == [".set("])
    let property = try complete(#".binding(.set(\.q"#, in: "search")
    #expect(property.stem == #"\.q"#)
    #expect(property.candidates.map(\.text) == [#"\.query, "#])
    #expect(property.candidates.map(\.display) == [#"\.query"#])
    #expect(property.candidates.first?.isFinal == false)
    // Only the first argument names a property; a string is no key path.
    #expect(try complete(#".binding(.set(\.query, \."#, in: "search").candidates.isEmpty)
    #expect(try complete(#".binding(.set(\.query, "\."#, in: "search").candidates.isEmpty)
  }

  @Test func nestedBindablePropertiesAreCompletedInsideAParentCase() {
    let all = ActionCompletion.completions(for: #".form(.binding(.set(\."#, of: Page.actionDescription)
    #expect(all.candidates.map(\.text) == [#"\.name, "#, #"\.filter.text, "#])
    let nested = ActionCompletion.completions(for: #".form(.binding(.set(\.filter."#, of: Page.actionDescription)
    #expect(nested.stem == #"\.filter."#)
    #expect(nested.candidates.map(\.text) == [#"\.filter.text, "#])
  }

  @Test func nestedCasesAreCompletedInsideTheirParent() {
    let nested = ActionCompletion.completions(for: ".row(.tog", of: Shelf.actionDescription)
    #expect(nested.stem == ".tog")
    #expect(nested.candidates.map(\.text) == [".toggle(id: "])
    #expect(nested.candidates.first?.isFinal == false)  // No space inside parentheses.
    #expect(ActionCompletion.completions(for: ".ro", of: Shelf.actionDescription).candidates.map(\.text) == [".row(."])
    let labelled = ActionCompletion.completions(for: ".move(row: .de", of: Shelf.actionDescription)
    #expect(labelled.candidates.map(\.text) == [".delete"])
    let labels = ActionCompletion.completions(for: ".move(row: .delete, t", of: Shelf.actionDescription)
    #expect(labels.candidates.map(\.text) == ["to: "])
  }
}

/// A hand-written description with a nested action enum, as `@Scriptable` writes them.
private enum Row: ScriptableAction {
  static var actionDescription: ActionDescription {
    ActionDescription(
      typeName: "Row.Action",
      cases: [
        ActionCaseDescription(
          name: "toggle", parameters: [ActionParameterDescription(label: "id", position: 0, typeName: "Int", valueType: Int.self)]),
        ActionCaseDescription(name: "delete"),
      ])
  }
}

private enum Shelf: ScriptableAction {
  static var actionDescription: ActionDescription {
    ActionDescription(
      typeName: "Shelf.Action",
      cases: [
        ActionCaseDescription(
          name: "row", parameters: [ActionParameterDescription(label: nil, position: 0, typeName: "Row", valueType: Row.self)]),
        ActionCaseDescription(
          name: "move",
          parameters: [
            ActionParameterDescription(label: "row", position: 0, typeName: "Row", valueType: Row.self),
            ActionParameterDescription(label: "to", position: 1, typeName: "Int", valueType: Int.self),
          ]),
        ActionCaseDescription(name: "reload"),
      ])
  }
}

/// A form whose state lists a nested bindable property, in a parent's action.
private struct FormState: BindableState, Sendable {
  struct Filter: Sendable { var text = "" }
  var name = ""
  var filter = Filter()

  static let bindableProperties: [BindableProperty<Self>] = [.property(\.name), .property(\.filter.text)]
}

private enum FormAction: ScriptableAction {
  static var actionDescription: ActionDescription {
    ActionDescription(
      typeName: "Form.Action",
      cases: [
        ActionCaseDescription(
          name: "binding",
          parameters: [
            ActionParameterDescription(
              label: nil, position: 0, typeName: "BindingAction<State>", valueType: BindingAction<FormState>.self)
          ])
      ])
  }
}

private enum Page: ScriptableAction {
  static var actionDescription: ActionDescription {
    ActionDescription(
      typeName: "Page.Action",
      cases: [
        ActionCaseDescription(
          name: "form",
          parameters: [ActionParameterDescription(label: nil, position: 0, typeName: "Form.Action", valueType: FormAction.self)])
      ])
  }
}
