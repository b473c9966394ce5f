import Foundation
import SluiceInit
import Testing

/// The world a registration `sluice-init` writes states once: a feature that reads
/// swift-dependencies is registered with `Feature(…, dependencies: { values in … }, …)`, one
/// line per client of the package it reads (`values.inventory = .liveValue`), so that the
/// debugger, the feature's tests and the tests `export test` writes run on the same values,
/// and its middleware runs on them too; a client with no `liveValue` it can name is written as
/// a comment saying so.
@Suite struct SluiceInitDependencyValuesTests {
  /// A module of clients: one that is its own key, one with a key type of its own, one whose
  /// key declares only a `testValue`, and one whose accessor is not public.
  static let inventory = """
    import Dependencies

    public struct InventoryClient: Sendable {
      public var count: @Sendable (String) -> Int
    }

    extension InventoryClient: DependencyKey {
      public static let liveValue = InventoryClient(count: { _ in 3 })
    }

    public struct Prices: Sendable { public init() {} }
    public enum PricesKey: DependencyKey {
      public static let liveValue = Prices()
    }

    public struct Ledger: Sendable {}
    public enum LedgerKey: TestDependencyKey {
      public static let testValue = Ledger()
    }

    extension DependencyValues {
      public var inventory: InventoryClient {
        get { self[InventoryClient.self] }
        set { self[InventoryClient.self] = newValue }
      }
      public var prices: Prices {
        get { self[PricesKey.self] }
        set { self[PricesKey.self] = newValue }
      }
      public var ledger: Ledger {
        get { self[LedgerKey.self] }
        set { self[LedgerKey.self] = newValue }
      }
      var hidden: Prices {
        get { self[PricesKey.self] }
        set { self[PricesKey.self] = newValue }
      }
    }
    """

  /// A feature that reads three of those clients, the uuid, and has middleware.
  static let orderBook = """
    import Dependencies
    import Inventory
    import Sluice

    /// The order book.
    public struct OrderBook: Reducer {
      public struct State: Codable, Equatable, Sendable { public init() {} }
      public enum Action: Codable, Sendable { case place }
      @Dependency(\\.inventory) var inventory
      @Dependency(\\.prices) var prices
      @Dependency(\\.ledger) var ledger
      @Dependency(\\.uuid) var uuid
      public init() {}
      public static let middleware: [Middleware<State, Action>] = []
      public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
    }
    """

  /// The registration `sluice-init` writes for the order book.
  static let orderBookRegistration = """
      Feature("order-book", summary: "The order book.", initialState: OrderBook.State(),  // sluice-init: feature order-book
        // The values it runs on in the debugger, in its tests and in the tests `export test` writes: one set,
        // so a session that passes here passes as a test. Write another value here (`.testValue`, a mock) to run on it.
        dependencies: { values in
          values.inventory = .liveValue
          values.prices = PricesKey.liveValue
          // values.ledger: LedgerKey declares no public liveValue (a TestDependencyKey?); set the value to run on here.
        },
        middleware: { _ in OrderBook.middleware },
        reducer: { _ in OrderBook() }),

    """

  static func plan() throws -> DebuggerTargetPlan {
    try SluiceInitTests.plan(sources: [("Shop", SluiceInitTests.shop), ("Inventory", inventory), ("Orders", orderBook)])
  }

  @Test func aFeatureThatReadsClientsStatesTheirValuesOnceAndItsMiddlewareRunsOnThem() throws {
    let plan = try Self.plan()
    #expect(plan.registryFile.contains(Self.orderBookRegistration), "\(plan.registryFile)")
    // Its clients' module is imported and depended on, as the lines name its types.
    #expect(plan.registryFile.contains("import Inventory\nimport Orders\nimport Shop\nimport SluiceDebugger\nimport SluiceDebuggerDependencies\n"), "\(plan.registryFile)")
    #expect(
      plan.manifest.contains(
        #".target(name: "MyShopDebuggerRegistry", dependencies: ["Inventory", "Orders", "Shop", .product(name: "SluiceDebugger", package: "sluice"), .product(name: "SluiceDebuggerDependencies", package: "sluice")]),"#),
      "\(plan.manifest)")
    // The client nobody reads, and the accessor another module cannot set, are not written.
    #expect(!plan.registryFile.contains("hidden"))
    // The whole file parses.
    #expect(!ManifestEditor(source: plan.registryFile, path: "Features.swift").hasErrors)
    // The cart reads no dependencies: its registration is as before.
    #expect(plan.registryFile.contains(#"initialState: Cart.State()) { _ in Cart() },  // sluice-init: feature cart"#))
  }

  @Test func aFeatureThatReadsNoClientOfThePackageSaysWhereOneGoes() throws {
    let plan = try SluiceInitTests.plan(sources: [("Lists", SluiceInitRegistrationTests.todos)])
    #expect(
      plan.registryFile.contains(
        """
          Feature("todos", summary: "Todos with ids and dates.", initialState: Todos.State(),  // sluice-init: feature todos
            // The values it runs on in the debugger, in its tests and in the tests `export test` writes: one set,
            // so a session that passes here passes as a test. Write another value here (`.testValue`, a mock) to run on it.
            dependencies: { values in
              // It reads no client this package declares; set one as `values.name = .liveValue`.
            },
            middleware: { _ in Todos.middleware },
            reducer: { _ in Todos() }),
        """), "\(plan.registryFile)")
    #expect(!plan.registryFile.contains("controlled(by:"))
  }

  /// A name the file could not write as it is (a backquoted keyword) is left out, not spelled.
  @Test func aClientWhoseNameIsNotAPlainIdentifierIsLeftOut() throws {
    let source = Self.inventory.replacingOccurrences(of: "public var prices: Prices", with: "public var `default`: Prices")
    let feature = Self.orderBook.replacingOccurrences(of: "@Dependency(\\.prices)", with: "@Dependency(\\.`default`)")
    let plan = try SluiceInitTests.plan(sources: [("Inventory", source), ("Orders", feature)])
    #expect(!plan.registryFile.contains("default"), "\(plan.registryFile)")
    #expect(plan.registryFile.contains("values.inventory = .liveValue"))
  }

  /// The live value declared in a module of its own (a client's "live" module, as
  /// swift-dependencies recommends): the registry imports and depends on that module too.
  @Test func aLiveValueInAModuleOfItsOwnIsImported() throws {
    let interface = Self.inventory.replacingOccurrences(
      of: "extension InventoryClient: DependencyKey {\n  public static let liveValue = InventoryClient(count: { _ in 3 })\n}",
      with: "extension InventoryClient: TestDependencyKey {\n  public static let testValue = InventoryClient(count: { _ in 0 })\n}")
    let live = """
      import Dependencies
      import Inventory

      extension InventoryClient: DependencyKey {
        public static let liveValue = InventoryClient(count: { _ in 3 })
      }
      """
    let plan = try SluiceInitTests.plan(sources: [("Inventory", interface), ("InventoryLive", live), ("Orders", Self.orderBook)])
    #expect(plan.registryFile.contains("    values.inventory = .liveValue\n"), "\(plan.registryFile)")
    #expect(plan.registryFile.contains("import Inventory\nimport InventoryLive\nimport Orders\n"), "\(plan.registryFile)")
    #expect(plan.manifest.contains(#"dependencies: ["Inventory", "InventoryLive", "Orders", "#), "\(plan.manifest)")
  }
}

