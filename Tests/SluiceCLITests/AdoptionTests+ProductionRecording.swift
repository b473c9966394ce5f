import Foundation
import Testing

/// One world, end to end, as a server developer meets it: a package with an "orders" service
/// (Hummingbird) whose reducer reads `uuid`, `date.now`, a random number and an inventory
/// client, and whose middleware sleeps on the clock. The service records what its reducer
/// reads (`recordingDependencies()`), is driven over HTTP with the agent attached, and writes
/// a flight recording on SIGUSR1; the command it prints loads the recording in the debugger
/// `sluice-init` wrote, with no divergence and the states the service reported; the test
/// exported from it passes `swift test` unchanged.
extension AdoptionTests {
  @Test func aServicesFlightRecordingReplaysInTheUsersDebuggerAndAsATest() async throws {
    let package = try OrdersPackage()
    let initTool = try #require(SluiceProcess.builtProduct("sluice-init"), "sluice-init was not built beside the tests")
    let written = try await Subprocess.run(initTool.path, ["--package-path", package.folder.path])
    try #require(written.status == 0, "\(written.output)")
    let registry = try String(
      contentsOf: package.folder.appendingPathComponent("Sources/OrdersDebuggerRegistry/Features.swift"),
      encoding: .utf8)
    // The registration states the values the feature runs on, the client's included.
    #expect(registry.contains("values.inventory = .liveValue"), "\(registry)")

    let debugger = try await package.build("orders-debugger")
    let serviceBinary = try await package.build("orders-service")

    let service = try OrdersServiceProcess(binary: serviceBinary, debugger: debugger)
    let first = try service.request("POST", "/orders/apple")
    let second = try service.request("POST", "/orders/pear")
    _ = try service.request("POST", "/shipments/\(first)")
    // The middleware confirms a shipment after sleeping on the clock.
    let reported = try service.waitForState { $0.contains(#""confirmations":1"#) }
    #expect(reported.contains(first) && reported.contains(second), "\(reported)")

    let (recording, command) = try service.writeRecordingOnSignal()
    #expect(recording.hasSuffix(".sluice-session"), "\(recording)")
    #expect(URL(fileURLWithPath: recording).lastPathComponent.hasPrefix("orders-service-orders-signal-"), "\(recording)")
    service.quit()

    // The command the service printed, as printed.
    let resaved = package.folder.appendingPathComponent("resaved.sluice-session").path
    let loaded = try await Subprocess.run("/bin/sh", ["-c", command], input: "log\nsave \(resaved)\n")
    #expect(loaded.status == 0, "\(command)\n\(loaded.output)")
    #expect(!loaded.output.contains("diverge"), "\(loaded.output)")
    let replayedState = try Self.finalState(inSessionFile: resaved)
    let recordedState = try Self.finalState(inSessionFile: recording)
    let serviceState = try JSONSerialization.jsonObject(with: Data(reported.utf8)) as? NSDictionary
    #expect(replayedState == serviceState, "replayed \(String(describing: replayedState)), service \(reported)")
    #expect(recordedState == serviceState, "recorded \(String(describing: recordedState)), service \(reported)")

    let exported = package.folder.appendingPathComponent("Tests/OrdersTests/OrdersSessionTests.swift")
    let export = try await Subprocess.run(debugger, ["export-test", recording, "-o", exported.path])
    try #require(export.status == 0, "\(export.output)")
    let source = try String(contentsOf: exported, encoding: .utf8)
    #expect(source.contains(first) && source.contains(second), "the test does not read the recorded ids:\n\(source)")

    let swiftTest = ["swift", "test", "--package-path", package.folder.path, "--scratch-path", package.scratch.path]
    let passing = try await Subprocess.run("/usr/bin/env", swiftTest)
    #expect(passing.status == 0, "the exported test failed:\n\(source)\n\(passing.output.suffix(4_000))")
    #expect(passing.output.contains("replaysTheSession()"), "\(passing.output.suffix(3_000))")
  }

  /// A session file's `finalState`, as JSON objects compare.
  static func finalState(inSessionFile path: String) throws -> NSDictionary? {
    let file = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
    return file?["finalState"] as? NSDictionary
  }
}

/// The "Orders" package: the feature, the service, and a test target for exported tests that
/// imports the registry `sluice-init` writes. Written anew beside `MyShop`, built in the same
/// scratch folder, so Sluice and its dependencies build once for both.
struct OrdersPackage {
  let folder: URL
  let scratch: URL

  init() throws {
    folder = try AdoptionCheck.newPackageFolder(
      "Orders", holding: ["Sources/Orders", "Sources/orders-service", "Tests/OrdersTests"])
    scratch = AdoptionCheck.scratch
    for (path, text) in [
      ("Package.swift", Self.manifest), ("Sources/Orders/OrderBook.swift", Self.feature),
      ("Sources/Orders/InventoryClient.swift", Self.client), ("Sources/orders-service/main.swift", Self.service),
    ] {
      try text.write(to: folder.appendingPathComponent(path), atomically: true, encoding: .utf8)
    }
  }

  /// Builds `product` and returns its binary.
  func build(_ product: String) async throws -> String {
    try await AdoptionCheck.build(product, inPackageAt: folder)
  }

  static let manifest = """
    // swift-tools-version: 6.0
    import PackageDescription

    let package = Package(
      name: "Orders",
      platforms: [.macOS(.v14)],
      dependencies: [
        .package(path: "../sluice"),
        .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
      ],
      targets: [
        .target(
          name: "Orders",
          dependencies: [
            .product(name: "Sluice", package: "sluice"), .product(name: "Dependencies", package: "swift-dependencies"),
          ]),
        .executableTarget(
          name: "orders-service",
          dependencies: [
            "Orders", .product(name: "SluiceAgent", package: "sluice"),
            .product(name: "SluiceDebuggerDependencies", package: "sluice"),
            .product(name: "Hummingbird", package: "hummingbird"),
          ]),
        .testTarget(
          name: "OrdersTests",
          dependencies: [
            "Orders", "OrdersDebuggerRegistry", .product(name: "SluiceTesting", package: "sluice"),
            .product(name: "SluiceDebuggerTesting", package: "sluice"),
          ]),
      ]
    )
    """

  /// A client whose live and test values differ, as a real one's do: a test that ran on its
  /// test value would reserve other shelves than the service did.
  static let client = """
    import Dependencies

    public struct InventoryClient: Sendable {
      /// The shelf an item is taken from.
      public var shelf: @Sendable (_ item: String) -> Int
    }

    extension InventoryClient: DependencyKey {
      public static let liveValue = InventoryClient(shelf: { item in 100 + item.count })
      public static let testValue = InventoryClient(shelf: { _ in 0 })
    }

    extension DependencyValues {
      public var inventory: InventoryClient {
        get { self[InventoryClient.self] }
        set { self[InventoryClient.self] = newValue }
      }
    }
    """

  static let feature = """
    import Dependencies
    import Foundation
    import Sluice

    public struct OrderBook: Reducer, Sendable {
      public struct Order: Codable, Equatable, Sendable {
        public var id: UUID
        public var item: String
        public var placedAt: Date
        public var discount: Int
        public var shelf: Int
        public var shipped = false
      }

      public struct State: Codable, Equatable, Sendable {
        public var orders: [Order] = []
        public var confirmations = 0
        public init() {}
      }

      public enum Action: Codable, Equatable, Sendable {
        case place(item: String)
        case ship(id: UUID)
        case confirmed(id: UUID)
      }

      @Dependency(\\.uuid) var uuid
      @Dependency(\\.date.now) var now
      @Dependency(\\.withRandomNumberGenerator) var withRandomNumberGenerator
      @Dependency(\\.inventory) var inventory

      public init() {}

      public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .place(let item):
          let discount = withRandomNumberGenerator { Int.random(in: 0...20, using: &$0) }
          state.orders.append(
            Order(id: uuid(), item: item, placedAt: now, discount: discount, shelf: inventory.shelf(item)))
        case .ship(let id):
          guard let index = state.orders.firstIndex(where: { $0.id == id }) else { break }
          state.orders[index].shipped = true
        case .confirmed:
          state.confirmations += 1
        }
        return .none
      }

      /// Confirms a shipment once the carrier had time to take it: a sleep on the clock.
      public static let middleware: [Middleware<State, Action>] = [
        Middleware(name: "carrier") { action, _ in
          guard case .ship(let id) = action else { return .none }
          return .run { send in
            @Dependency(\\.continuousClock) var clock
            try await clock.sleep(for: .milliseconds(50))
            await send(.confirmed(id: id))
          }
        }
      ]
    }
    """

  static let service = """
    import Foundation
    import Hummingbird
    import Orders
    import Sluice
    import SluiceAgent
    import SluiceDebuggerDependencies

    @main
    struct OrdersService {
      static func main() async throws {
        let service = try await Service.start()
        let router = Router()
        router.post("orders/:item") { _, context in await service.place(try context.parameters.require("item")) }
        router.post("shipments/:id") { _, context in await service.ship(try context.parameters.require("id")) }
        router.get("orders") { _, _ in await service.state }
        let app = Application(
          router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
          onServerRunning: { channel in await service.announce(httpPort: channel.localAddress?.port ?? 0) })
        try await app.runService()
      }
    }

    @MainActor
    final class Service {
      let store: Store<OrderBook.State, OrderBook.Action>
      let agent: SluiceAgent

      init(store: Store<OrderBook.State, OrderBook.Action>, agent: SluiceAgent) {
        self.store = store
        self.agent = agent
      }

      static func start() async throws -> Service {
        let environment = ProcessInfo.processInfo.environment
        let store = Store(
          initialState: OrderBook.State(), reducer: OrderBook().recordingDependencies(),
          middleware: OrderBook.middleware)
        let agent = try await SluiceAgent.start(
          flightRecorder: FlightRecorder(
            in: environment["RECORDINGS"] ?? "/tmp", signal: SIGUSR1,
            debugger: environment["ORDERS_DEBUGGER"] ?? "swift run orders-debugger"))
        try agent.attach(store, as: "orders", feature: "order-book")
        return Service(store: store, agent: agent)
      }

      func announce(httpPort: Int) {
        FileHandle.standardOutput.write(Data("ready http \\(httpPort)\\n".utf8))
      }

      func place(_ item: String) -> String {
        store.send(.place(item: item))
        return store.state.orders.last?.id.uuidString ?? ""
      }

      func ship(_ id: String) -> String {
        guard let id = UUID(uuidString: id) else { return "no such order" }
        store.send(.ship(id: id))
        return "shipping"
      }

      var state: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(store.state)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
      }
    }
    """
}

/// The built `orders-service`, running with its agent and recordings in a temporary folder;
/// stopped when the value goes away.
final class OrdersServiceProcess {
  let process = Process()
  let folder: ScriptFolder
  let httpPort: Int
  private let lines: LineReader

  init(binary: String, debugger: String) throws {
    folder = try ScriptFolder()
    process.executableURL = URL(fileURLWithPath: binary)
    var environment = ProcessInfo.processInfo.environment
    environment["TMPDIR"] = folder.url.path
    environment["XDG_RUNTIME_DIR"] = ""
    environment["RECORDINGS"] = folder.url.path
    environment["ORDERS_DEBUGGER"] = debugger
    process.environment = environment
    // One stream: the ready line, then what the agent says when it writes a recording.
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    lines = LineReader(output.fileHandleForReading)
    try process.run()
    var ready: String?
    while let line = lines.next() {
      if line.hasPrefix("ready http ") {
        ready = line
        break
      }
    }
    let port = try #require(ready.flatMap { Int($0.dropFirst("ready http ".count)) }, "the service did not start")
    httpPort = port
  }

  deinit {
    quit()
  }

  /// Makes a request and returns the body of its 200 answer.
  func request(_ method: String, _ path: String) throws -> String {
    try HTTPRequest.send(method, path, toPort: httpPort)
  }

  /// Asks for the state until `matches` holds, and returns it.
  func waitForState(_ matches: (String) -> Bool) throws -> String {
    // A guard that ends a hung test, never a limit a passing test comes near.
    let deadline = ContinuousClock.now + .seconds(300)
    while ContinuousClock.now < deadline {
      let state = try request("GET", "/orders")
      if matches(state) { return state }
      Thread.sleep(forTimeInterval: 0.05)
    }
    throw ExampleProgramError(message: "the state never matched")
  }

  /// Sends SIGUSR1 and returns the recording written and the command the service printed to
  /// open it.
  func writeRecordingOnSignal() throws -> (path: String, command: String) {
    kill(process.processIdentifier, SIGUSR1)
    while let line = lines.next() {
      guard let range = line.range(of: "open it with: ") else { continue }
      let command = String(line[range.upperBound...])
      let path = try #require(
        command.split(separator: " ").map(String.init).first { $0.hasSuffix(".sluice-session") }, "\(line)")
      return (path, command)
    }
    throw ExampleProgramError(message: "the service printed no recording")
  }

  func quit() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
  }
}
