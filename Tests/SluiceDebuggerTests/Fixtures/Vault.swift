import Sluice
import SluiceDebugger
import SluiceMacroSupport

/// A feature with secrets by both routes: `pin` and `card.number` are `@Secret` (the card is
/// `@Inspectable`, so its diff goes through the generated field list), and `user.token` is
/// registered with `redacting:`. Its reducer makes the secrets itself, so no action's text
/// holds one.
struct Vault: Reducer {
  struct User: Codable, Equatable, Sendable {
    var name = "ada"
    var token = ""
  }

  @Inspectable
  struct Card: Codable, Equatable, Sendable {
    var holder = "ada"
    @Secret var number = ""
  }

  struct State: Codable, Equatable, Sendable {
    var user = User()
    @Secret var pin = ""
    var card = Card()
    var sessions: [User] = []
  }

  enum Action: Codable, Equatable, Sendable {
    case login
    case rotate
    case setPin
    case setCard
    case rename(String)
  }

  /// Every secret the reducer writes; no output may contain one.
  static let secrets = ["s3cr3t-token-123", "s3cr3t-token-456", "pin-s3cr3t-789", "card-s3cr3t-4242"]

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .login:
      state.user.name = "ada lovelace"
      state.user.token = Self.secrets[0]
      state.sessions.append(state.user)
    case .rotate:
      state.user.token = Self.secrets[1]
    case .setPin:
      state.pin = Self.secrets[2]
    case .setCard:
      state.card.number = Self.secrets[3]
    case .rename(let name):
      state.user.name = name
    }
    return .none
  }
}

/// `Vault` registered with its token path secret.
let vaultRegistry = FeatureRegistry([
  Feature("vault", summary: "Secrets", initialState: Vault.State(), redacting: ["user.token", "sessions[0].token"]) {
    _ in Vault()
  }
])

extension String {
  /// Whether this text contains none of the vault's secrets.
  var holdsNoSecret: Bool { !Vault.secrets.contains { contains($0) } && !contains("s3cr3t") }
}
