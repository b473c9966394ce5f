import ExampleFeatures
import Foundation
import Hummingbird
import Sluice
import SluiceAgent

/// A long-running HTTP service with its stores attachable: `sluice attach` lists it, and
/// `sluice attach PID` debugs its stores while it answers requests.
///
/// `POST /counter/increment` and `/counter/decrement` move the counter; `POST /checkout/add`
/// puts an apple in the cart and `POST /checkout` checks it out through three middleware
/// (validation, analytics, a payment that takes 100 ms); `POST /tally/increment` and
/// `/tally/decrement` move a counter the service keeps on an actor of its own; `POST /pingpong/ping`
/// starts the ping-pong loop (a deliberate cycle, which the store's cycle detector warns of)
/// and `/pingpong/stop` ends it; `GET /counter`, `/checkout`, `/tally` and `/pingpong` answer the state. The flight
/// recorder writes on a cycle warning, on `SIGUSR1` and on `POST /recordings`; `GET
/// /recordings` lists what it wrote. It listens on 127.0.0.1, on the port `PORT` names (else
/// one the system picks), prints `ready pid PID socket PATH http PORT` once it listens (`socket
/// -` when the agent could not start: the service runs on without it), and stops on SIGTERM or
/// SIGINT. With `SLUICE_AGENT_TOKEN_FILE` set, the agent also listens on TCP on loopback for
/// clients that prove they hold that file's token.
@main
struct AttachExample {
  static func main() async {
    do {
      try await run()
    } catch {
      FileHandle.standardError.write(Data("error: \(error)\n".utf8))
      exit(2)
    }
  }

  static func run() async throws {
    let shop = try await Shop.start()
    let router = Router()
    router.post("counter/increment") { _, _ in await shop.send(.increment) }
    router.post("counter/decrement") { _, _ in await shop.send(.decrement) }
    router.get("counter") { _, _ in await shop.count }
    router.post("tally/increment") { _, _ in await shop.tally.send(.increment) }
    router.post("tally/decrement") { _, _ in await shop.tally.send(.decrement) }
    router.get("tally") { _, _ in await shop.tally.count }
    router.post("checkout/add") { _, _ in
      await shop.send(.addItem(CartItem(id: "apple", name: "Apple", priceInCents: 120)))
    }
    router.post("checkout") { _, _ in await shop.send(.checkout) }
    router.get("checkout") { _, _ in await shop.cart }
    router.post("pingpong/ping") { _, _ in await shop.send(.ping) }
    router.post("pingpong/stop") { _, _ in await shop.send(.stop) }
    router.get("pingpong") { _, _ in await shop.pings }
    router.post("recordings") { _, _ in try await shop.writeRecordings() }
    router.get("recordings") { _, _ in await shop.recordings }
    let port = ProcessInfo.processInfo.environment["PORT"].flatMap(Int.init) ?? 0
    let app = Application(
      router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)),
      onServerRunning: { channel in
        await shop.announce(httpPort: channel.localAddress?.port ?? port)
      })
    try await app.runService()
    await shop.stop()
  }
}

/// The service's stores and its agent, on the main actor where the stores live; request
/// handlers reach them through it.
@MainActor
final class Shop {
  let counter: Store<Counter.State, Counter.Action>
  let checkout: Store<Checkout.State, Checkout.Action>
  let pingPong: Store<PingPong.State, PingPong.Action>
  /// A counter on an actor of its own, as a server's stores often are.
  let tally: TallyService
  /// Nil when the agent could not start: the service runs on without a debugger.
  let agent: SluiceAgent?

  private init(
    counter: Store<Counter.State, Counter.Action>, checkout: Store<Checkout.State, Checkout.Action>,
    pingPong: Store<PingPong.State, PingPong.Action>, tally: TallyService, agent: SluiceAgent?
  ) {
    self.counter = counter
    self.checkout = checkout
    self.pingPong = pingPong
    self.tally = tally
    self.agent = agent
  }

  static func start() async throws -> Shop {
    let counter = Store(initialState: Counter.State(), reducer: Counter())
    let checkout = Store(
      initialState: Checkout.State(), reducer: Checkout(),
      middleware: Checkout.middleware(
        gateway: InMemoryPaymentGateway(latency: .milliseconds(100)), analytics: AnalyticsRecorder()))
    let pingPong = Store(
      initialState: PingPong.State(), reducer: PingPong(interval: .milliseconds(20)), cycleDetection: .default)

    let recordings = FileManager.default.temporaryDirectory.path
    var configuration = AgentConfiguration()
    // TCP too, on loopback, when given a token file: for a debugger in a container.
    if let tokenFile = ProcessInfo.processInfo.environment["SLUICE_AGENT_TOKEN_FILE"] {
      configuration.tcp = AgentConfiguration.TCP(tokenFile: tokenFile)
    }
    let agent: SluiceAgent?
    do {
      agent = try await SluiceAgent.start(
        configuration, flightRecorder: FlightRecorder(keepingLast: 200, in: recordings, signal: SIGUSR1))
    } catch {
      // A debugger is no reason to stop serving: say why, and go on without the agent.
      FileHandle.standardError.write(Data("sluice agent not started: \(error)\n".utf8))
      agent = nil
    }
    // `feature:` names the registration each store's reducer has in the debugger
    // (ExampleRegistry's), which the recordings and saves carry.
    try agent?.attach(counter, as: "counter", feature: "counter", summary: "the program's counter")
    try agent?.attach(checkout, as: "checkout", feature: "checkout", summary: "a cart checked out by three middleware")
    try agent?.attach(pingPong, as: "pingpong", feature: "pingpong", summary: "a loop the program starts with `ping`")
    // A store on an actor of its own is attached there.
    let tally = TallyService()
    if let agent { try await tally.offer(to: agent) }

    return Shop(counter: counter, checkout: checkout, pingPong: pingPong, tally: tally, agent: agent)
  }

  /// Says where the service and its agent listen, once both do.
  func announce(httpPort: Int) {
    let tcp = agent?.tcpPort.map { " tcp \($0)" } ?? ""
    FileHandle.standardOutput.write(
      Data("ready pid \(getpid()) socket \(agent?.socketPath ?? "-") http \(httpPort)\(tcp)\n".utf8))
  }

  func send(_ action: Counter.Action) -> String {
    counter.send(action)
    return count
  }

  func send(_ action: Checkout.Action) -> String {
    checkout.send(action)
    return cart
  }

  func send(_ action: PingPong.Action) -> String {
    pingPong.send(action)
    return pings
  }

  var count: String { "count \(counter.state.count)" }
  var pings: String { "pings \(pingPong.state.pings)" }
  var cart: String { "items \(checkout.state.itemCount) status \(checkout.state.status)" }
  var recordings: String { (["recordings"] + (agent?.flightRecordings ?? [])).joined(separator: " ") }

  func writeRecordings() throws -> String {
    try agent?.writeFlightRecordings()
    return recordings
  }

  func stop() async {
    await agent?.stop()
  }
}

/// A counter the service keeps on an actor of its own, as a server's stores often are: the
/// agent attaches it there, and a client debugs it as it does the others.
actor TallyService {
  private lazy var store = Store(initialState: Counter.State(), reducer: Counter(), isolation: self)

  func send(_ action: Counter.Action) -> String {
    store.send(action)
    return count
  }

  var count: String { "tally \(store.state.count)" }

  func offer(to agent: SluiceAgent) async throws {
    try await agent.attach(store, as: "tally", feature: "counter", summary: "a counter on an actor of its own", on: self)
  }
}
