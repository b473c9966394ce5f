import Foundation
import Sluice
import SluiceTesting
import Testing

/// Issue 49: a failure's diff printed `UUID(00000000-…)` and `Date(1970-…)` without quotes,
/// and a property wrapper's storage as `_apiToken`; the lines now read as the debugger writes
/// values, so they paste into its shell.
@MainActor
@Suite struct PasteableDiffTests {
  @propertyWrapper
  struct Masked: Equatable, Sendable {
    var wrappedValue: String
  }

  struct Account: Equatable, Sendable {
    var id: UUID
    var joined: Date
    @Masked var apiToken: String
  }

  enum Action: Equatable, Sendable { case rotate(UUID) }

  @Test func aFailingStateDiffNamesValuesAsTheDebuggerDoes() async {
    let zero = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!
    let store = TestStore(
      initialState: Account(id: zero, joined: Date(timeIntervalSince1970: 0), apiToken: "a"),
      reducer: Reduce<Account, Action> { state, action in
        guard case .rotate(let id) = action else { return .none }
        state.id = id
        state.apiToken = "b"
        return .none
      })
    let next = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    await withKnownIssue {
      await store.send(.rotate(next)) { $0.id = next }
    } matching: { issue in
      let message = issue.comments.map(\.rawValue).joined()
      return message.contains(#"Action.rotate(UUID("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))"#)
        && message.contains(#"Date("1970-01-01T00:00:00.000Z")"#)
        && message.contains("apiToken: ") && !message.contains("_apiToken")
        && !message.contains("UUID(E621")
    }
  }

  @Test func onlyThoseSpellingsChange() {
    let dump = #"""
        Account(
      −   id: UUID(00000000-0000-0000-0000-000000000000),
      +   _token: Masked(wrappedValue: "UUID(not one)"),
          note: "_name: stays in a string"
        )
      """#
    #expect(
      PasteableDump.text(dump) == #"""
          Account(
        −   id: UUID("00000000-0000-0000-0000-000000000000"),
        +   token: Masked(wrappedValue: "UUID(not one)"),
            note: "_name: stays in a string"
          )
        """#)
  }
}
