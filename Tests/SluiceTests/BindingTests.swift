import Foundation
import Sluice
import SluiceTesting
import Testing

/// A form whose fields UI code sets through bindings, without a case per field.
private struct Form: Reducer {
  struct Filter: Codable, Equatable, Sendable {
    var text = ""
  }

  struct State: BindableState, Codable, Equatable, Sendable {
    var name = ""
    var notifies = false
    var filter = Filter()
    var saves = 0

    static let bindableProperties: [BindableProperty<Self>] = [
      .property(\.name), .property(\.notifies), .property(\.filter.text),
    ]
  }

  enum Action: BindableAction, Codable, Equatable, Sendable {
    case binding(BindingAction<State>)
    case save

    var binding: BindingAction<State>? {
      if case .binding(let binding) = self { binding } else { nil }
    }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    CombineReducers {
      BindingReducer<State, Action>()
      Reduce<State, Action> { state, action in
        if action == .save { state.saves += 1 }
        return .none
      }
    }
    .reduce(into: &state, action: action)
  }
}

@MainActor
@Suite struct BindingTests {
  @Test func aBindingSetsItsPropertyAndNothingElse() {
    let store = Store(initialState: Form.State(), reducer: Form())
    store.send(.binding(.set(\.name, "Ada")))
    store.set(\.notifies, to: true)
    store.set(\.filter.text, to: "milk")
    store.send(.save)
    #expect(store.state == Form.State(name: "Ada", notifies: true, filter: .init(text: "milk"), saves: 1))
  }

  @Test func bindingsAreEqualWhenTheySetTheSamePropertyToTheSameValue() {
    let name: BindingAction<Form.State> = .set(\.name, "Ada")
    #expect(name == .set(\.name, "Ada"))
    #expect(name != .set(\.name, "Grace"))
    #expect(BindingAction<Form.State>.set(\.filter.text, "Ada") != name)
    #expect(name.propertyName == "name")
    #expect(BindingAction<Form.State>.set(\.filter.text, "x").propertyName == "filter.text")
  }

  @Test func aBindingPrintsAsItIsWritten() {
    let binding: BindingAction<Form.State> = .set(\.filter.text, "milk")
    #expect(binding.description == #".set(\.filter.text, "milk")"#)
    let mirror = Mirror(reflecting: binding)
    #expect(mirror.displayStyle == .enum)
    #expect(mirror.children.first?.label == "set")
  }

  @Test func aBindingTravelsAsJSONAndReadsBackAsTheSameValue() throws {
    let actions: [Form.Action] = [.binding(.set(\.name, "Ada")), .binding(.set(\.filter.text, "milk")), .save]
    let data = try JSONEncoder().encode(actions)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains(#""_0":"\\.name""#) && text.contains(#""_1":"Ada""#))
    #expect(try JSONDecoder().decode([Form.Action].self, from: data) == actions)
  }

  @Test func aDecodedBindingAcceptsThePathWithOrWithoutItsRoot() throws {
    for path in [#"name"#, #"\\.name"#, #"\\State.name"#] {
      let json = #"{"binding":{"_0":{"set":{"_0":"\#(path)","_1":"Ada"}}}}"#
      #expect(try JSONDecoder().decode(Form.Action.self, from: Data(json.utf8)) == .binding(.set(\.name, "Ada")))
    }
  }

  @Test func aBindingToAPropertyTheStateDoesNotListIsAnErrorThatNamesTheListed() {
    let json = #"{"set":{"_0":"\\.saves","_1":3}}"#
    #expect {
      try JSONDecoder().decode(BindingAction<Form.State>.self, from: Data(json.utf8))
    } throws: { error in
      String(describing: error).contains(#"\.saves is not a bindable property of State (bindable: \.name, \.notifies, \.filter.text)"#)
    }
  }

  @Test func aValueOfTheWrongTypeForThePropertyIsAnError() {
    let json = #"{"set":{"_0":"\\.notifies","_1":"yes"}}"#
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(BindingAction<Form.State>.self, from: Data(json.utf8))
    }
  }

  @Test func theTestStoreAssertsBindingsLikeAnyAction() async {
    let store = TestStore(initialState: Form.State(), reducer: Form(), timeout: hangGuard)
    await store.send(.binding(.set(\.name, "Ada"))) { $0.name = "Ada" }
    await store.send(.binding(.set(\.notifies, true))) { $0.notifies = true }
    await store.finish()
  }
}
