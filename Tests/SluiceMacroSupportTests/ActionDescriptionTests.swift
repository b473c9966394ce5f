import SluiceDebugger
import SluiceMacroSupport
import Testing

@Suite struct ActionDescriptionTests {
  @Test func everyCaseIsDescribedInSourceOrderWithItsParametersAndDocumentation() {
    let description = Tally.Action.actionDescription

    #expect(description.typeName == "Tally.Action")
    #expect(description.caseNames == ["add", "note", "reset", "move"])
    #expect(description.cases.map(\.signature) == [
      "add(amount: Int = 1)", "note(_: String, times: Int)", "reset", "move(_: Int, to: Int)",
    ])
    #expect(description.cases.map(\.fullName) == ["add(amount:)", "note(_:times:)", "reset", "move(_:to:)"])
    #expect(description.cases.map(\.documentation) == [
      "Adds `amount` to the count.", "Writes `note` down `times` times.", "Forgets everything.", nil,
    ])
    let add = description.case(named: "add")
    #expect(add?.parameters == [
      ActionParameterDescription(label: "amount", position: 0, typeName: "Int", defaultValue: "1", valueType: Int.self)
    ])
    #expect(description.case(named: "note")?.codingKeys == ["_0", "times"])
    #expect(description.case(named: "move")?.parameter(forCodingKey: "_0")?.typeName == "Int")
  }

  /// The description is checked against the enum itself: one value per case, named and
  /// labelled as reflection sees them.
  @Test func theDescriptionMatchesTheEnumAsReflectionSeesIt() {
    let samples: [Tally.Action] = [.add(amount: 2), .note("a", times: 1), .reset, .move(1, to: 2)]
    let description = Tally.Action.actionDescription

    #expect(samples.map(\.caseName) == description.caseNames)
    for (sample, described) in zip(samples, description.cases) {
      let mirror = Mirror(reflecting: sample)
      guard let payload = mirror.children.first else {
        #expect(described.parameters.isEmpty, "\(sample) has no payload")
        #expect(String(describing: sample) == described.name)
        continue
      }
      #expect(payload.label == described.name)
      // A payload reflects as a tuple (`(amount: Int)`, `(String, times: Int)`, unlabelled
      // elements as `.0`, `.1`, …), or as the bare value when it is one unlabelled parameter.
      let payloadMirror = Mirror(reflecting: payload.value)
      let fields = payloadMirror.displayStyle == .tuple ? payloadMirror.children.map { $0.label ?? "?" } : [".0"]
      #expect(fields == described.parameters.map { $0.label ?? ".\($0.position)" })
    }
  }

  @Test func nestedActionsLinkToTheirOwnDescription() {
    let board = Board.Action.actionDescription

    #expect(board.case(named: "tally")?.nested == Tally.Action.actionDescription)
    #expect(board.case(named: "row")?.nested == Tally.Action.actionDescription)
    #expect(board.case(named: "select")?.nested == nil)
    #expect(board.case(atPath: ["tally", "add"])?.fullName == "add(amount:)")
    #expect(board.case(atPath: ["row", "reset"])?.name == "reset")
    #expect(board.case(atPath: ["select", "none"]) == nil)
    #expect(board.case(atPath: ["tally", "subtract"]) == nil)
    #expect(board.case(atPath: []) == nil)
  }

  @Test func codingPathsLeadToTheEnumsTheyName() {
    let board = Board.Action.actionDescription

    #expect(board.description(atCodingPath: []) == board)
    #expect(board.description(atCodingPath: ["tally", "_0"])?.typeName == "Tally.Action")
    #expect(board.description(atCodingPath: ["row", "action"])?.typeName == "Tally.Action")
    #expect(board.description(atCodingPath: ["row", "id"]) == nil)
    #expect(board.description(atCodingPath: ["tally"]) == nil)
    #expect(board.case(atCodingPath: ["tally", "_0", "note"])?.codingKeys == ["_0", "times"])
    #expect(board.case(atCodingPath: ["select"])?.signature == "select(_: Int?)")
    #expect(board.case(atCodingPath: ["setMode"])?.parameters.first?.valueType == Board.Mode.self)
  }

  @Test func casePathsBecomeActionTextWithLabelsAndNoValues() {
    let board = Board.Action.actionDescription

    #expect(board.text(forCasePath: ["tally", "add"]) == ".tally(.add(amount:))")
    #expect(board.text(forCasePath: ["tally", "reset"]) == ".tally(.reset)")
    #expect(board.text(forCasePath: ["select"]) == ".select(_:)")
    #expect(board.text(forCasePath: ["row", "reset"]) == nil)  // `id:` needs a value
    #expect(board.text(forCasePath: ["tally", "nope"]) == nil)
    #expect(board.text(forCasePath: []) == nil)
    #expect(Script.actionDescription.text(forCasePath: ["twice", "twice", "step", "note"]) == ".twice(.twice(.step(.note(_:times:))))")
  }

  @Test func allCasePathsWalkNestedEnumsAndEndOnRecursion() {
    #expect(Board.Action.actionDescription.allCasePaths == [
      ["tally"], ["tally", "add"], ["tally", "note"], ["tally", "reset"], ["tally", "move"],
      ["row"], ["row", "add"], ["row", "note"], ["row", "reset"], ["row", "move"],
      ["select"], ["setMode"],
    ])
    let script = Script.actionDescription.allCasePaths
    #expect(script.count < 30)
    #expect(script.contains(["twice", "step", "reset"]))
  }

  @Test func aGenericPayloadLinksToWhateverItIsAtRunTime() {
    #expect(Wrapped<Tally.Action>.actionDescription.case(named: "child")?.nested?.typeName == "Tally.Action")
    #expect(Wrapped<Int>.actionDescription.case(named: "child")?.nested == nil)
    #expect(Wrapped<Int>.actionDescription.case(named: "child")?.parameters.first?.typeName == "Child")
  }

  @Test func typesWithoutTheMacroAreNotScriptable() {
    #expect((Plain.self as Any.Type as? any ScriptableAction.Type) == nil)
    #expect((Tally.Action.self as Any.Type as? any ScriptableAction.Type) != nil)
  }
}
